/**
 * `npm run bench:backup`: the local driver's backup and restore of a 1 GiB server folder.
 *
 * Makes a folder in a temporary directory with a game server's mix of files (large and medium
 * files of random bytes, as world regions and jars are already compressed; large and small text
 * files, as logs and configs compress well), then runs the local driver's own code: a backup
 * (gzip tar archive beside the folder), then a restore of it (extract beside, swap by rename).
 * Prints the time and the peak resident memory (RSS, sampled every 10 ms, in a process that did
 * not make the folder) of each, checks the restored folder matches, removes everything and exits.
 *
 * Options: --size-mib 1024
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { hashKey } from '../server/panel/local/key-hash.ts';
import { benchServer } from './bench-server.ts';
import { createLocalDriver } from '../server/panel/local/local-driver.ts';

const { values } = parseArgs({ options: { 'size-mib': { type: 'string', default: '1024' }, measure: { type: 'string' } } });
const totalMiB = Number(values['size-mib']);
const MiB = 1024 * 1024;

/** Random bytes from a 32 MiB pool at shifting offsets: incompressible within gzip's window, cheap to make. */
let pool: Buffer | undefined;
let poolOffset = 0;
function randomChunk(size: number): Buffer {
  pool ??= randomBytes(32 * MiB);
  if (poolOffset + size > pool.length) poolOffset = (poolOffset * 7 + 4099) % (pool.length - size);
  const chunk = pool.subarray(poolOffset, poolOffset + size);
  poolOffset += size + 13;
  return chunk;
}

/** Text that compresses like a server log: lines with counters and a few repeated words. */
function textChunk(size: number, seed: number): Buffer {
  const words = ['INFO', 'WARN', 'Server thread', 'joined the game', 'Saving chunks', 'Done', 'UUID of player', 'moved too quickly'];
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const line = `[${String(seed + i).padStart(8, '0')}] [${words[i % words.length]}/${words[(i * 3 + seed) % words.length]}]: ${words[(i * 5) % words.length]} ${(i * 37) % 1000} ${(seed * 31 + i) % 97}\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join('')).subarray(0, size);
}

function writeFiles(root: string): { files: number; bytes: number } {
  // Shares of the total: 30% large random, 20% medium random, 35% large text, 15% small mixed.
  const plan: Array<{ dir: string; share: number; size: number; kind: 'random' | 'text' | 'mixed' }> = [
    { dir: 'world/region', share: 0.3, size: 16 * MiB, kind: 'random' },
    { dir: 'plugins', share: 0.2, size: 256 * 1024, kind: 'random' },
    { dir: 'logs', share: 0.35, size: 8 * MiB, kind: 'text' },
    { dir: 'world/playerdata', share: 0.15, size: 8 * 1024, kind: 'mixed' },
  ];
  let files = 0;
  let bytes = 0;
  for (const { dir, share, size, kind } of plan) {
    fs.mkdirSync(path.join(root, dir), { recursive: true });
    const count = Math.max(1, Math.round((share * totalMiB * MiB) / size));
    for (let i = 0; i < count; i++) {
      const data = kind === 'random' || (kind === 'mixed' && i % 2 === 0) ? randomChunk(size) : textChunk(size, i * 1000);
      fs.writeFileSync(path.join(root, dir, `${kind}-${i}.dat`), data);
      files += 1;
      bytes += data.length;
    }
  }
  fs.writeFileSync(path.join(root, 'server.properties'), 'motd=Benchmark\n');
  return { files: files + 1, bytes: bytes + 15 };
}

function folderTotals(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** Runs `work`, sampling RSS every 10 ms; returns seconds and the peak RSS in MiB. */
async function measure(work: () => Promise<void>): Promise<{ seconds: number; peakMiB: number; startMiB: number }> {
  const startMiB = process.memoryUsage.rss() / MiB;
  let peak = startMiB;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss() / MiB)), 10);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage.rss() / MiB);
  return { seconds: (performance.now() - started) / 1000, peakMiB: peak, startMiB };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** In a process of its own, so its memory figures are the driver's and not the folder maker's. */
async function measureBackupAndRestore(root: string, made: { files: number; bytes: number }): Promise<boolean> {
  const key = 'bench-key';
  const credentials = { serverId: 'bench', key };
  const driver = createLocalDriver({
    servers: [benchServer('bench', root, await hashKey(key))],
    log: { info() {}, warn: (obj, msg) => console.warn(msg, obj) },
    diskIntervalMs: 3_600_000,
  });
  const backups = driver.backups('bench')!;
  let backupId = '';
  const backup = await measure(async () => {
    backupId = (await driver.createBackup(credentials, 'benchmark')).id;
    await backups.settled();
  });
  const archive = (await driver.listBackups(credentials)).backups[0]!;
  if (archive.state !== 'ready') throw new Error(`the backup failed: ${archive.failure}`);
  console.log(
    `Backup:  ${fmt(backup.seconds, 2)} s (${fmt(made.bytes / MiB / backup.seconds)} MiB/s), archive ${fmt(archive.size / MiB)} MiB (${fmt((100 * archive.size) / made.bytes)}% of the folder), peak RSS ${fmt(backup.peakMiB)} MiB (${fmt(backup.startMiB)} MiB before)`,
  );

  fs.writeFileSync(path.join(root, 'server.properties'), 'motd=Changed after the backup\n');
  const restore = await measure(async () => {
    await driver.restoreBackup(credentials, backupId);
    await backups.settled();
  });
  const { restoreFailure } = await driver.listBackups(credentials);
  if (restoreFailure) throw new Error(restoreFailure);
  const restored = folderTotals(root);
  const matches =
    restored.files === made.files && restored.bytes === made.bytes && fs.readFileSync(path.join(root, 'server.properties'), 'utf8') === 'motd=Benchmark\n';
  console.log(
    `Restore: ${fmt(restore.seconds, 2)} s (${fmt(made.bytes / MiB / restore.seconds)} MiB/s), peak RSS ${fmt(restore.peakMiB)} MiB (${fmt(restore.startMiB)} MiB before); restored folder ${matches ? 'matches' : 'DOES NOT MATCH'} (${restored.files} files, ${fmt(restored.bytes / MiB)} MiB)`,
  );
  await driver.close();
  return matches;
}

if (values.measure) {
  const { root, files, bytes } = JSON.parse(values.measure) as { root: string; files: number; bytes: number };
  process.exitCode = (await measureBackupAndRestore(root, { files, bytes })) ? 0 : 1;
} else {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-bench-backup-'));
  // Run as root, the server's user passes through to its folder.
  fs.chmodSync(work, 0o711);
  const root = path.join(work, 'server');
  try {
    console.log(`Making a ${totalMiB} MiB server folder in ${work} ...`);
    const made = writeFiles(root);
    console.log(`  ${made.files} files, ${fmt(made.bytes / MiB)} MiB (30% large random, 20% medium random, 35% log text, 15% small mixed)`);
    const child = spawnSync(process.execPath, [import.meta.filename, '--measure', JSON.stringify({ root, ...made })], { stdio: 'inherit' });
    console.log(
      `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}`,
    );
    if (child.status !== 0) process.exitCode = child.status ?? 1;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
