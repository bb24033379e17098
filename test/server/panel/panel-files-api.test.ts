import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../helpers/databases.ts';
import { escapingPaths } from '../../helpers/escaping-paths.ts';
import { treeSnapshot } from '../../helpers/file-tree.ts';
import { panelAuditOf } from '../../helpers/panel-audit.ts';
import { parseAnswer } from '../../helpers/raw-http.ts';
import { until } from '../../helpers/until.ts';
import { binary, MiB, panelFilesFixture } from './panel-files-fixture.ts';

/**
 * The file manager's browser API on the local driver, against real files and
 * a real child process, on both dialects: every route, the limits, path escapes that touch
 * nothing, and an audit entry for every change.
 */

describe.each(dialects)('panel files API on %s', (dialect) => {
  const fixture = panelFilesFixture(dialect);
  const { get, send, upload, q, waitFor } = fixture;

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
      const response = await fixture.app.inject({ method, url });
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
      const response = await fixture.app.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const anonymousUpload = await fixture.app.inject({
      method: 'POST',
      url: '/api/panel/files/upload?path=a.bin',
      payload: binary,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(anonymousUpload.statusCode).toBe(401);
    expect(fs.existsSync(path.join(fixture.server.root, 'a.bin'))).toBe(false);
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
    expect(log.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename=${fixture.server.id}-console-\\d{4}-\\d{2}-\\d{2}\\.log$`));
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
    expect(fs.readFileSync(path.join(fixture.server.root, 'server.properties'), 'utf8')).toBe('motd=Edited in the panel\nmax-players=20\n');

    const binaryOpen = await get('/api/panel/files/content?path=world/level.dat');
    expect(binaryOpen.statusCode).toBe(422);
    expect(binaryOpen.json().error).toMatchObject({ code: 'file_binary', message: expect.stringMatching(/Download it instead/) });
    expect((await get('/api/panel/files/content?path=logs/big.log')).json().error.code).toBe('file_too_large');
    expect((await get('/api/panel/files/content?path=logs/big.log')).statusCode).toBe(422);

    const tooLong = await send('PUT', '/api/panel/files/content?path=server.properties', { content: 'y'.repeat(MiB + 1) });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().error.message).toMatch(/1 MiB/);
    expect(fs.readFileSync(path.join(fixture.server.root, 'server.properties'), 'utf8')).toBe('motd=Edited in the panel\nmax-players=20\n');

    const audit = await panelAuditOf(fixture.app, fixture.server.id);
    const writes = audit.filter((e) => e.action === 'panel.file.write');
    expect(writes.map((e) => [e.outcome, e.detail])).toEqual([
      ['ok', { driver: 'local', path: 'server.properties', bytes: 40 }],
      ['refused', { driver: 'local', path: 'server.properties', bytes: MiB + 1, error: 'file_too_large' }],
    ]);
    expect(writes[0]).toMatchObject({ actor: { kind: 'customer', id: fixture.server.id }, target: fixture.server.id, clientIp: '192.0.2.50' });
  });

  it('uploads raw bytes, downloads them back with their name and length, renames, makes folders and deletes', async () => {
    const bytes = Buffer.concat([binary, Buffer.alloc(300_000, 7)]);
    expect((await upload('mods/fixture-mod.jar', bytes)).statusCode).toBe(204);
    expect(fs.readFileSync(path.join(fixture.server.root, 'mods/fixture-mod.jar')).equals(bytes)).toBe(true);
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
    expect(fs.statSync(path.join(fixture.server.root, 'config/extra')).isDirectory()).toBe(true);
    expect((await send('POST', '/api/panel/files/folder', { path: 'config/extra' })).statusCode).toBe(409);
    expect((await send('POST', '/api/panel/files/rename', { from: 'mods/fixture-mod.jar', to: 'mods/renamed.jar' })).statusCode).toBe(204);
    expect(fs.existsSync(path.join(fixture.server.root, 'mods/renamed.jar'))).toBe(true);
    expect((await send('POST', '/api/panel/files/rename', { from: 'mods/missing.jar', to: 'mods/x.jar' })).statusCode).toBe(404);
    const taken = await send('POST', '/api/panel/files/rename', { from: 'mods/renamed.jar', to: 'server.properties' });
    expect(taken.statusCode).toBe(409);
    expect((await send('DELETE', `/api/panel/files?path=${q('mods/renamed.jar')}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/panel/files?path=${q('config')}`)).statusCode).toBe(204);
    expect(fs.existsSync(path.join(fixture.server.root, 'mods/renamed.jar'))).toBe(false);
    expect(fs.existsSync(path.join(fixture.server.root, 'config'))).toBe(false);
    expect((await send('DELETE', `/api/panel/files?path=${q('config')}`)).statusCode).toBe(404);

    const actions = (await panelAuditOf(fixture.app, fixture.server.id)).map((e) => [e.action, e.outcome, e.detail?.path ?? e.detail?.from ?? null]);
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
        const socket = net.connect(fixture.port, '127.0.0.1', () => {
          socket.write(
            `POST /api/panel/files/upload?path=huge.bin HTTP/1.1\r\nHost: 127.0.0.1:${fixture.port}\r\nCookie: ${fixture.cookie}\r\nContent-Type: application/octet-stream\r\n${headers}\r\n${body}`,
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
      const socket = net.connect(fixture.port, '127.0.0.1', () => {
        socket.write(
          `POST /api/panel/files/upload?path=short.bin HTTP/1.1\r\nHost: 127.0.0.1:${fixture.port}\r\nCookie: ${fixture.cookie}\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\n${'x'.repeat(400)}`,
        );
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve());
    });
    // Its refusal is recorded once the driver has finished with it (its temporary file removed).
    await until(
      () => panelAuditOf(fixture.app, fixture.server.id),
      (entries) => entries.some((e) => e.action === 'panel.file.upload' && e.detail?.path === 'short.bin'),
      'the cut-short upload to be recorded',
      10_000,
    );
    expect(fs.readdirSync(fixture.server.root).filter((name) => name.includes('huge') || name.includes('short'))).toEqual([]);

    const refused = (await panelAuditOf(fixture.app, fixture.server.id)).filter((e) => e.action === 'panel.file.upload' && e.outcome === 'refused');
    expect(refused.map((e) => e.detail?.error)).toEqual(expect.arrayContaining(['file_too_large', 'length_required']));
  });

  it('answers every escaping path with 400 and a field message, touching nothing inside or outside', async () => {
    const before = treeSnapshot(fixture.server.dir);
    const auditBefore = (await panelAuditOf(fixture.app, fixture.server.id)).length;
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
    expect(treeSnapshot(fixture.server.dir)).toEqual(before);
    // Refused changes are recorded too (a NUL written out, as PostgreSQL cannot store one).
    const refused = (await panelAuditOf(fixture.app, fixture.server.id)).slice(auditBefore);
    // Seven of the nine calls change something (listing and reading are not recorded).
    expect(refused.length).toBe((escapingPaths.length + 1) * 7);
    expect(refused.every((e) => e.outcome === 'refused' && e.detail?.error === 'invalid_path')).toBe(true);
    expect(refused.some((e) => e.detail?.path === 'server.properties\\x00.txt')).toBe(true);
  });
});
