import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { escapingPaths } from '../../helpers/escaping-paths.ts';
import { treeSnapshot } from '../../helpers/file-tree.ts';
import { panelAuditOf } from '../../helpers/panel-audit.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { parseAnswer } from '../../helpers/raw-http.ts';
import { tempGameServer, type TempGameServer } from '../../helpers/temp-game-server.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { until } from '../../helpers/until.ts';

/**
 * The file manager's and the backups' browser API on the local driver, against real files and
 * a real child process, on both dialects: every route, the limits, path escapes that touch
 * nothing, and an audit entry for every change.
 */

const MiB = 1024 * 1024;
const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff]);

describe.each(dialects)('panel files and backups API on %s', (dialect) => {
  let database: TestDatabase;
  let server: TempGameServer;
  let app: FastifyInstance;
  let port: number;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = tempGameServer({
      backupLimit: 2,
      files: {
        'server.properties': 'motd=A fixture\nmax-players=20\n',
        'world/level.dat': binary,
        'logs/big.log': 'x'.repeat(MiB + 10),
      },
    });
    fs.symlinkSync(server.outside, path.join(server.root, 'escape'));
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: server.serversFile }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    const connected = await app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: server.id, key: fixtureKey },
      remoteAddress: '192.0.2.50',
    });
    expect(connected.statusCode).toBe(200);
    cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    server.remove();
  });

  const get = (url: string) => app.inject({ url, headers: { cookie } });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: payload ? { cookie, 'content-type': 'application/json' } : { cookie }, remoteAddress: '192.0.2.50' });
  const upload = (filePath: string, bytes: Buffer, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/panel/files/upload?path=${encodeURIComponent(filePath)}`,
      payload: bytes,
      headers: { cookie, 'content-type': 'application/octet-stream', ...headers },
      remoteAddress: '192.0.2.50',
    });
  const q = (value: string) => encodeURIComponent(value);

  const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) => until(read, done, what, 20_000);

  it('answers 401 on every new route without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/panel/players'],
      ['GET', '/api/panel/permissions'],
      ['GET', '/api/panel/history?range=1h'],
      ['GET', '/api/panel/console/log'],
      ['GET', '/api/panel/files?path='],
      ['DELETE', '/api/panel/files?path=server.properties'],
      ['GET', '/api/panel/files/content?path=server.properties'],
      ['GET', '/api/panel/files/download?path=server.properties'],
      ['GET', '/api/panel/backups'],
      ['DELETE', '/api/panel/backups/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/panel/backups/00000000-0000-4000-8000-000000000000/download'],
      ['POST', '/api/panel/backups/00000000-0000-4000-8000-000000000000/restore'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('not_connected');
    }
    for (const [method, url, payload] of [
      ['PUT', '/api/panel/files/content?path=a.txt', { content: 'x' }],
      ['POST', '/api/panel/files/rename', { from: 'a', to: 'b' }],
      ['POST', '/api/panel/files/folder', { path: 'new' }],
      ['POST', '/api/panel/backups', { name: 'x' }],
      ['POST', '/api/panel/backups/00000000-0000-4000-8000-000000000000/lock', { locked: true }],
    ] as const) {
      const response = await app.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const anonymousUpload = await app.inject({
      method: 'POST',
      url: '/api/panel/files/upload?path=a.bin',
      payload: binary,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(anonymousUpload.statusCode).toBe(401);
    expect(fs.existsSync(path.join(server.root, 'a.bin'))).toBe(false);
  });

  it('says what the key may do, that the fixture is not a Minecraft server, and gives the console log as a text file', async () => {
    expect((await get('/api/panel/permissions')).json()).toEqual({
      files: { list: true, read: true, write: true, rename: true, delete: true },
      backups: { list: true, create: true, download: true, restore: true, delete: true },
      schedules: { list: true, create: true, update: true, delete: true },
    });
    const players = await get('/api/panel/players');
    expect(players.statusCode).toBe(200);
    expect(players.json()).toEqual({ status: 'not_minecraft' });

    expect((await send('POST', '/api/panel/power', { signal: 'start' })).statusCode).toBe(204);
    await waitFor(
      () => get('/api/panel/server').then((r) => r.json().state as string),
      (state) => state === 'running',
      'running',
    );
    expect((await send('POST', '/api/panel/command', { command: 'color' })).statusCode).toBe(204);
    const log = await waitFor(
      () => get('/api/panel/console/log'),
      (r) => r.body.includes('green and red'),
      'the command output in the log',
    );
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(log.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename=${server.id}-console-\\d{4}-\\d{2}-\\d{2}\\.log$`));
    expect(log.body).toContain('Loading world...');
    // Plain text: the colour codes are gone.
    expect(log.body).not.toContain('\x1b[');
    expect((await send('POST', '/api/panel/power', { signal: 'stop' })).statusCode).toBe(204);
    await waitFor(
      () => get('/api/panel/server').then((r) => r.json().state as string),
      (state) => state === 'offline',
      'offline',
    );
  });

  it('lists folders, opens and saves text, refuses binary and too-large files, and records the save', async () => {
    const root = await get('/api/panel/files?path=');
    expect(root.statusCode).toBe(200);
    const rootList = root.json() as { path: string; entries: { name: string; type: string; editable: boolean; size: number }[] };
    expect(rootList.path).toBe('');
    expect(rootList.entries.map((e) => [e.name, e.type, e.editable])).toEqual([
      ['logs', 'directory', false],
      ['world', 'directory', false],
      ['escape', 'symlink', false],
      ['server.properties', 'file', true],
    ]);
    const world = (await get('/api/panel/files?path=world')).json();
    expect(world).toMatchObject({
      path: 'world',
      entries: [{ name: 'level.dat', path: 'world/level.dat', type: 'file', size: binary.length, editable: false }],
    });
    expect((await get('/api/panel/files?path=server.properties')).json().error.code).toBe('not_a_folder');
    expect((await get('/api/panel/files?path=nowhere')).statusCode).toBe(404);

    const opened = await get('/api/panel/files/content?path=server.properties');
    expect(opened.json()).toEqual({ path: 'server.properties', content: 'motd=A fixture\nmax-players=20\n', size: 30 });
    const saved = await send('PUT', '/api/panel/files/content?path=server.properties', { content: 'motd=Edited in the panel\nmax-players=20\n' });
    expect(saved.statusCode).toBe(204);
    expect(fs.readFileSync(path.join(server.root, 'server.properties'), 'utf8')).toBe('motd=Edited in the panel\nmax-players=20\n');

    const binaryOpen = await get('/api/panel/files/content?path=world/level.dat');
    expect(binaryOpen.statusCode).toBe(422);
    expect(binaryOpen.json().error).toMatchObject({ code: 'file_binary', message: expect.stringMatching(/Download it instead/) });
    expect((await get('/api/panel/files/content?path=logs/big.log')).json().error.code).toBe('file_too_large');
    expect((await get('/api/panel/files/content?path=logs/big.log')).statusCode).toBe(422);

    const tooLong = await send('PUT', '/api/panel/files/content?path=server.properties', { content: 'y'.repeat(MiB + 1) });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().error.message).toMatch(/1 MiB/);
    expect(fs.readFileSync(path.join(server.root, 'server.properties'), 'utf8')).toBe('motd=Edited in the panel\nmax-players=20\n');

    const audit = await panelAuditOf(app, server.id);
    const writes = audit.filter((e) => e.action === 'panel.file.write');
    expect(writes.map((e) => [e.outcome, e.detail])).toEqual([
      ['ok', { driver: 'local', path: 'server.properties', bytes: 40 }],
      ['refused', { driver: 'local', path: 'server.properties', bytes: MiB + 1, error: 'file_too_large' }],
    ]);
    expect(writes[0]).toMatchObject({ actor: { kind: 'customer', id: server.id }, target: server.id, clientIp: '192.0.2.50' });
  });

  it('uploads raw bytes, downloads them back with their name and length, renames, makes folders and deletes', async () => {
    const bytes = Buffer.concat([binary, Buffer.alloc(300_000, 7)]);
    expect((await upload('mods/fixture-mod.jar', bytes)).statusCode).toBe(204);
    expect(fs.readFileSync(path.join(server.root, 'mods/fixture-mod.jar')).equals(bytes)).toBe(true);
    expect((await upload('mods/fixture-mod.jar', bytes, { 'content-type': 'application/json' })).statusCode).toBe(415);

    const download = await get('/api/panel/files/download?path=mods/fixture-mod.jar');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename=fixture-mod.jar');
    expect(download.headers['content-length']).toBe(String(bytes.length));
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.rawPayload.equals(bytes)).toBe(true);
    const unicode = await upload('plugins/Übersicht.txt', Buffer.from('hallo\n'));
    expect(unicode.statusCode).toBe(204);
    expect((await get(`/api/panel/files/download?path=${q('plugins/Übersicht.txt')}`)).headers['content-disposition']).toBe(
      `attachment; filename="?bersicht.txt"; filename*=UTF-8''%C3%9Cbersicht.txt`,
    );

    expect((await send('POST', '/api/panel/files/folder', { path: 'config/extra' })).statusCode).toBe(204);
    expect(fs.statSync(path.join(server.root, 'config/extra')).isDirectory()).toBe(true);
    expect((await send('POST', '/api/panel/files/folder', { path: 'config/extra' })).statusCode).toBe(409);
    expect((await send('POST', '/api/panel/files/rename', { from: 'mods/fixture-mod.jar', to: 'mods/renamed.jar' })).statusCode).toBe(204);
    expect(fs.existsSync(path.join(server.root, 'mods/renamed.jar'))).toBe(true);
    expect((await send('POST', '/api/panel/files/rename', { from: 'mods/missing.jar', to: 'mods/x.jar' })).statusCode).toBe(404);
    const taken = await send('POST', '/api/panel/files/rename', { from: 'mods/renamed.jar', to: 'server.properties' });
    expect(taken.statusCode).toBe(409);
    expect((await send('DELETE', `/api/panel/files?path=${q('mods/renamed.jar')}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/panel/files?path=${q('config')}`)).statusCode).toBe(204);
    expect(fs.existsSync(path.join(server.root, 'mods/renamed.jar'))).toBe(false);
    expect(fs.existsSync(path.join(server.root, 'config'))).toBe(false);
    expect((await send('DELETE', `/api/panel/files?path=${q('config')}`)).statusCode).toBe(404);

    const actions = (await panelAuditOf(app, server.id)).map((e) => [e.action, e.outcome, e.detail?.path ?? e.detail?.from ?? null]);
    for (const expected of [
      ['panel.file.upload', 'ok', 'mods/fixture-mod.jar'],
      ['panel.file.download', 'ok', 'mods/fixture-mod.jar'],
      ['panel.file.folder', 'ok', 'config/extra'],
      ['panel.file.folder', 'refused', 'config/extra'],
      ['panel.file.rename', 'ok', 'mods/fixture-mod.jar'],
      ['panel.file.delete', 'ok', 'mods/renamed.jar'],
      ['panel.file.delete', 'refused', 'config'],
    ]) {
      expect(actions).toContainEqual(expected);
    }
  });

  it('refuses an upload without a length (411) and one declared over 100 MiB (413) before reading it, closing the connection', async () => {
    const rawUpload = (headers: string, body: string) =>
      new Promise<{ answer: ReturnType<typeof parseAnswer>; closed: boolean }>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            `POST /api/panel/files/upload?path=huge.bin HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nContent-Type: application/octet-stream\r\n${headers}\r\n${body}`,
          );
        });
        let received = '';
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error(`no answer and close within 5 s: ${received.slice(0, 300)}`));
        }, 5000);
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => (received += chunk));
        socket.on('error', () => {});
        socket.on('close', () => {
          clearTimeout(timer);
          resolve({ answer: parseAnswer(received), closed: true });
        });
      });

    // 200 MiB declared, a few bytes sent: the answer comes at once and the connection is closed.
    const tooLarge = await rawUpload(`Content-Length: ${200 * MiB}\r\n`, 'x'.repeat(1000));
    expect(tooLarge.answer?.status).toBe(413);
    expect(tooLarge.answer?.headers.connection).toBe('close');
    expect(JSON.parse(tooLarge.answer!.body).error).toEqual({ code: 'file_too_large', message: 'The file is larger than the upload limit of 100 MiB.' });

    const chunked = await rawUpload('Transfer-Encoding: chunked\r\n', '5\r\nhello\r\n');
    expect(chunked.answer?.status).toBe(411);
    expect(JSON.parse(chunked.answer!.body).error.code).toBe('length_required');

    // A body that stops short of its declared length writes nothing.
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/panel/files/upload?path=short.bin HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\n${'x'.repeat(400)}`,
        );
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve());
    });
    // Its refusal is recorded once the driver has finished with it (its temporary file removed).
    await until(
      () => panelAuditOf(app, server.id),
      (entries) => entries.some((e) => e.action === 'panel.file.upload' && e.detail?.path === 'short.bin'),
      'the cut-short upload to be recorded',
      10_000,
    );
    expect(fs.readdirSync(server.root).filter((name) => name.includes('huge') || name.includes('short'))).toEqual([]);

    const refused = (await panelAuditOf(app, server.id)).filter((e) => e.action === 'panel.file.upload' && e.outcome === 'refused');
    expect(refused.map((e) => e.detail?.error)).toEqual(expect.arrayContaining(['file_too_large', 'length_required']));
  });

  it('answers every escaping path with 400 and a field message, touching nothing inside or outside', async () => {
    const before = treeSnapshot(server.dir);
    const auditBefore = (await panelAuditOf(app, server.id)).length;
    for (const [bad, reason] of [...escapingPaths, ['escape/secret.txt', /outside the server's folder/] as [string, RegExp]]) {
      const calls = [
        ['list', () => get(`/api/panel/files?path=${q(bad)}`), 'path'],
        ['read', () => get(`/api/panel/files/content?path=${q(bad)}`), 'path'],
        ['write', () => send('PUT', `/api/panel/files/content?path=${q(bad)}`, { content: 'pwned' }), 'path'],
        ['upload', () => upload(bad, Buffer.from('pwned')), 'path'],
        ['download', () => get(`/api/panel/files/download?path=${q(bad)}`), 'path'],
        ['folder', () => send('POST', '/api/panel/files/folder', { path: bad }), 'path'],
        ['delete', () => send('DELETE', `/api/panel/files?path=${q(bad)}`), 'path'],
        ['rename from', () => send('POST', '/api/panel/files/rename', { from: bad, to: 'moved.txt' }), bad.startsWith('escape/') ? 'path' : 'from'],
        ['rename to', () => send('POST', '/api/panel/files/rename', { from: 'server.properties', to: bad }), bad.startsWith('escape/') ? 'path' : 'to'],
      ] as const;
      for (const [name, call, field] of calls) {
        const response = await call();
        // Listing a folder through the link is the one case where the link itself is the problem.
        expect(response.statusCode, `${name} ${JSON.stringify(bad)}: ${response.body}`).toBe(400);
        const error = response.json().error;
        expect(error.code, `${name} ${JSON.stringify(bad)}`).toBe('invalid_path');
        expect(error.message, `${name} ${JSON.stringify(bad)}`).toMatch(reason);
        expect(Object.keys(error.fields ?? {}), `${name} ${JSON.stringify(bad)}`).toEqual([field]);
      }
    }
    expect(treeSnapshot(server.dir)).toEqual(before);
    // Refused changes are recorded too (a NUL written out, as PostgreSQL cannot store one).
    const refused = (await panelAuditOf(app, server.id)).slice(auditBefore);
    // Seven of the nine calls change something (listing and reading are not recorded).
    expect(refused.length).toBe((escapingPaths.length + 1) * 7);
    expect(refused.every((e) => e.outcome === 'refused' && e.detail?.error === 'invalid_path')).toBe(true);
    expect(refused.some((e) => e.detail?.path === 'server.properties\\x00.txt')).toBe(true);
  });

  it('takes a backup, restores it after a change, keeps the plan limit, locks, downloads and deletes', async () => {
    const empty = (await get('/api/panel/backups')).json();
    expect(empty).toEqual({ backups: [], limit: 2, count: 0, restoring: false, restoreFailure: null });

    fs.writeFileSync(path.join(server.root, 'server.properties'), 'motd=Before the backup\n');
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

    fs.writeFileSync(path.join(server.root, 'server.properties'), 'motd=Changed after\n');
    fs.writeFileSync(path.join(server.root, 'new-after-backup.txt'), 'gone after the restore\n');
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
    expect(fs.readFileSync(path.join(server.root, 'server.properties'), 'utf8')).toBe('motd=Before the backup\n');
    expect(fs.existsSync(path.join(server.root, 'new-after-backup.txt'))).toBe(false);
    // The link leading outside the folder was left out of the restore (and the console says so).
    expect(fs.existsSync(path.join(server.root, 'escape'))).toBe(false);
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

    const actions = (await panelAuditOf(app, server.id))
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
    const created1 = (await panelAuditOf(app, server.id)).find((e) => e.action === 'panel.backup.create');
    expect(created1?.detail).toEqual({ driver: 'local', name: 'Before the change', backup: backup.id });
  });
});
