import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileUpload } from '../../../server/panel/driver.ts';
import { maxEditBytes, maxUploadBytes } from '../../../server/panel/file-limits.ts';
import { hashKey } from '../../../server/panel/local/key-hash.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { escapingPaths } from '../../helpers/escaping-paths.ts';
import { treeSnapshot } from '../../helpers/file-tree.ts';
import { failure } from '../../helpers/http-failure.ts';

/** The local driver's files: real files in a temporary folder, with a secret beside the server's folder. */

const key = 'files-test-key';
const credentials = { serverId: 'files', key };
let keyHash: string;
let base: string;
let root: string;
let driver: LocalDriver;

beforeAll(async () => {
  keyHash = await hashKey(key);
});

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-files-'));
  // Run as root, file actions run as the server's own user, who must pass through to its folder.
  fs.chmodSync(base, 0o711);
  root = path.join(base, 'server');
  fs.mkdirSync(path.join(root, 'world', 'region'), { recursive: true });
  // As the driver leaves a server's folder: closed to others (run as root, handed to the server's user).
  fs.chmodSync(root, 0o700);
  fs.mkdirSync(path.join(base, 'outside'));
  fs.writeFileSync(path.join(base, 'outside', 'secret.txt'), 'not for customers\n');
  fs.writeFileSync(path.join(base, 'secret.txt'), 'not for customers either\n');
  fs.writeFileSync(path.join(root, 'server.properties'), 'motd=Hello\nmax-players=10\n');
  fs.writeFileSync(path.join(root, 'world', 'level.dat'), Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0xff, 0x10]));
  fs.writeFileSync(path.join(root, 'world', 'region', 'r.0.0.mca'), Buffer.alloc(2048, 0));
  fs.writeFileSync(path.join(root, 'latest.log'), 'x'.repeat(maxEditBytes + 1));
  fs.writeFileSync(path.join(root, 'latin1.txt'), Buffer.from('caf\xe9\n', 'latin1'));
  // Links: two leading out, one dangling out, one staying inside.
  fs.symlinkSync('../outside', path.join(root, 'out-link'));
  fs.symlinkSync('../outside/secret.txt', path.join(root, 'secret-link'));
  fs.symlinkSync('../outside/nothing-here.txt', path.join(root, 'dangling-link'));
  fs.symlinkSync('server.properties', path.join(root, 'props-link'));
  driver = createLocalDriver({
    servers: [
      {
        id: 'files',
        name: 'Files',
        description: '',
        command: 'node',
        args: ['-e', ''],
        cwd: root,
        env: {},
        limits: { memory: 0, disk: 0, cpu: 0 },
        readyPattern: /never/,
        stopCommand: 'stop',
        stopTimeoutSeconds: 5,
        autostart: false,
        keyHash,
      },
    ],
    log: { info() {}, warn() {} },
    diskIntervalMs: 3_600_000,
  });
});

afterEach(async () => {
  await driver.close();
  fs.rmSync(base, { recursive: true, force: true });
});

/** An upload body that notes whether anyone read it. */
function watchedBody(bytes: Buffer): { stream: Readable; read: () => boolean } {
  let read = false;
  const stream = new Readable({
    read() {
      read = true;
      this.push(bytes);
      this.push(null);
    },
  });
  return { stream, read: () => read };
}

function upload(filePath: string, bytes: Buffer, declared = bytes.length): FileUpload & { read: () => boolean } {
  const body = watchedBody(bytes);
  return { path: filePath, size: declared, stream: body.stream, read: body.read };
}

describe('local files', () => {
  it('lists a folder: folders first, sizes, modes, links as links, and which files the editor can open', async () => {
    const entries = await driver.listFiles(credentials, '');
    expect(entries.map((e) => e.name)).toEqual([
      'world',
      'dangling-link',
      'latest.log',
      'latin1.txt',
      'out-link',
      'props-link',
      'secret-link',
      'server.properties',
    ]);
    const byName = Object.fromEntries(entries.map((e) => [e.name, e]));
    expect(byName.world).toMatchObject({ type: 'directory', size: 0, path: 'world', editable: false });
    expect(byName['server.properties']).toMatchObject({ type: 'file', size: 26, mode: '644', editable: true });
    expect(Date.parse(byName['server.properties']!.modifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(byName['latest.log']).toMatchObject({ type: 'file', editable: false });
    expect(byName['latin1.txt']).toMatchObject({ editable: false });
    expect(byName['out-link']).toMatchObject({ type: 'symlink', editable: false });
    const world = await driver.listFiles(credentials, 'world');
    expect(world.map((e) => [e.path, e.editable])).toEqual([
      ['world/region', false],
      ['world/level.dat', false],
    ]);
    // A link inside the folder leads where it points.
    expect((await driver.readFile(credentials, 'props-link')).content).toContain('motd=Hello');
  });

  it('reads and writes text files; writes replace atomically, keep the mode, and make missing folders', async () => {
    expect(await driver.readFile(credentials, 'server.properties')).toEqual({ path: 'server.properties', content: 'motd=Hello\nmax-players=10\n', size: 26 });
    fs.chmodSync(path.join(root, 'server.properties'), 0o640);
    await driver.writeFile(credentials, 'server.properties', 'motd=Changed ✓\n');
    expect(fs.readFileSync(path.join(root, 'server.properties'), 'utf8')).toBe('motd=Changed ✓\n');
    expect(fs.statSync(path.join(root, 'server.properties')).mode & 0o777).toBe(0o640);
    await driver.writeFile(credentials, 'config/new/plugin.yml', 'enabled: true\n');
    expect(fs.readFileSync(path.join(root, 'config', 'new', 'plugin.yml'), 'utf8')).toBe('enabled: true\n');
    // No temporary file is left beside them.
    expect(fs.readdirSync(root).filter((n) => n.startsWith('.'))).toEqual([]);
    expect((await failure(driver.readFile(credentials, 'missing.txt'))).statusCode).toBe(404);
  });

  it('refuses with 422 to open binary, non-UTF-8 and too large files, and folders; 413 to save more than 1 MiB', async () => {
    for (const [file, code] of [
      ['world/level.dat', 'file_binary'],
      ['world/region/r.0.0.mca', 'file_binary'],
      ['latin1.txt', 'file_binary'],
      ['latest.log', 'file_too_large'],
      ['world', 'is_directory'],
    ] as const) {
      const error = await failure(driver.readFile(credentials, file));
      expect([file, error.statusCode, error.code]).toEqual([file, 422, code]);
    }
    expect((await failure(driver.readFile(credentials, 'latest.log'))).message).toMatch(/larger than 1 MiB.*Download it instead/);
    const before = treeSnapshot(base);
    const error = await failure(driver.writeFile(credentials, 'big.txt', 'y'.repeat(maxEditBytes + 1)));
    expect([error.statusCode, error.code]).toEqual([413, 'file_too_large']);
    expect(treeSnapshot(base)).toEqual(before);
  });

  it('uploads a stream to a temporary name and renames it when complete', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    await driver.uploadFile(credentials, upload('plugins/big.jar', bytes));
    expect(fs.readFileSync(path.join(root, 'plugins', 'big.jar')).equals(bytes)).toBe(true);
    // Replacing a file works the same way.
    await driver.uploadFile(credentials, upload('plugins/big.jar', Buffer.from('small')));
    expect(fs.readFileSync(path.join(root, 'plugins', 'big.jar'), 'utf8')).toBe('small');
    expect(fs.readdirSync(path.join(root, 'plugins'))).toEqual(['big.jar']);
  });

  it('refuses an over-size upload with 413 before reading a byte, and a body longer or shorter than declared, leaving nothing', async () => {
    const before = treeSnapshot(base);
    const tooBig = upload('huge.bin', Buffer.from('x'), maxUploadBytes + 1);
    const error = await failure(driver.uploadFile(credentials, tooBig));
    expect([error.statusCode, error.code]).toEqual([413, 'file_too_large']);
    expect(error.message).toMatch(/upload limit of 100 MiB/);
    expect(tooBig.read()).toBe(false);

    const undeclared = upload('x.bin', Buffer.from('x'), Number.NaN);
    expect((await failure(driver.uploadFile(credentials, undeclared))).statusCode).toBe(411);
    expect(undeclared.read()).toBe(false);

    expect(treeSnapshot(base)).toEqual(before);

    // A body that does not match its declared size was being written: its temporary file is gone.
    const names = fs.readdirSync(root);
    const longer = await failure(driver.uploadFile(credentials, upload('long.bin', Buffer.alloc(20, 1), 10)));
    expect(longer.statusCode).toBe(413);
    const shorter = await failure(driver.uploadFile(credentials, upload('short.bin', Buffer.alloc(10, 1), 20)));
    expect([shorter.statusCode, shorter.code]).toEqual([400, 'upload_incomplete']);
    expect(fs.readdirSync(root)).toEqual(names);
  });

  it('downloads a file as a stream with its size and name', async () => {
    const download = await driver.downloadFile(credentials, 'world/level.dat');
    expect(download.name).toBe('level.dat');
    expect(download.size).toBe(7);
    const chunks: Buffer[] = [];
    for await (const chunk of download.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(fs.readFileSync(path.join(root, 'world', 'level.dat')));
    expect(await text((await driver.downloadFile(credentials, 'props-link')).stream)).toContain('motd=Hello');
  });

  it('creates folders, renames and moves, deletes files and whole folders', async () => {
    await driver.createFolder(credentials, 'plugins/Essentials');
    expect(fs.statSync(path.join(root, 'plugins', 'Essentials')).isDirectory()).toBe(true);
    expect((await failure(driver.createFolder(credentials, 'plugins/Essentials'))).statusCode).toBe(409);

    await driver.renameFile(credentials, 'server.properties', 'backup/server.properties.old');
    expect(fs.existsSync(path.join(root, 'server.properties'))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'backup', 'server.properties.old'), 'utf8')).toContain('motd=Hello');
    expect((await failure(driver.renameFile(credentials, 'missing', 'other'))).statusCode).toBe(404);
    expect((await failure(driver.renameFile(credentials, 'world/level.dat', 'latest.log'))).statusCode).toBe(409);
    const into = await failure(driver.renameFile(credentials, 'world', 'world/region/world'));
    expect([into.statusCode, into.fields]).toEqual([400, { to: 'it is inside the folder being moved' }]);

    await driver.deleteFile(credentials, 'world');
    expect(fs.existsSync(path.join(root, 'world'))).toBe(false);
    await driver.deleteFile(credentials, 'props-link');
    expect(fs.existsSync(path.join(root, 'props-link'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'backup', 'server.properties.old'))).toBe(true);
    expect((await failure(driver.deleteFile(credentials, 'world'))).statusCode).toBe(404);
    expect((await failure(driver.deleteFile(credentials, ''))).statusCode).toBe(400);
  });

  it('refuses every spelling of a path out of the folder, in every operation, with 400 and touches nothing', async () => {
    const before = treeSnapshot(base);
    let checked = 0;
    for (const [spelling] of escapingPaths) {
      const body = upload(spelling, Buffer.from('payload'));
      const calls: Array<[string, () => Promise<unknown>]> = [
        ['list', () => driver.listFiles(credentials, spelling)],
        ['read', () => driver.readFile(credentials, spelling)],
        ['write', () => driver.writeFile(credentials, spelling, 'payload')],
        ['upload', () => driver.uploadFile(credentials, body)],
        ['download', () => driver.downloadFile(credentials, spelling)],
        ['folder', () => driver.createFolder(credentials, spelling)],
        ['rename from', () => driver.renameFile(credentials, spelling, 'moved.txt')],
        ['rename to', () => driver.renameFile(credentials, 'server.properties', spelling)],
        ['delete', () => driver.deleteFile(credentials, spelling)],
      ];
      for (const [operation, call] of calls) {
        const error = await failure(call());
        expect([spelling, operation, error.statusCode, error.code]).toEqual([spelling, operation, 400, 'invalid_path']);
        checked += 1;
      }
      expect(body.read()).toBe(false);
    }
    expect(checked).toBe(escapingPaths.length * 9);
    expect(treeSnapshot(base)).toEqual(before);
  });

  it('refuses paths through symbolic links that lead out, in every operation, with 400 and touches nothing', async () => {
    const before = treeSnapshot(base);
    const body = upload('out-link/uploaded.bin', Buffer.from('payload'));
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['list a linked folder', () => driver.listFiles(credentials, 'out-link')],
      ['read a linked file', () => driver.readFile(credentials, 'secret-link')],
      ['read through a linked folder', () => driver.readFile(credentials, 'out-link/secret.txt')],
      ['write through a linked folder', () => driver.writeFile(credentials, 'out-link/new.txt', 'x')],
      ['write over a linked file', () => driver.writeFile(credentials, 'secret-link', 'x')],
      ['write to a dangling link', () => driver.writeFile(credentials, 'dangling-link', 'x')],
      ['upload through a linked folder', () => driver.uploadFile(credentials, body)],
      ['download a linked file', () => driver.downloadFile(credentials, 'secret-link')],
      ['make a folder through a link', () => driver.createFolder(credentials, 'out-link/made')],
      ['rename a link out', () => driver.renameFile(credentials, 'secret-link', 'mine.txt')],
      ['move a file out', () => driver.renameFile(credentials, 'server.properties', 'out-link/moved')],
      ['delete through a link', () => driver.deleteFile(credentials, 'out-link/secret.txt')],
      ['delete a link out', () => driver.deleteFile(credentials, 'out-link')],
    ];
    for (const [what, call] of calls) {
      const error = await failure(call());
      expect([what, error.statusCode, error.code, error.message]).toEqual([what, 400, 'invalid_path', expect.stringMatching(/outside the server's folder/)]);
    }
    expect(body.read()).toBe(false);
    expect(treeSnapshot(base)).toEqual(before);
  });

  it('checks the key on every call', async () => {
    const wrong = { serverId: 'files', key: 'nope' };
    for (const call of [
      () => driver.listFiles(wrong, ''),
      () => driver.readFile(wrong, 'server.properties'),
      () => driver.deleteFile(wrong, 'server.properties'),
    ]) {
      expect((await failure(call())).statusCode).toBe(401);
    }
    expect(fs.existsSync(path.join(root, 'server.properties'))).toBe(true);
  });
});
