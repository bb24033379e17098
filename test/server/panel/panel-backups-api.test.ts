import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/databases.ts';
import { panelAuditOf } from '../../helpers/panel-audit.ts';
import { panelFilesFixture } from './panel-files-fixture.ts';

/**
 * The backups' browser API on the local driver, against real files and a real child process, on
 * both dialects: make, restore, the plan's limit, lock, download, delete, and an audit entry for each.
 */

describe.each(dialects)('panel backups API on %s', (dialect) => {
  const fixture = panelFilesFixture(dialect);
  const { get, send, waitFor } = fixture;

  it('takes a backup, restores it after a change, keeps the plan limit, locks, downloads and deletes', async () => {
    const empty = (await get('/api/panel/backups')).json();
    expect(empty).toEqual({ backups: [], limit: 2, count: 0, restoring: false, restoreFailure: null });

    fs.writeFileSync(path.join(fixture.server.root, 'server.properties'), 'motd=Before the backup\n');
    const created = await send('POST', '/api/panel/backups', { name: 'Before the change' });
    expect(created.statusCode).toBe(201);
    const backup = created.json() as { id: string; state: string; name: string };
    expect(backup).toMatchObject({ name: 'Before the change', state: 'creating', locked: false });
    const ready = await waitFor(
      () => get('/api/panel/backups').then((r) => r.json()),
      (list) => list.backups[0]?.state === 'ready',
      'the backup',
    );
    expect(ready.backups[0].size).toBeGreaterThan(0);
    expect(ready.count).toBe(1);

    fs.writeFileSync(path.join(fixture.server.root, 'server.properties'), 'motd=Changed after\n');
    fs.writeFileSync(path.join(fixture.server.root, 'new-after-backup.txt'), 'gone after the restore\n');
    const [first, second] = await Promise.all([
      send('POST', `/api/panel/backups/${backup.id}/restore`),
      send('POST', `/api/panel/backups/${backup.id}/restore`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([202, 409]);
    expect([first, second].find((r) => r.statusCode === 409)!.json().error.code).toBe('restore_running');
    const restored = await waitFor(
      () => get('/api/panel/backups').then((r) => r.json()),
      (list) => list.restoring === false,
      'the restore',
    );
    expect(restored.restoreFailure, restored.restoreFailure).toBeNull();
    expect(fs.readFileSync(path.join(fixture.server.root, 'server.properties'), 'utf8')).toBe('motd=Before the backup\n');
    expect(fs.existsSync(path.join(fixture.server.root, 'new-after-backup.txt'))).toBe(false);
    // The link leading outside the folder was left out of the restore (and the console says so).
    expect(fs.existsSync(path.join(fixture.server.root, 'escape'))).toBe(false);
    expect((await get('/api/panel/console/log')).body).toContain(`Left out 1 link leading outside the server's folder: escape.`);

    // The plan allows 2: the third is refused with the limit in the message.
    expect((await send('POST', '/api/panel/backups', { name: 'Second' })).statusCode).toBe(201);
    await waitFor(
      () => get('/api/panel/backups').then((r) => r.json()),
      (list) => list.backups.every((b: { state: string }) => b.state === 'ready'),
      'the second backup',
    );
    const third = await send('POST', '/api/panel/backups', { name: 'Third' });
    expect(third.statusCode).toBe(400);
    expect(third.json().error).toEqual({
      code: 'backup_limit',
      message: 'This server has reached its limit of 2 backups. Delete one to make room for a new one.',
    });
    const badName = await send('POST', '/api/panel/backups', { name: 'x'.repeat(192) });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error.fields).toHaveProperty('name');

    const locked = await send('POST', `/api/panel/backups/${backup.id}/lock`, { locked: true });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ id: backup.id, locked: true });
    const refusedDelete = await send('DELETE', `/api/panel/backups/${backup.id}`);
    expect(refusedDelete.statusCode).toBe(400);
    expect(refusedDelete.json().error.code).toBe('backup_locked');

    const archive = await get(`/api/panel/backups/${backup.id}/download`);
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-disposition']).toMatch(/^attachment; filename=files-mc-Before-the-change-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    expect(Number(archive.headers['content-length'])).toBe(archive.rawPayload.length);
    expect([...archive.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    expect((await send('POST', `/api/panel/backups/${backup.id}/lock`, { locked: false })).json().locked).toBe(false);
    expect((await send('DELETE', `/api/panel/backups/${backup.id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/panel/backups/${backup.id}`)).statusCode).toBe(404);
    expect((await get('/api/panel/backups/not-a-backup/download')).statusCode).toBe(404);

    const actions = (await panelAuditOf(fixture.app, fixture.server.id))
      .filter((e) => e.action.startsWith('panel.backup.'))
      .map((e) => [e.action, e.outcome, e.detail?.error ?? null]);
    expect(actions).toEqual([
      ['panel.backup.create', 'ok', null],
      expect.arrayContaining(['panel.backup.restore']),
      expect.arrayContaining(['panel.backup.restore']),
      ['panel.backup.create', 'ok', null],
      ['panel.backup.create', 'refused', 'backup_limit'],
      ['panel.backup.lock', 'ok', null],
      ['panel.backup.delete', 'refused', 'backup_locked'],
      ['panel.backup.download', 'ok', null],
      ['panel.backup.unlock', 'ok', null],
      ['panel.backup.delete', 'ok', null],
      ['panel.backup.delete', 'refused', 'backup_not_found'],
      ['panel.backup.download', 'refused', 'backup_not_found'],
    ]);
    const created1 = (await panelAuditOf(fixture.app, fixture.server.id)).find((e) => e.action === 'panel.backup.create');
    expect(created1?.detail).toEqual({ driver: 'local', name: 'Before the change', backup: backup.id });
  });
});
