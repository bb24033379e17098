import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Parser } from 'tar';
import type { ConsoleEvent, PowerState } from '../../../server/panel/driver.ts';
import type { ArchiveSink } from '../../../server/panel/local/backup-archive.ts';
import { hashKey } from '../../../server/panel/local/key-hash.ts';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import type { LocalServerConfig } from '../../../server/panel/local/servers-file.ts';
import { treeSnapshot } from '../../helpers/file-tree.ts';
import { reachableFixture } from '../../helpers/reachable-fixture.ts';
import { failure } from '../../helpers/http-failure.ts';
import { waitFor } from '../../helpers/until.ts';
import { machineHas } from '../../helpers/machine-needs.ts';

/** The local driver's backups: real archives of real folders, and a real game process stopped and started around a restore. */

const gameScript = reachableFixture('game-server.mjs');
const key = 'backups-test-key';
const credentials = { serverId: 'game', key };
const quietLog = { info() {}, warn() {} };
let keyHash: string;
let base: string;
const drivers: LocalDriver[] = [];
const mounts: string[] = [];

/** A folder others may pass through (not list), as the game server's own user must. */
function passable(dir: string): string {
  fs.chmodSync(dir, 0o711);
  return dir;
}

/** Whether this machine lets the tests mount a tiny tmpfs (root in a namespace that allows it). */
function tryMount(dir: string, size: string): boolean {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    mounts.push(dir);
    return true;
  } catch {
    return false;
  }
}

let canMount = false;

beforeAll(async () => {
  keyHash = await hashKey(key);
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-backups-'));
  // Run as root, each game server runs as its own user, who must pass through these folders.
  fs.chmodSync(base, 0o711);
  canMount = tryMount(path.join(base, 'probe-mount'), '64k');
});

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((driver) => driver.close()));
});

afterAll(() => {
  for (const dir of mounts.reverse()) execFileSync('umount', [dir]);
  fs.rmSync(base, { recursive: true, force: true });
});

let serial = 0;

/** A fresh server folder (and its parent, where the backups go by default) with a few files. */
function serverFolder(parent = passable(fs.mkdtempSync(path.join(base, 'case-')))): string {
  const root = path.join(parent, `server-${++serial}`);
  fs.mkdirSync(path.join(root, 'world'), { recursive: true });
  fs.writeFileSync(path.join(root, 'server.properties'), 'motd=Original\n');
  fs.writeFileSync(path.join(root, 'world', 'level.dat'), randomBytes(4096));
  fs.writeFileSync(path.join(root, 'world', 'big.txt'), 'compressible line\n'.repeat(20_000));
  fs.symlinkSync('server.properties', path.join(root, 'props-link'));
  return root;
}

function driverFor(cwd: string, overrides: Partial<LocalServerConfig> = {}, backupSink?: ArchiveSink): LocalDriver {
  const driver = createLocalDriver({
    servers: [
      {
        id: 'game',
        name: 'Game',
        description: '',
        command: 'node',
        args: [gameScript],
        cwd,
        env: { GAME_STARTUP_MS: '150' },
        limits: { memory: 0, disk: 0, cpu: 0 },
        readyPattern: /Done \(\d+\.\d+s\)!/,
        stopCommand: 'stop',
        stopTimeoutSeconds: 5,
        autostart: false,
        keyHash,
        ...overrides,
      },
    ],
    log: quietLog,
    statsIntervalMs: 1000,
    diskIntervalMs: 3_600_000,
    shutdownTimeoutMs: 5000,
    backupSink,
  });
  drivers.push(driver);
  return driver;
}

async function watch(driver: LocalDriver) {
  const events: ConsoleEvent[] = [];
  await driver.console(credentials, (event) => events.push(event));
  const lines = () => events.flatMap((e) => (e.type === 'line' ? [e.text] : []));
  const states = () => events.flatMap((e) => (e.type === 'state' ? [e.state] : []));
  return {
    events,
    lines,
    states,
    untilState: (state: PowerState) =>
      waitFor(async () => (await driver.getServer(credentials)).state === state, `state ${state}`, {
        timeoutMs: 15_000,
        everyMs: 25,
        context: () => `console: ${lines().slice(-3).join(' / ')}`,
      }),
  };
}

/** The entry names of a tar.gz stream. */
async function archiveEntries(stream: NodeJS.ReadableStream): Promise<string[]> {
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const parser = new Parser({
      onReadEntry: (entry) => {
        names.push(entry.path);
        entry.resume();
      },
    });
    parser.on('end', () => resolve());
    parser.on('error', reject);
    stream.on('error', reject);
    stream.pipe(parser as unknown as NodeJS.WritableStream);
  });
  return names.sort();
}

describe('local backups', () => {
  it('backs up the folder, and a restore stops the server, brings every file back as it was and starts it again', async () => {
    const root = serverFolder();
    const driver = driverFor(root);
    const console = await watch(driver);
    await driver.power(credentials, 'start');
    await console.untilState('running');
    const original = treeSnapshot(root, { wholeSeconds: true, folderTimes: false });

    const started = await driver.createBackup(credentials, '  Before the update  ');
    expect(started).toMatchObject({ name: 'Before the update', state: 'creating', size: 0, locked: false, checksum: null, completedAt: null });
    await driver.backups('game')!.settled();
    const list = await driver.listBackups(credentials);
    expect(list).toMatchObject({ limit: 3, count: 1, restoring: false, restoreFailure: null });
    const [backup] = list.backups;
    expect(backup).toMatchObject({ id: started.id, state: 'ready', failure: null });
    expect(backup!.size).toBeGreaterThan(4096);
    // The text compressed: the archive is far smaller than the folder.
    expect(backup!.size).toBeLessThan(60_000);
    expect(backup!.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    // Beside the server's folder, not in it; no temporary file left.
    const dir = path.join(path.dirname(root), '.hostfront-backups', 'game');
    expect(fs.readdirSync(dir).sort()).toEqual([`${started.id}.json`, `${started.id}.tar.gz`]);
    expect(fs.readdirSync(root)).not.toContain('.hostfront-backups');

    const download = await driver.downloadBackup(credentials, started.id);
    expect(download.name).toMatch(/^game-Before-the-update-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    expect(download.size).toBe(backup!.size);
    expect(await archiveEntries(download.stream)).toEqual(['./', './props-link', './server.properties', './world/', './world/big.txt', './world/level.dat']);

    // The customer changes things.
    fs.writeFileSync(path.join(root, 'server.properties'), 'motd=Broken\n');
    fs.rmSync(path.join(root, 'world', 'level.dat'));
    fs.writeFileSync(path.join(root, 'world', 'new-file.txt'), 'made after the backup');
    expect(driver.server('game')!.powerState).toBe('running');

    await driver.restoreBackup(credentials, started.id);
    // Under way: the server says so and refuses what would interfere.
    expect((await driver.getServer(credentials)).status).toBe('restoring_backup');
    expect((await driver.listBackups(credentials)).restoring).toBe(true);
    const again = await failure(driver.restoreBackup(credentials, started.id));
    expect([again.statusCode, again.code]).toEqual([409, 'restore_running']);
    expect((await failure(driver.power(credentials, 'start'))).statusCode).toBe(409);
    expect((await failure(driver.listFiles(credentials, ''))).statusCode).toBe(409);
    expect((await failure(driver.createBackup(credentials, 'meanwhile'))).statusCode).toBe(409);

    await driver.backups('game')!.settled();
    expect(fs.readFileSync(path.join(root, 'server.properties'), 'utf8')).toBe('motd=Original\n');
    expect(fs.existsSync(path.join(root, 'world', 'new-file.txt'))).toBe(false);
    expect(treeSnapshot(root, { wholeSeconds: true, folderTimes: false })).toEqual(original);
    expect(fs.readdirSync(path.dirname(root)).sort()).toEqual(['.hostfront-backups', path.basename(root)]);
    expect((await driver.getServer(credentials)).status).toBeNull();
    await console.untilState('running');
    expect(console.states()).toEqual(['offline', 'starting', 'running', 'stopping', 'offline', 'starting', 'running']);
    const lines = console.lines();
    const stopping = lines.indexOf('Stopping the server');
    const restoring = lines.findIndex((l) => l.includes('Restoring the backup "Before the update"'));
    const restored = lines.findIndex((l) => l.includes('Restored the backup "Before the update".'));
    expect(stopping).toBeGreaterThan(-1);
    expect(restoring).toBeGreaterThan(stopping);
    expect(restored).toBeGreaterThan(restoring);
    expect((await driver.listBackups(credentials)).restoring).toBe(false);
  });

  it('leaves a stopped server stopped after a restore', async () => {
    const root = serverFolder();
    const driver = driverFor(root);
    const { id } = await driver.createBackup(credentials, 'stopped');
    await driver.backups('game')!.settled();
    fs.writeFileSync(path.join(root, 'server.properties'), 'motd=Changed\n');
    await driver.restoreBackup(credentials, id);
    await driver.backups('game')!.settled();
    expect(fs.readFileSync(path.join(root, 'server.properties'), 'utf8')).toBe('motd=Original\n');
    // Fixed wait: proves nothing happens (no start after restoring a stopped server); nothing comes to wait for.
    await new Promise((r) => setTimeout(r, 300));
    expect((await driver.getServer(credentials)).state).toBe('offline');
  });

  it("enforces the plan's limit with a clear message; locked backups cannot be deleted; unknown ids are 404", async () => {
    const driver = driverFor(serverFolder(), { backupLimit: 2 });
    const first = await driver.createBackup(credentials, 'one');
    expect((await failure(driver.createBackup(credentials, 'while the first runs'))).statusCode).toBe(409);
    await driver.backups('game')!.settled();
    await driver.createBackup(credentials, '');
    await driver.backups('game')!.settled();
    const full = await failure(driver.createBackup(credentials, 'three'));
    expect([full.statusCode, full.code, full.message]).toEqual([
      400,
      'backup_limit',
      'This server has reached its limit of 2 backups. Delete one to make room for a new one.',
    ]);
    const list = await driver.listBackups(credentials);
    expect(list).toMatchObject({ limit: 2, count: 2 });
    expect(list.backups[0]!.name).toMatch(/^Backup at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(await driver.setBackupLocked(credentials, first.id, true)).toMatchObject({ id: first.id, locked: true });
    const locked = await failure(driver.deleteBackup(credentials, first.id));
    expect([locked.statusCode, locked.code]).toEqual([400, 'backup_locked']);
    // The lock is kept on disk: a new driver reads it back.
    expect((await driverFor(driver.server('game')!.config.cwd).listBackups(credentials)).backups.find((b) => b.id === first.id)?.locked).toBe(true);
    await driver.setBackupLocked(credentials, first.id, false);
    await driver.deleteBackup(credentials, first.id);
    expect((await driver.listBackups(credentials)).count).toBe(1);
    await driver.createBackup(credentials, 'room again');
    await driver.backups('game')!.settled();

    for (const id of [first.id, 'not-a-uuid', '../../etc/passwd']) {
      for (const call of [
        () => driver.downloadBackup(credentials, id),
        () => driver.restoreBackup(credentials, id),
        () => driver.deleteBackup(credentials, id),
      ]) {
        const error = await failure(call());
        expect([error.statusCode, error.code]).toEqual([404, 'backup_not_found']);
      }
    }
    const noBackups = driverFor(serverFolder(), { id: 'game', backupLimit: 0 });
    expect((await failure(noBackups.createBackup(credentials, 'x'))).message).toBe("Backups are not part of this server's plan.");
  });

  it('a backup whose archive cannot be written fails, says why, leaves no partial file and does not count', async () => {
    const root = serverFolder();
    // Accepts 1 KiB, then fails as a full disk does.
    const failingSink: ArchiveSink = () => {
      let written = 0;
      return new Writable({
        write(chunk: Buffer, _encoding, callback) {
          written += chunk.length;
          if (written > 1024) return callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
          callback();
        },
      });
    };
    const driver = driverFor(root, { backupLimit: 1 }, failingSink);
    const before = treeSnapshot(root);
    const { id } = await driver.createBackup(credentials, 'doomed');
    await driver.backups('game')!.settled();
    const list = await driver.listBackups(credentials);
    expect(list.count).toBe(0);
    expect(list.backups).toMatchObject([{ id, state: 'failed', failure: 'The backup could not be written: the disk is full.', size: 0, checksum: null }]);
    const dir = path.join(path.dirname(root), '.hostfront-backups', 'game');
    expect(fs.readdirSync(dir)).toEqual([`${id}.json`]);
    expect(treeSnapshot(root)).toEqual(before);
    const notReady = await failure(driver.restoreBackup(credentials, id));
    expect([notReady.statusCode, notReady.code]).toEqual([400, 'backup_not_ready']);
    // A failed backup can be deleted even with the limit reached by nothing else.
    await driver.deleteBackup(credentials, id);
    expect((await driver.listBackups(credentials)).backups).toEqual([]);
  });

  it('a damaged archive is refused at restore, and the server keeps its files as they were', async () => {
    const root = serverFolder();
    const driver = driverFor(root);
    const { id } = await driver.createBackup(credentials, 'will be damaged');
    await driver.backups('game')!.settled();
    fs.writeFileSync(path.join(root, 'server.properties'), 'motd=Current\n');
    const archive = path.join(path.dirname(root), '.hostfront-backups', 'game', `${id}.tar.gz`);
    const bytes = fs.readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(archive, bytes);
    const before = treeSnapshot(root);
    await driver.restoreBackup(credentials, id);
    await driver.backups('game')!.settled();
    expect(treeSnapshot(root)).toEqual(before);
    const { restoreFailure } = await driver.listBackups(credentials);
    expect(restoreFailure).toMatch(/^The restore of "will be damaged" failed: .+\. The server's files were left as they were\.$/);
    expect(fs.readdirSync(path.dirname(root)).sort()).toEqual(['.hostfront-backups', path.basename(root)]);
    expect(driver.server('game')!.status).toBeNull();
  });

  it('finishes a swap an interrupted restore left half done, and marks an interrupted backup as failed', async () => {
    const root = serverFolder();
    const driver = driverFor(root);
    const { id } = await driver.createBackup(credentials, 'kept');
    await driver.backups('game')!.settled();
    await driver.close();
    const parent = path.dirname(root);
    const base = path.basename(root);
    fs.renameSync(root, path.join(parent, `.${base}.old-0123456789ab`));
    fs.mkdirSync(path.join(parent, `.${base}.restore-ba9876543210`));
    const dir = path.join(parent, '.hostfront-backups', 'game');
    const stuck = '00000000-0000-4000-8000-000000000000';
    fs.writeFileSync(
      path.join(dir, `${stuck}.json`),
      JSON.stringify({
        id: stuck,
        name: 'stuck',
        size: 0,
        createdAt: new Date().toISOString(),
        completedAt: null,
        state: 'creating',
        locked: false,
        checksum: null,
        failure: null,
        contentBytes: 0,
      }),
    );
    fs.writeFileSync(path.join(dir, `${stuck}.tar.gz.partial`), 'half');

    const next = driverFor(root);
    const list = await next.listBackups(credentials);
    expect(fs.readFileSync(path.join(root, 'server.properties'), 'utf8')).toBe('motd=Original\n');
    expect(fs.readdirSync(parent).sort()).toEqual(['.hostfront-backups', base]);
    expect(list.backups.find((b) => b.id === id)?.state).toBe('ready');
    expect(list.backups.find((b) => b.id === stuck)).toMatchObject({ state: 'failed', failure: expect.stringMatching(/interrupted/) });
    expect(fs.existsSync(path.join(dir, `${stuck}.tar.gz.partial`))).toBe(false);
  });

  describe('on a full disk (a tiny tmpfs)', () => {
    it('a backup that fills its disk fails and leaves nothing behind', async (context) => {
      if (!machineHas('root, to mount a tiny tmpfs', canMount)) context.skip();
      const root = serverFolder();
      fs.writeFileSync(path.join(root, 'world', 'random.bin'), randomBytes(512 * 1024));
      const backupsDir = path.join(base, `tiny-backups-${serial}`);
      expect(tryMount(backupsDir, '128k')).toBe(true);
      const driver = driverFor(root, { backupsDir });
      const before = treeSnapshot(root);
      const { id } = await driver.createBackup(credentials, 'too big');
      await driver.backups('game')!.settled();
      expect((await driver.listBackups(credentials)).backups).toMatchObject([
        { id, state: 'failed', failure: 'The backup could not be written: the disk is full.' },
      ]);
      expect(fs.readdirSync(backupsDir)).toEqual([`${id}.json`]);
      expect(treeSnapshot(root)).toEqual(before);
    });

    it('a restore that would not fit is refused before anything changes, and the server is started again', async (context) => {
      if (!machineHas('root, to mount a tiny tmpfs', canMount)) context.skip();
      const disk = path.join(base, `tiny-server-${serial}`);
      expect(tryMount(disk, '1m')).toBe(true);
      const root = serverFolder(disk);
      fs.writeFileSync(path.join(root, 'world', 'random.bin'), randomBytes(600 * 1024));
      const driver = driverFor(root, { backupsDir: path.join(base, `backups-of-tiny-${serial}`) });
      const console = await watch(driver);
      const { id } = await driver.createBackup(credentials, 'fits once');
      await driver.backups('game')!.settled();
      await driver.power(credentials, 'start');
      await console.untilState('running');
      fs.writeFileSync(path.join(root, 'server.properties'), 'motd=Current\n');
      const before = treeSnapshot(disk);
      await driver.restoreBackup(credentials, id);
      await driver.backups('game')!.settled();
      expect(treeSnapshot(disk)).toEqual(before);
      const { restoreFailure } = await driver.listBackups(credentials);
      expect(restoreFailure).toBe('The restore of "fits once" failed: the disk is full. The server\'s files were left as they were.');
      expect(console.lines()).toContain(`\x1b[33m[Hostfront]\x1b[0m ${restoreFailure}`);
      await console.untilState('running');
    });
  });
});
