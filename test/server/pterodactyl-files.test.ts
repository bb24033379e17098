import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameServerDriver } from '../../server/panel/driver.ts';
import { maxEditBytes, maxUploadBytes } from '../../server/panel/file-limits.ts';
import { createPterodactylDriver } from '../../server/panel/pterodactyl/pterodactyl-driver.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { escapingPaths } from '../helpers/escaping-paths.ts';
import { failure } from '../helpers/http-failure.ts';

/** Files through the Pterodactyl / Pelican driver, against the fake panel and Wings. */

let panel: FakePterodactyl;
let driver: GameServerDriver;
let owner: { serverId: string; key: string };
let readOnly: { serverId: string; key: string };

const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]);

beforeEach(async () => {
  panel = await startFakePterodactyl({
    servers: [
      {
        identifier: 'c0ffee42',
        uuid: 'c0ffee42-5e4f-4a1b-9c3d-2b7e6f8a9d10',
        name: 'Survival SMP',
        files: {
          'server.properties': 'motd=Fake\nmax-players=20\n',
          'world/level.dat': binary,
          'logs/latest.log': 'x'.repeat(maxEditBytes + 10),
          'plugins/README.txt': 'plugins go here\n',
        },
      },
    ],
  });
  driver = createPterodactylDriver({ panelUrl: panel.url });
  owner = { serverId: panel.serverId, key: panel.keys.client };
  readOnly = { serverId: panel.serverId, key: panel.keys.readOnly };
});

afterEach(async () => {
  await driver.close();
  await panel.close();
});

const files = () => panel.server(panel.serverId).files;
const fileRequests = () => panel.requests.filter((r) => r.path.includes('/files'));

function body(bytes: Buffer): { stream: Readable; read: () => boolean } {
  let read = false;
  return {
    stream: new Readable({
      read() {
        read = true;
        this.push(bytes);
        this.push(null);
      },
    }),
    read: () => read,
  };
}

describe('files through the panel', () => {
  it('lists folders with the panel`s file objects, folders first, and marks what the editor may open', async () => {
    const root = await driver.listFiles(owner, '');
    expect(root.map((e) => [e.name, e.type, e.editable])).toEqual([
      ['logs', 'directory', false],
      ['plugins', 'directory', false],
      ['world', 'directory', false],
      ['server.properties', 'file', true],
    ]);
    expect(root.at(-1)).toMatchObject({ path: 'server.properties', size: 25, mode: '644' });
    expect(await driver.listFiles(owner, 'world')).toMatchObject([{ name: 'level.dat', path: 'world/level.dat', editable: false, size: 10 }]);
    expect((await driver.listFiles(owner, 'logs'))[0]).toMatchObject({ editable: false });
    expect(panel.requests.at(-1)?.path).toBe(`/api/client/servers/${panel.serverId}/files/list?directory=%2Flogs`);
    const missing = await failure(driver.listFiles(owner, 'nowhere'));
    expect([missing.statusCode, missing.code]).toEqual([404, 'not_found']);
  });

  it('reads and writes text, with the key as Bearer and the body as text/plain', async () => {
    expect(await driver.readFile(owner, 'server.properties')).toEqual({ path: 'server.properties', content: 'motd=Fake\nmax-players=20\n', size: 25 });
    await driver.writeFile(owner, 'config/paper.yml', 'settings:\n  ok: true ✓\n');
    expect(files().read('/config/paper.yml')).toBe('settings:\n  ok: true ✓\n');
    const write = panel.requests.find((r) => r.method === 'POST' && r.path.includes('/files/write'))!;
    expect(write.path).toBe(`/api/client/servers/${panel.serverId}/files/write?file=%2Fconfig%2Fpaper.yml`);
    expect(write.headers['content-type']).toBe('text/plain');
    expect(write.headers.authorization).toBe(`Bearer ${panel.keys.client}`);
    const missing = await failure(driver.readFile(owner, 'nope.txt'));
    expect([missing.statusCode, missing.code]).toEqual([404, 'not_found']);
  });

  it('refuses with 422 to open binary files, files over 1 MiB and folders, without fetching large ones', async () => {
    for (const [file, code] of [
      ['world/level.dat', 'file_binary'],
      ['logs/latest.log', 'file_too_large'],
      ['world', 'is_directory'],
    ] as const) {
      const error = await failure(driver.readFile(owner, file));
      expect([file, error.statusCode, error.code]).toEqual([file, 422, code]);
    }
    expect(panel.requests.some((r) => r.path.includes('contents?file=%2Flogs'))).toBe(false);
    expect((await failure(driver.writeFile(owner, 'big.txt', 'z'.repeat(maxEditBytes + 1)))).statusCode).toBe(413);
    expect(panel.requests.some((r) => r.path.includes('write?file=%2Fbig.txt'))).toBe(false);
  });

  it('uploads through the signed link Wings issues, as multipart, streamed by our server', async () => {
    const bytes = Buffer.alloc(2 * 1024 * 1024, 3);
    await driver.uploadFile(owner, {
      path: 'plugins/Big Plugin "v2".jar',
      size: bytes.length,
      stream: Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
    });
    const stored = files().nodes.get('/plugins/Big Plugin "v2".jar');
    expect(stored?.content.equals(bytes)).toBe(true);
    expect(panel.wings.transfers.uploads).toEqual([{ serverUuid: panel.serverUuid, path: '/plugins/Big Plugin "v2".jar', bytes: bytes.length }]);
    expect(panel.requests.filter((r) => r.path.endsWith('/files/upload'))).toHaveLength(1);
  });

  it('refuses an over-size upload with 413 before reading it or asking the panel for a link', async () => {
    const tooBig = body(Buffer.from('x'));
    const error = await failure(driver.uploadFile(owner, { path: 'huge.bin', size: maxUploadBytes + 1, stream: tooBig.stream }));
    expect([error.statusCode, error.code]).toEqual([413, 'file_too_large']);
    expect(tooBig.read()).toBe(false);
    expect(fileRequests()).toEqual([]);
    // A body longer than it declared is cut off with 413; Wings gets no file.
    const liar = await failure(driver.uploadFile(owner, { path: 'liar.bin', size: 5, stream: Readable.from([Buffer.alloc(50, 1)]) }));
    expect(liar.statusCode).toBe(413);
    expect(files().nodes.has('/liar.bin')).toBe(false);
    expect(panel.wings.transfers.uploads).toEqual([]);
  });

  it('downloads through the signed link, streaming the bytes with their size and name; the link works once', async () => {
    const download = await driver.downloadFile(owner, 'world/level.dat');
    expect(download.name).toBe('level.dat');
    expect(download.size).toBe(binary.length);
    expect(await buffer(download.stream)).toEqual(binary);
    expect(await text((await driver.downloadFile(owner, 'server.properties')).stream)).toBe('motd=Fake\nmax-players=20\n');
    // Every download had its own one-use token, and the key never went to Wings.
    const tokens = panel.wings.transfers.tokens;
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens).size).toBe(2);
    expect((await failure(driver.downloadFile(owner, 'world'))).statusCode).toBe(422);
    expect((await failure(driver.downloadFile(owner, 'gone.bin'))).statusCode).toBe(404);
  });

  it('creates folders, renames and moves, deletes; says 404 for a missing source and 409 for an existing target', async () => {
    await driver.createFolder(owner, 'plugins/Essentials/lang');
    expect(files().nodes.get('/plugins/Essentials/lang')?.type).toBe('directory');
    expect((await failure(driver.createFolder(owner, 'plugins'))).statusCode).toBe(409);

    await driver.renameFile(owner, 'server.properties', 'old/server.properties.bak');
    expect(files().read('/old/server.properties.bak')).toContain('motd=Fake');
    expect(files().read('/server.properties')).toBeUndefined();
    const rename = panel.requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(rename.body)).toEqual({ root: '/', files: [{ from: 'server.properties', to: 'old/server.properties.bak' }] });
    expect((await failure(driver.renameFile(owner, 'missing.txt', 'x.txt'))).statusCode).toBe(404);
    const exists = await failure(driver.renameFile(owner, 'plugins/README.txt', 'world/level.dat'));
    expect([exists.statusCode, exists.code]).toEqual([409, 'exists']);

    await driver.deleteFile(owner, 'world');
    expect([...files().nodes.keys()].some((p) => p.startsWith('/world'))).toBe(false);
    expect(JSON.parse(panel.requests.find((r) => r.path.endsWith('/files/delete'))!.body)).toEqual({ root: '/', files: ['world'] });
    expect((await failure(driver.deleteFile(owner, 'world'))).statusCode).toBe(404);
  });

  it('never sends a path that could leave the server`s folder to the panel, in any spelling or operation', async () => {
    const before = [...files().nodes.keys()].sort();
    for (const [spelling] of escapingPaths) {
      const upload = body(Buffer.from('payload'));
      const calls: Array<[string, () => Promise<unknown>]> = [
        ['list', () => driver.listFiles(owner, spelling)],
        ['read', () => driver.readFile(owner, spelling)],
        ['write', () => driver.writeFile(owner, spelling, 'payload')],
        ['upload', () => driver.uploadFile(owner, { path: spelling, size: 7, stream: upload.stream })],
        ['download', () => driver.downloadFile(owner, spelling)],
        ['folder', () => driver.createFolder(owner, spelling)],
        ['rename from', () => driver.renameFile(owner, spelling, 'x.txt')],
        ['rename to', () => driver.renameFile(owner, 'server.properties', spelling)],
        ['delete', () => driver.deleteFile(owner, spelling)],
      ];
      for (const [operation, call] of calls) {
        const error = await failure(call());
        expect([spelling, operation, error.statusCode, error.code]).toEqual([spelling, operation, 400, 'invalid_path']);
      }
      expect(upload.read()).toBe(false);
    }
    expect(fileRequests()).toEqual([]);
    expect(files().escapes).toEqual([]);
    expect([...files().nodes.keys()].sort()).toEqual(before);
  });

  it("turns the panel's permission refusals into messages that name the permission, and reports the key's permissions", async () => {
    expect(await driver.getPermissions(readOnly)).toEqual({
      files: { list: true, read: false, write: false, rename: false, delete: false },
      backups: { list: true, create: false, download: false, restore: false, delete: false },
      schedules: { list: false, create: false, update: false, delete: false },
    });
    expect(await driver.getPermissions(owner)).toEqual({
      files: { list: true, read: true, write: true, rename: true, delete: true },
      backups: { list: true, create: true, download: true, restore: true, delete: true },
      schedules: { list: true, create: true, update: true, delete: true },
    });
    expect((await driver.listFiles(readOnly, '')).length).toBe(4);
    const refusals: Array<[() => Promise<unknown>, string]> = [
      [() => driver.readFile(readOnly, 'server.properties'), 'open files'],
      [() => driver.writeFile(readOnly, 'server.properties', 'x'), 'save files'],
      [() => driver.uploadFile(readOnly, { path: 'a.txt', size: 1, stream: Readable.from([Buffer.from('a')]) }), 'upload files'],
      [() => driver.downloadFile(readOnly, 'server.properties'), 'download files'],
      [() => driver.createFolder(readOnly, 'new'), 'create folders'],
      [() => driver.renameFile(readOnly, 'server.properties', 'b.txt'), 'rename files'],
      [() => driver.deleteFile(readOnly, 'server.properties'), 'delete files'],
    ];
    const permissions = ['file.read-content', 'file.create', 'file.create', 'file.read-content', 'file.create', 'file.update', 'file.delete'];
    for (const [index, [call, action]] of refusals.entries()) {
      const error = await failure(call());
      expect([error.statusCode, error.code]).toEqual([403, 'permission_denied']);
      expect(error.message).toBe(
        `Your access key may not ${action} on this server: the panel has not given it the ${permissions[index]} permission. Ask the server's owner for it.`,
      );
    }
    expect(files().read('/server.properties')).toBe('motd=Fake\nmax-players=20\n');
  });

  it("passes on Wings' refusals as clear answers: a protected file 403, a full disk 507, a node that is down 504", async () => {
    files().denylist.add('/server.properties');
    const protectedFile = await failure(driver.writeFile(owner, 'server.properties', 'x'));
    expect([protectedFile.statusCode, protectedFile.code]).toEqual([403, 'file_protected']);
    files().diskFull = true;
    const full = await failure(driver.writeFile(owner, 'new.txt', 'x'));
    expect([full.statusCode, full.code, full.message]).toEqual([507, 'disk_full', "The server's disk is full: nothing was changed."]);
    const fullUpload = await failure(driver.uploadFile(owner, { path: 'up.bin', size: 3, stream: Readable.from([Buffer.from('abc')]) }));
    expect([fullUpload.statusCode, fullUpload.code]).toEqual([507, 'disk_full']);
    files().diskFull = false;
    panel.setState(panel.serverId, { wingsDown: true });
    expect((await failure(driver.listFiles(owner, ''))).statusCode).toBe(504);
  });
});
