import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalDriver, type LocalDriver } from '../../../server/panel/local/local-driver.ts';
import { parseServersFile } from '../../../server/panel/local/servers-file.ts';
import { failure } from '../../helpers/http-failure.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { type TempGameServer, tempGameServer } from '../../helpers/temp-game-server.ts';
import { until } from '../../helpers/until.ts';

/**
 * The plan's disk cannot be walked around (README, Security; docs/decisions.md 70-71): files in a
 * folder the customer closed to itself are counted, uploads in parallel cannot share the same
 * free bytes, and a sparse file counts at its full size where it would be written whole.
 */

const MiB = 1024 * 1024;
const isRoot = process.getuid?.() === 0;
const id = 'disk-evade';
const credentials = { serverId: id, key: fixtureKey };
let gs: TempGameServer | undefined;
let driver: LocalDriver | undefined;

afterEach(async () => {
  await driver?.close();
  gs?.remove();
  driver = undefined;
  gs = undefined;
});

function open(diskMiB: number, files: Record<string, string> = {}): LocalDriver {
  gs ??= tempGameServer({ id, files, extra: { limits: { memory: 1024, disk: diskMiB, cpu: 100 } } });
  const config = JSON.parse(fs.readFileSync(gs.serversFile, 'utf8')) as { servers: { limits: { disk: number } }[] };
  config.servers[0]!.limits.disk = diskMiB;
  fs.writeFileSync(gs.serversFile, JSON.stringify(config));
  driver = createLocalDriver({
    servers: parseServersFile(gs.serversFile, fs.readFileSync(gs.serversFile, 'utf8')),
    log: { info() {}, warn() {} },
    diskIntervalMs: 3_600_000,
  });
  return driver;
}

function upload(name: string, bytes: number) {
  return { path: name, size: bytes, stream: Readable.from([Buffer.alloc(bytes, 1)]) };
}

/** A file of real blocks, written a MiB at a time. */
function writeBlocks(file: string, mib: number): void {
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(MiB, 7);
  for (let i = 0; i < mib; i += 1) fs.writeSync(fd, chunk);
  fs.closeSync(fd);
}

/** A file of `mib` MiB that takes almost no blocks: a hole, as `truncate -s` makes. */
function writeSparse(file: string, mib: number): void {
  const fd = fs.openSync(file, 'w');
  fs.ftruncateSync(fd, mib * MiB);
  fs.closeSync(fd);
}

describe('the disk reading', () => {
  it.skipIf(!isRoot)('counts 300 MiB in a folder the customer made unreadable (chmod 000) against a 50 MB disk', async () => {
    const panel = open(50);
    await panel.listFiles(credentials, ''); // the folder made ready: now the server user's
    const { uid, gid } = fs.statSync(gs!.root);
    const hidden = path.join(gs!.root, 'hidden');
    fs.mkdirSync(hidden);
    writeBlocks(path.join(hidden, 'world.bin'), 300);
    fs.chownSync(hidden, uid, gid);
    fs.chownSync(path.join(hidden, 'world.bin'), uid, gid);
    fs.chmodSync(hidden, 0o000);

    const refused = await failure(panel.uploadFile(credentials, upload('small.bin', MiB)));
    expect([refused.statusCode, refused.code]).toEqual([413, 'over_disk_limit']);
    await panel.server(id)!.measureDisk();
    expect((await panel.getResources(credentials)).disk.current).toBeGreaterThanOrEqual(300 * MiB);
  });
});

describe('uploads in parallel', () => {
  it('five 30 MiB uploads at once on a 50 MB disk: one is taken, the others get 413 over_disk_limit', async () => {
    const panel = open(50);
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => panel.uploadFile(credentials, upload(`part-${n}.bin`, 30 * MiB))));
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { statusCode?: number; code?: string; message: string }] : []));
    expect(accepted).toHaveLength(1);
    expect(refused.map((e) => [e.statusCode, e.code])).toEqual(Array(4).fill([413, 'over_disk_limit']));
    expect(refused[0]!.message).toMatch(/over its 50 MB disk/);
    expect(fs.readdirSync(gs!.root).filter((name) => name.startsWith('part-'))).toHaveLength(1);
  });
});

describe('sparse files', () => {
  it('a backup of a folder whose sparse file passes the disk at its full size is refused', async () => {
    const panel = open(50);
    await panel.listFiles(credentials, '');
    writeSparse(path.join(gs!.root, 'hole.bin'), 80);
    const refused = await failure(panel.createBackup(credentials, 'sparse'));
    expect([refused.statusCode, refused.code]).toEqual([413, 'over_disk_limit']);
    expect((await panel.listBackups(credentials)).backups).toEqual([]);
  });

  it('a restore that would write a sparse file whole, past the disk, is refused and the files stay', async () => {
    // The backup was made when the plan had room for it (2 GB), the plan is now 50 MB.
    let panel = open(2048, { 'server.properties': 'motd=before\n' });
    await panel.listFiles(credentials, '');
    writeSparse(path.join(gs!.root, 'hole.bin'), 80);
    const backup = await panel.createBackup(credentials, 'sparse');
    await panel.backups(id)!.settled();
    await until(
      () => panel.listBackups(credentials),
      (list) => list.backups[0]?.state === 'ready',
      'the backup',
    );
    await panel.close();
    fs.rmSync(path.join(gs!.root, 'hole.bin'));
    panel = open(50);
    const refused = await failure(panel.restoreBackup(credentials, backup.id));
    expect([refused.statusCode, refused.code]).toEqual([413, 'over_disk_limit']);
    expect(refused.message).toMatch(/80\.\d MiB at their full size/);
    expect(fs.readdirSync(gs!.root)).toEqual(['server.properties']);
  });
});
