/**
 * `npm run bench:files`: what the local driver's file actions cost, as the panel calls them
 * (driver in this process, a real folder in a temporary directory): list a folder of 200 files,
 * read a 4 KiB text file, save it, each N times in a row; prints the median and p95 latency of
 * each. Run as root, every action runs as the server's own user (README, Security); run the same
 * script on an older checkout to compare.
 *
 * Figures, not a test: it prints and exits. Options: --calls 300
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { hashKey } from '../server/panel/local/key-hash.ts';
import { benchServer } from './bench-server.ts';
import { createLocalDriver } from '../server/panel/local/local-driver.ts';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '300' } } });
const calls = Number(values.calls);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-bench-files-'));
// Run as root, the server's user passes through to its folder.
fs.chmodSync(work, 0o711);
const root = path.join(work, 'server');
fs.mkdirSync(path.join(root, 'plugins'), { recursive: true });
for (let i = 0; i < 200; i++) fs.writeFileSync(path.join(root, 'plugins', `config-${i}.yml`), `setting-${i}: ${i}\n`.repeat(20));
const text = 'motd=Benchmark\n'.repeat(270);
fs.writeFileSync(path.join(root, 'server.properties'), text);

const key = 'bench-key';
const credentials = { serverId: 'bench-files', key };
const driver = createLocalDriver({
  servers: [benchServer('bench-files', root, await hashKey(key))],
  log: { info() {}, warn: (obj, msg) => console.warn(msg, obj) },
  diskIntervalMs: 3_600_000,
});

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function time(name: string, action: () => Promise<unknown>): Promise<void> {
  await action(); // the first call pays for preparing the folder (and starting a worker)
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(`${name.padEnd(28)} median ${quantile(samples, 0.5).toFixed(2)} ms, p95 ${quantile(samples, 0.95).toFixed(2)} ms (${calls} calls)`);
}

try {
  console.log(`Running as ${process.getuid?.() === 0 ? 'root' : 'a plain user'} (this checkout: ${path.resolve(import.meta.dirname, '..')})`);
  await time('list (200 files)', () => driver.listFiles(credentials, 'plugins'));
  await time('read (4 KiB text)', () => driver.readFile(credentials, 'server.properties'));
  await time('save (4 KiB text)', () => driver.writeFile(credentials, 'server.properties', text));
  await time('download (4 KiB)', async () => {
    const download = await driver.downloadFile(credentials, 'server.properties');
    for await (const _chunk of download.stream) {
      // drained
    }
  });
  console.log(
    `Machine: ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await driver.close();
  fs.rmSync(work, { recursive: true, force: true });
}
