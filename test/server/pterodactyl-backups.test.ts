import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameServerDriver } from '../../server/panel/driver.ts';
import { createPterodactylDriver } from '../../server/panel/pterodactyl/pterodactyl-driver.ts';
import { fakeServer, startFakePterodactyl, type FakePterodactyl, type FakePterodactylOptions } from '../fakes/fake-pterodactyl.ts';
import { failure } from '../helpers/http-failure.ts';
import { waitFor } from '../helpers/until.ts';

/** Backups through the Pterodactyl / Pelican driver, against the fake panel and Wings. */

let panel: FakePterodactyl;
let driver: GameServerDriver;
let owner: { serverId: string; key: string };

async function start(options: FakePterodactylOptions = {}, seed: Partial<typeof fakeServer> & { backupLimit?: number } = {}) {
  panel = await startFakePterodactyl({ servers: [{ ...fakeServer, files: { 'server.properties': 'motd=Original\n' }, ...seed }], ...options });
  driver = createPterodactylDriver({ panelUrl: panel.url, maxRetryWaitSeconds: 0 });
  owner = { serverId: panel.serverId, key: panel.keys.client };
}

afterEach(async () => {
  await driver.close();
  await panel.close();
});

function until(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  return waitFor(check, 'the condition', { timeoutMs, everyMs: 10 });
}

describe('backups through the panel', () => {
  it('creates a backup that completes later, lists it with the plan`s limit, and downloads it through the signed link', async () => {
    await start();
    const created = await driver.createBackup(owner, 'Before the update');
    expect(created).toMatchObject({ name: 'Before the update', state: 'creating', completedAt: null, checksum: null, size: 0, locked: false, failure: null });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(panel.requests.find((r) => r.method === 'POST')!.body)).toEqual({ name: 'Before the update' });
    await until(async () => (await driver.listBackups(owner)).backups[0]?.state === 'ready');
    const list = await driver.listBackups(owner);
    expect(list).toMatchObject({ limit: 2, count: 1, restoring: false, restoreFailure: null });
    expect(list.backups[0]!.checksum).toMatch(/^sha1:[0-9a-f]{40}$/);
    expect(list.backups[0]!.size).toBeGreaterThan(0);

    const download = await driver.downloadBackup(owner, created.id);
    const bytes = await buffer(download.stream);
    expect(download.size).toBe(bytes.length);
    expect(download.name).toBe(`${created.id}.tar.gz`);
    expect(gunzipSync(bytes).toString()).toContain('/server.properties');
    expect(panel.requests.some((r) => r.path.endsWith(`/backups/${created.id}/download`))).toBe(true);
  });

  it("enforces the plan's limit with the panel's message, and the panel's throttle with its own", async () => {
    await start({ panel: { backupThrottle: { limit: 0, periodSeconds: 600 } } }, { backupLimit: 1 });
    await driver.createBackup(owner, '');
    const full = await failure(driver.createBackup(owner, 'second'));
    expect([full.statusCode, full.code, full.message]).toEqual([
      400,
      'backup_limit',
      'Cannot create a new backup, this server has reached its limit of 1 backups. Delete one to make room for a new one.',
    ]);
    // A failed backup does not count against the limit.
    await driver.close();
    await panel.close();
    await start({}, { backupLimit: 5 });
    panel.setState(panel.serverId, { nextBackupFails: true });
    const failed = await driver.createBackup(owner, 'will fail');
    await until(async () => (await driver.listBackups(owner)).backups[0]?.state === 'failed');
    expect((await driver.listBackups(owner)).count).toBe(0);
    expect((await failure(driver.downloadBackup(owner, failed.id))).statusCode).toBe(409);
    await driver.createBackup(owner, 'two');
    const throttled = await failure(driver.createBackup(owner, 'three'));
    expect([throttled.statusCode, throttled.code]).toEqual([429, 'backup_throttled']);
    expect(throttled.message).toMatch(/^Only 2 backups may be generated within a 600 second span of time\. Try again in \d+ seconds\.$/);
    expect(Number(throttled.headers?.['Retry-After'])).toBeGreaterThan(500);
  });

  it('locks and unlocks (the panel only toggles), refuses to delete a locked backup, deletes an unlocked one', async () => {
    await start();
    const { id } = await driver.createBackup(owner, 'keep');
    await until(async () => (await driver.listBackups(owner)).backups[0]?.state === 'ready');
    expect(await driver.setBackupLocked(owner, id, true)).toMatchObject({ id, locked: true });
    // Asking for the state it has already changes nothing.
    expect(await driver.setBackupLocked(owner, id, true)).toMatchObject({ locked: true });
    expect(panel.requests.filter((r) => r.path.endsWith('/lock'))).toHaveLength(1);
    const locked = await failure(driver.deleteBackup(owner, id));
    expect([locked.statusCode, locked.code, locked.message]).toEqual([400, 'backup_locked', 'This backup is locked: unlock it before deleting it.']);
    await driver.setBackupLocked(owner, id, false);
    await driver.deleteBackup(owner, id);
    expect((await driver.listBackups(owner)).backups).toEqual([]);
    const gone = await failure(driver.deleteBackup(owner, id));
    expect([gone.statusCode, gone.code]).toEqual([404, 'backup_not_found']);
    // An id that is not a UUID never reaches the panel.
    const before = panel.requests.length;
    expect((await failure(driver.restoreBackup(owner, '../../files/delete'))).statusCode).toBe(404);
    expect(panel.requests.length).toBe(before);
  });

  it('restores: the server stops, the panel says restoring (409 to a second restore), then the files are as they were', async () => {
    await start({ restoreMs: 300 });
    const { id } = await driver.createBackup(owner, 'good state');
    await until(async () => (await driver.listBackups(owner)).backups[0]?.state === 'ready');
    panel.server(panel.serverId).files.write('/server.properties', Buffer.from('motd=Broken\n'));
    panel.server(panel.serverId).files.write('/added-later.txt', Buffer.from('x'));
    panel.setState(panel.serverId, { state: 'running' });

    await driver.restoreBackup(owner, id);
    expect(panel.server(panel.serverId).restores).toEqual([{ uuid: id, truncate: true }]);
    expect((await driver.getServer(owner)).status).toBe('restoring_backup');
    expect((await driver.getServer(owner)).state).toBe('offline');
    expect(await driver.listBackups(owner)).toMatchObject({ restoring: true, backups: [] });
    const again = await failure(driver.restoreBackup(owner, id));
    expect([again.statusCode, again.code]).toEqual([409, 'server_restoring']);
    expect((await failure(driver.listFiles(owner, ''))).statusCode).toBe(409);

    await until(async () => (await driver.getServer(owner)).status === null);
    expect(panel.server(panel.serverId).files.read('/server.properties')).toBe('motd=Original\n');
    expect(panel.server(panel.serverId).files.read('/added-later.txt')).toBeUndefined();
    expect((await driver.listBackups(owner)).restoring).toBe(false);
  });

  it('names the missing permission when the key may only read backups', async () => {
    await start();
    const { id } = await driver.createBackup(owner, 'owner made it');
    await until(async () => (await driver.listBackups(owner)).backups[0]?.state === 'ready');
    const subuser = { serverId: panel.serverId, key: panel.keys.readOnly };
    expect((await driver.listBackups(subuser)).backups).toHaveLength(1);
    const refusals: Array<[() => Promise<unknown>, string, string]> = [
      [() => driver.createBackup(subuser, 'x'), 'create backups', 'backup.create'],
      [() => driver.downloadBackup(subuser, id), 'download backups', 'backup.download'],
      [() => driver.restoreBackup(subuser, id), 'restore backups', 'backup.restore'],
      [() => driver.setBackupLocked(subuser, id, true), 'lock or unlock backups', 'backup.delete'],
      [() => driver.deleteBackup(subuser, id), 'delete backups', 'backup.delete'],
    ];
    for (const [call, action, permission] of refusals) {
      const error = await failure(call());
      expect([error.statusCode, error.code, error.message]).toEqual([
        403,
        'permission_denied',
        `Your access key may not ${action} on this server: the panel has not given it the ${permission} permission. Ask the server's owner for it.`,
      ]);
    }
    expect(panel.server(panel.serverId).backups).toHaveLength(1);
    expect(panel.server(panel.serverId).restores).toEqual([]);
  });
});
