import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { fakeServer, startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { escapingPaths } from '../helpers/escaping-paths.ts';
import { panelAuditOf } from '../helpers/panel-audit.ts';
import { testConfig } from '../helpers/test-config.ts';
import { until } from '../helpers/until.ts';

/**
 * Files and backups through the browser API with PANEL_DRIVER=pterodactyl, on both dialects:
 * what the panel allows a key reaches the customer, what it refuses comes back as a clear
 * message (and the permissions route lets the page hide it), uploads and downloads go through
 * Wings' signed links on our server, and an escaping path never reaches the panel.
 */

const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xfe]);

describe.each(dialects)('files and backups over the Pterodactyl driver on %s', (dialect) => {
  let database: TestDatabase;
  let panel: FakePterodactyl;
  let app: FastifyInstance;
  let ip = 0;
  const nextIp = () => `10.8.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    panel = await startFakePterodactyl({
      wings: { statsIntervalMs: 0 },
      servers: [{ ...fakeServer, files: { 'server.properties': 'motd=Fake\nmax-players=20\n', 'world/level.dat': binary } }],
    });
    app = await buildApp(testConfig(database.url, { PANEL_DRIVER: 'pterodactyl', PANEL_URL: panel.url }));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await panel.close();
    await database.drop();
  });

  async function connect(key: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/panel/session', payload: { serverId: panel.serverId, key }, remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    return `hf_panel=${response.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  }

  const get = (cookie: string, url: string) => app.inject({ url, headers: { cookie } });
  const send = (cookie: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: payload ? { cookie, 'content-type': 'application/json' } : { cookie } });
  const upload = (cookie: string, filePath: string, bytes: Buffer) =>
    app.inject({
      method: 'POST',
      url: `/api/panel/files/upload?path=${encodeURIComponent(filePath)}`,
      payload: bytes,
      headers: { cookie, 'content-type': 'application/octet-stream' },
    });

  it('edits, uploads through Wings, downloads, renames, makes folders and deletes with the owner`s key', async () => {
    const cookie = await connect(panel.keys.client);
    const list = await get(cookie, '/api/panel/files?path=');
    expect(list.json().entries.map((e: { name: string; type: string; editable: boolean }) => [e.name, e.type, e.editable])).toEqual([
      ['world', 'directory', false],
      ['server.properties', 'file', true],
    ]);
    expect((await get(cookie, '/api/panel/files/content?path=server.properties')).json().content).toBe('motd=Fake\nmax-players=20\n');
    expect((await send(cookie, 'PUT', '/api/panel/files/content?path=server.properties', { content: 'motd=Edited\n' })).statusCode).toBe(204);
    expect(panel.server(panel.serverId).files.read('/server.properties')).toBe('motd=Edited\n');

    const bytes = Buffer.concat([binary, Buffer.alloc(200_000, 3)]);
    expect((await upload(cookie, 'plugins/fixture.jar', bytes)).statusCode).toBe(204);
    const download = await get(cookie, '/api/panel/files/download?path=plugins/fixture.jar');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename=fixture.jar');
    expect(download.rawPayload.equals(bytes)).toBe(true);
    // Our server fetched the signed links; the browser saw no Wings address and no key.
    expect(download.body).not.toContain(panel.keys.client);
    expect(JSON.stringify(download.headers)).not.toContain(panel.wingsUrl);

    expect((await send(cookie, 'POST', '/api/panel/files/folder', { path: 'config' })).statusCode).toBe(204);
    expect((await send(cookie, 'POST', '/api/panel/files/rename', { from: 'plugins/fixture.jar', to: 'config/fixture.jar' })).statusCode).toBe(204);
    expect((await send(cookie, 'DELETE', '/api/panel/files?path=config')).statusCode).toBe(204);
    expect((await get(cookie, '/api/panel/files?path=config')).statusCode).toBe(404);
    expect((await get(cookie, '/api/panel/files/content?path=world/level.dat')).statusCode).toBe(422);

    const actions = (await panelAuditOf(app, panel.serverId)).map((e) => [e.action, e.outcome, e.detail?.driver]);
    for (const action of ['panel.file.write', 'panel.file.upload', 'panel.file.download', 'panel.file.folder', 'panel.file.rename', 'panel.file.delete']) {
      expect(actions).toContainEqual([action, 'ok', 'pterodactyl']);
    }
  });

  it('tells a key without file or backup permissions what it may not do, and says so in /permissions', async () => {
    const cookie = await connect(panel.keys.readOnly);
    expect((await get(cookie, '/api/panel/permissions')).json()).toEqual({
      files: { list: true, read: false, write: false, rename: false, delete: false },
      backups: { list: true, create: false, download: false, restore: false, delete: false },
      schedules: { list: false, create: false, update: false, delete: false },
    });
    expect((await get(cookie, '/api/panel/files?path=')).statusCode).toBe(200);
    const refusals = [
      [await get(cookie, '/api/panel/files/content?path=server.properties'), 'file.read-content'],
      [await send(cookie, 'PUT', '/api/panel/files/content?path=server.properties', { content: 'x' }), 'file.create'],
      [await upload(cookie, 'x.bin', binary), 'file.create'],
      [await send(cookie, 'POST', '/api/panel/files/rename', { from: 'server.properties', to: 'renamed' }), 'file.update'],
      [await send(cookie, 'DELETE', '/api/panel/files?path=server.properties'), 'file.delete'],
      [await send(cookie, 'POST', '/api/panel/backups', { name: 'Not allowed' }), 'backup.create'],
    ] as const;
    for (const [response, permission] of refusals) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error).toEqual({
        code: 'permission_denied',
        message: expect.stringMatching(
          new RegExp(
            `^Your access key may not .+ on this server: the panel has not given it the ${permission.replace('.', '\\.')} permission\\. Ask the server's owner for it\\.$`,
          ),
        ),
      });
    }
    expect(panel.server(panel.serverId).files.read('/renamed')).toBeUndefined();
    expect(panel.server(panel.serverId).files.read('/server.properties')).toBeDefined();
    const refused = (await panelAuditOf(app, panel.serverId)).filter((e) => e.outcome === 'refused' && e.detail?.error === 'permission_denied');
    expect(refused.map((e) => e.action).sort()).toEqual([
      'panel.backup.create',
      'panel.file.delete',
      'panel.file.rename',
      'panel.file.upload',
      'panel.file.write',
    ]);
  });

  it('never sends an escaping path to the panel: 400 with the field, and no request', async () => {
    const cookie = await connect(panel.keys.client);
    const before = panel.requests.length;
    for (const [bad] of escapingPaths) {
      const q = encodeURIComponent(bad);
      for (const response of [
        await get(cookie, `/api/panel/files?path=${q}`),
        await get(cookie, `/api/panel/files/content?path=${q}`),
        await send(cookie, 'PUT', `/api/panel/files/content?path=${q}`, { content: 'x' }),
        await upload(cookie, bad, binary),
        await get(cookie, `/api/panel/files/download?path=${q}`),
        await send(cookie, 'POST', '/api/panel/files/folder', { path: bad }),
        await send(cookie, 'DELETE', `/api/panel/files?path=${q}`),
        await send(cookie, 'POST', '/api/panel/files/rename', { from: bad, to: 'x' }),
      ]) {
        expect(response.statusCode, `${JSON.stringify(bad)}: ${response.body}`).toBe(400);
        expect(response.json().error.code).toBe('invalid_path');
        expect(Object.keys(response.json().error.fields)).toHaveLength(1);
      }
    }
    expect(panel.requests.slice(before)).toEqual([]);
  });

  it('takes a backup, restores it, locks and deletes it through the panel, with the plan`s limit', async () => {
    const cookie = await connect(panel.keys.client);
    const created = await send(cookie, 'POST', '/api/panel/backups', { name: 'Nightly' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const list = await until(
      async () => (await get(cookie, '/api/panel/backups')).json(),
      (l) => l.backups[0]?.state === 'ready',
      'the backup ready',
      { everyMs: 20 },
    );
    expect(list).toMatchObject({ limit: 2, count: 1, restoring: false, backups: [{ id, name: 'Nightly', state: 'ready' }] });
    const archive = await get(cookie, `/api/panel/backups/${id}/download`);
    expect(archive.statusCode).toBe(200);
    expect([...archive.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    expect((await send(cookie, 'POST', `/api/panel/backups/${id}/restore`)).statusCode).toBe(202);
    // While Wings restores, the panel answers 409 to everything but the server: the list says restoring.
    expect((await get(cookie, '/api/panel/backups')).json().restoring).toBe(true);
    await until(
      async () => (await get(cookie, '/api/panel/backups')).json(),
      (l) => !l.restoring,
      'the restore to end',
      { everyMs: 20 },
    );
    expect((await send(cookie, 'POST', `/api/panel/backups/${id}/lock`, { locked: true })).json().locked).toBe(true);
    const lockedDelete = await send(cookie, 'DELETE', `/api/panel/backups/${id}`);
    expect(lockedDelete.statusCode).toBe(400);
    expect((await send(cookie, 'POST', `/api/panel/backups/${id}/lock`, { locked: false })).json().locked).toBe(false);
    expect((await send(cookie, 'DELETE', `/api/panel/backups/${id}`)).statusCode).toBe(204);
    const actions = (await panelAuditOf(app, panel.serverId)).filter((e) => e.action.startsWith('panel.backup.')).map((e) => [e.action, e.outcome]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['panel.backup.create', 'ok'],
        ['panel.backup.download', 'ok'],
        ['panel.backup.restore', 'ok'],
        ['panel.backup.lock', 'ok'],
        ['panel.backup.delete', 'refused'],
        ['panel.backup.unlock', 'ok'],
        ['panel.backup.delete', 'ok'],
      ]),
    );
  });
});
