/**
 * `npm run bench:worker-restart [-- --rounds 5]` (as root): what a stopped folder worker
 * costs (docs/decisions.md 65). A server's staying worker answers a listing; then, each round,
 * it is stopped (SIGSTOP, as a customer can), a listing is asked and fails at the deadline, and
 * the next listing starts a new worker. Prints, median and worst: the time to the failure (the
 * silence allowed plus detection), the restart (from the failure to the new worker's answer),
 * and for comparison a warm listing and a first listing on a new worker. Removes its folder and
 * exits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { StayingWorker } from '../server/panel/local/folder-worker-client.ts';
import type { FolderRequest } from '../server/panel/local/folder-ops.ts';
import { loadOrCreateInstall } from '../server/panel/local/install.ts';
import { accountFor, prepareFolder } from '../server/panel/local/run-as.ts';
import { workerDeadlines } from '../server/panel/local/worker-deadlines.ts';

if (process.getuid?.() !== 0) {
  console.error('Run as root: only then does a folder action run in a worker as the server’s user.');
  process.exit(1);
}
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-bench-restart-'));
fs.chmodSync(dir, 0o711);
const cwd = path.join(dir, 'server');
const stats = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms`;
};
const timed = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

try {
  // The install of this checkout's ./data, as the app's own driver would use (install.ts).
  const install = loadOrCreateInstall(path.resolve('data'));
  const account = await accountFor({ id: 'bench-restart', cwd }, install);
  await prepareFolder(cwd, account, install);
  for (let i = 0; i < 200; i++) fs.writeFileSync(path.join(cwd, `file-${i}.txt`), `file ${i}\n`);
  const listing: FolderRequest = { op: 'list', root: cwd, path: '' };
  const firsts: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const fresh = new StayingWorker(account);
    firsts.push(await timed(() => fresh.request(listing)));
    for (let j = 0; j < 5; j++) warm.push(await timed(() => fresh.request(listing)));
    fresh.close();
  }

  const worker = new StayingWorker(account);
  await worker.request(listing);
  const failures: number[] = [];
  const restarts: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const pid = worker.pid!;
    process.kill(pid, 'SIGSTOP');
    const started = performance.now();
    const error = await worker.request(listing).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    failures.push(performance.now() - started);
    if (!error) throw new Error('a stopped worker answered');
    restarts.push(await timed(() => worker.request(listing)));
    if (worker.pid === pid) throw new Error('the stopped worker was not replaced');
  }
  worker.close();
  console.log(`folder worker, ${rounds} rounds (silence allowed: ${workerDeadlines.silentMs} ms, looked at every ${workerDeadlines.checkMs} ms)`);
  console.log(`stopped worker → the action fails: ${stats(failures)}`);
  console.log(`restart after the failure → the next action answered by a new worker: ${stats(restarts)}`);
  console.log(`for comparison, a first action on a new worker: ${stats(firsts)}; a warm action: ${stats(warm)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
