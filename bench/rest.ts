/**
 * `npm run bench:rest`: the server's memory at rest and its start-to-ready time.
 *
 * Starts the server as `npm start` does (the node flags of package.json's `serve` script, on
 * SQLite, the local driver with its demo Minecraft server) in a fresh working directory, so its
 * ./data is new: a first start makes the demo server and the database, is stopped, and then each
 * measured start times spawn → the first 200 of GET /api/health/ready, waits 20 s with nothing
 * to do and reads the RSS of the server process only (/proc/PID/status; the demo game server is
 * its child and is shown apart, not counted). Prints the figures and exits by itself.
 *
 *   npm run bench:rest [-- --runs 3 --settle 20 --root DIR]
 *
 * Targets (docs/decisions.md 40): at most 120 MiB RSS at rest, ready within 2 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../test/helpers/free-port.ts';
import { describeServe, serveCommand } from './serve-command.ts';
import { stopper, waitUntilAnswering } from './server-child.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, settle: { type: 'string', default: '20' }, root: { type: 'string' } } });
/** The checkout whose server runs: this one, or --root DIR (another checkout, for a before-and-after). */
const root = path.resolve(values.root ?? path.join(import.meta.dirname, '..'));
const runs = Number(values.runs);
const settleMs = Number(values.settle) * 1000;
const targetMiB = 120;
const targetReadyMs = 2000;

/** RSS, and its anonymous (heap, buffers) and file-backed (code) parts, in MiB. */
function memory(pid: number): { rss: number; anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kib('VmRSS'), anon: kib('RssAnon'), file: kib('RssFile') };
}

/** The pids of a process's children (the demo game server). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** utime + stime of a process, in milliseconds (USER_HZ is 100 on Linux). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Started {
  child: ChildProcess;
  readyMs: number;
  /** CPU time the server used until ready: steadier than the wall time on a busy machine. */
  readyCpuMs: number;
  stop(): Promise<void>;
}

async function start(cwd: string, port: number, demoPort: number): Promise<Started> {
  const begun = performance.now();
  const { env, flags } = serveCommand(root);
  const child = spawn(process.execPath, [...flags, path.join(root, 'server/server.ts')], {
    cwd,
    env: { ...env, PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: String(port), DEMO_MC_PORT: String(demoPort), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = stopper(child);
  try {
    await waitUntilAnswering(child, `http://127.0.0.1:${port}/api/health/ready`, 60_000, 10);
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${stderr}`);
  }
  const readyMs = performance.now() - begun;
  const readyCpuMs = cpuMs(child.pid!);
  return {
    child,
    readyMs,
    readyCpuMs,
    stop,
  };
}

// A bound on the whole run: whatever hangs, the bench ends.
const bound = setTimeout(
  () => {
    console.error('bench:rest did not finish in time; stopping.');
    process.exit(1);
  },
  (runs + 1) * (settleMs + 90_000),
);
bound.unref();

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-rest-'));
// Run as root, the demo game server runs as its own user: it must pass through to its folder.
fs.chmodSync(cwd, 0o711);
const port = Number(process.env.PORT ?? (await freePort()));
const demoPort = Number(process.env.DEMO_MC_PORT ?? (await freePort()));
console.log(`hostfront at rest · node ${process.version} · ${os.cpus().length} CPUs · load ${os.loadavg()[0]!.toFixed(2)}`);
console.log(`server: ${describeServe(root)}${values.root ? ` from ${root}` : ''} in ${cwd} (SQLite, local driver, demo Minecraft server on ${demoPort})`);
try {
  const first = await start(cwd, port, demoPort);
  console.log(`first start (creates ./data): ready in ${first.readyMs.toFixed(0)} ms (${first.readyCpuMs} ms of CPU)`);
  await first.stop();
  const results: { readyMs: number; readyCpuMs: number; rss: number; anon: number; file: number; demo: number }[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const server = await start(cwd, port, demoPort);
    try {
      await sleep(settleMs);
      const pid = server.child.pid!;
      const mem = memory(pid);
      const demo = childrenOf(pid).reduce((sum, child) => sum + memory(child).rss, 0);
      results.push({ readyMs: server.readyMs, readyCpuMs: server.readyCpuMs, ...mem, demo });
      console.log(
        `run ${run}: ready in ${server.readyMs.toFixed(0)} ms (${server.readyCpuMs} ms of CPU); ${values.settle} s later RSS ${mem.rss.toFixed(1)} MiB (anonymous ${mem.anon.toFixed(1)}, files ${mem.file.toFixed(1)}); demo game server ${demo.toFixed(1)} MiB, not counted`,
      );
    } finally {
      await server.stop();
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const rss = median(results.map((r) => r.rss));
  const ready = median(results.map((r) => r.readyMs));
  const readyCpu = median(results.map((r) => r.readyCpuMs));
  console.log(
    `median of ${runs}: RSS ${rss.toFixed(1)} MiB, start to ready ${ready.toFixed(0)} ms (${readyCpu} ms of CPU; load average ${os.loadavg()[0]!.toFixed(2)})`,
  );
  console.log(
    `target: ≤ ${targetMiB} MiB at rest, ready ≤ ${targetReadyMs} ms → ${rss <= targetMiB && ready <= targetReadyMs ? 'MET' : 'NOT MET'} (RSS ${rss.toFixed(0)} MiB, ready ${ready.toFixed(0)} ms)`,
  );
} finally {
  fs.rmSync(cwd, { recursive: true, force: true });
}
