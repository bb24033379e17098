// npm run bench:status — the status board's two budgets, measured on loopback:
//  1. 10,000 SSE subscribers held by one server process: its RSS, memory per subscriber, and
//     the time until one update reached all of them (target: at most 250 MB RSS (docs/decisions.md 40), within 1 s).
//  2. 1,000 TCP monitors probed every 30 s: the server process's CPU time over two rounds,
//     as % of one core (target: under 20%).
// The server runs as its own child process (node server/server.ts) so its RSS and CPU are its
// own; subscribers are raw sockets in separate worker processes; the TCP listeners the monitors
// probe live in yet another process. Bounded loops only; everything exits by itself.
// Knobs: BENCH_SUBSCRIBERS (10000), BENCH_MONITORS (1000), BENCH_ROUNDS (2),
// BENCH_SERVER_NODE_OPTIONS (the server's node flags; default: those of `npm run serve`);
// `npm run bench:status -- --root DIR` runs the server of another checkout (its node_modules and
// dist/ in place), for a before-and-after.
// The server keeps its shipped per-address cap (STATUS_STREAMS_PER_ADDRESS, 50): the subscribers
// come from many loopback addresses (127.x.y.z), at most `perAddress` from each, as real
// visitors would. Needs a file-descriptor limit above the subscriber count: the bench raises
// its soft limit (ulimit -n) up to the hard one by starting itself again, or says what to do.
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/helpers/free-port.ts';
import { describeServe, serveCommand } from './serve-command.ts';
import { nextMessage as once, stopper, waitUntilAnswering } from './server-child.ts';

const rootFlag = process.argv.indexOf('--root');
/** The checkout whose server runs: this one, or --root DIR. */
const root = rootFlag > 0 && process.argv[rootFlag + 1] ? path.resolve(process.argv[rootFlag + 1]!) : path.resolve(import.meta.dirname, '..');
const mode = process.argv[2];
/** Subscribers per client address: under the server's default STATUS_STREAMS_PER_ADDRESS (50). */
const perAddress = 40;
/** Every process this bench started, so a stuck run can still end them all. */
const processes = new Set<ChildProcess>();

// ---------------------------------------------------------------------------------------------
// Worker: holds `count` subscribers as raw sockets, reports each serverStatus id it sees.
if (mode === 'subscribers') {
  const port = Number(process.argv[3]);
  const count = Number(process.argv[4]);
  /** This worker's second octet: its clients are 127.<octet>.x.y, apart from other workers'. */
  const octet = Number(process.argv[5]);
  const sockets: net.Socket[] = [];
  const seen = new Map<string, { count: number; last: number }>();
  let connected = 0;
  let refused = 0;
  let opened = 0;
  /** 127.<octet>.hi.lo for the n-th client: `perAddress` clients share an address. */
  const addressOf = (n: number): string => {
    const a = Math.floor(n / perAddress);
    return `127.${octet}.${Math.floor(a / 250)}.${(a % 250) + 1}`;
  };
  const request = `GET /api/status/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`;
  const idPrefix = Buffer.from('id: ');
  const open = (): Promise<void> =>
    new Promise((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port, localAddress: addressOf(opened++) });
      let headed = false;
      // A client that got no answer in time counts as not connected, and the bench goes on.
      const timer = setTimeout(() => {
        socket.destroy();
        resolve();
      }, 20_000);
      socket.once('connect', () => socket.write(request));
      // Kept cheap on purpose: the clients share the CPUs with the server being measured.
      socket.on('data', (chunk: Buffer) => {
        const at = Date.now();
        if (!headed) {
          clearTimeout(timer);
          if (chunk.toString('latin1', 0, 12) !== 'HTTP/1.1 200') {
            // Refused (a cap): the server may keep the connection open; this client is done.
            refused++;
            socket.destroy();
            resolve();
            return;
          }
          headed = true;
          connected++;
          resolve();
        }
        let from = 0;
        for (;;) {
          const i = chunk.indexOf(idPrefix, from);
          if (i === -1) break;
          const end = chunk.indexOf(10, i);
          const id = chunk.toString('latin1', i + 4, end);
          from = end;
          const entry = seen.get(id);
          if (entry) {
            entry.count++;
            if (at > entry.last) entry.last = at;
          } else seen.set(id, { count: 1, last: at });
        }
      });
      socket.on('error', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.on('close', () => {
        clearTimeout(timer);
        if (headed) connected--;
        resolve();
      });
      sockets.push(socket);
    });
  for (let i = 0; i < count; i += 250) {
    await Promise.all(Array.from({ length: Math.min(250, count - i) }, open));
  }
  process.once('disconnect', () => process.exit(0));
  process.send!({ type: 'connected', connected, refused });
  process.on('message', (message: { type: string }) => {
    if (message.type === 'report') process.send!({ type: 'report', connected, seen: Object.fromEntries(seen) });
    if (message.type === 'exit') {
      for (const s of sockets) s.destroy();
      process.exit(0);
    }
  });
}

// Worker: TCP listeners for the monitors to connect to.
else if (mode === 'listeners') {
  const count = Number(process.argv[3]);
  const ports: number[] = [];
  for (let i = 0; i < count; i++) {
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', 2048, resolve));
    ports.push((server.address() as net.AddressInfo).port);
  }
  process.once('disconnect', () => process.exit(0));
  process.send!({ type: 'ports', ports });
  process.on('message', (message: { type: string }) => {
    if (message.type === 'exit') process.exit(0);
  });
}

// ---------------------------------------------------------------------------------------------
else {
  await main();
}

interface Server {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

async function startServer(dir: string, monitors: unknown): Promise<Server> {
  const port = await freePort();
  const monitorsFile = path.join(dir, `monitors-${port}.json`);
  fs.writeFileSync(monitorsFile, JSON.stringify(monitors));
  const { env, flags } = serveCommand(root);
  const child = spawn(process.execPath, [...flags, path.join(root, 'server/server.ts')], {
    cwd: root,
    env: {
      ...env,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${path.join(dir, `bench-${port}.db`)}`,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      MONITORS_FILE: monitorsFile,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  processes.add(child);
  const stop = stopper(child, 10_000);
  await waitUntilAnswering(child, `http://127.0.0.1:${port}/api/health`, 30_000);
  return { child, port, stop };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100; // USER_HZ is 100 on Linux
}

async function subscribersBench(dir: string, listenerPort: number): Promise<void> {
  const total = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
  const workers = 4;
  const intervalSeconds = 6;
  const server = await startServer(dir, {
    monitors: [
      { id: 'india-01', name: 'India - 01', type: 'tcp', target: `127.0.0.1:${listenerPort}`, intervalSeconds },
      { id: 'game', name: 'Game Server', type: 'tcp', target: `127.0.0.1:${listenerPort}`, intervalSeconds },
    ],
  });
  try {
    await sleep(1500);
    const before = rssMb(server.child.pid!);
    const started = Date.now();
    const children = Array.from({ length: workers }, (_, i) =>
      fork(import.meta.filename, ['subscribers', String(server.port), String(Math.floor(total / workers) + (i < total % workers ? 1 : 0)), String(10 + i)], {
        stdio: 'inherit',
      }),
    );
    for (const c of children) processes.add(c);
    const opened = await Promise.all(children.map((c) => once<{ connected: number; refused: number }>(c, 'connected')));
    const connected = opened.reduce((n, m) => n + m.connected, 0);
    const refused = opened.reduce((n, m) => n + m.refused, 0);
    const connectSeconds = (Date.now() - started) / 1000;
    // Let a few rounds go by: each reaches every subscriber.
    await sleep(intervalSeconds * 3 * 1000 + 500);
    const after = rssMb(server.child.pid!);
    const reports = await Promise.all(
      children.map((c) => {
        const reply = once<{ connected: number; seen: Record<string, { count: number; last: number }> }>(c, 'report');
        c.send({ type: 'report' });
        return reply;
      }),
    );
    const held = reports.reduce((n, r) => n + r.connected, 0);
    const rounds = new Map<number, { count: number; last: number }>();
    for (const r of reports) {
      for (const [id, e] of Object.entries(r.seen)) {
        const round = rounds.get(Number(id)) ?? { count: 0, last: 0 };
        round.count += e.count;
        round.last = Math.max(round.last, e.last);
        rounds.set(Number(id), round);
      }
    }
    // Rounds published after every subscriber was connected (the snapshot sent on connect is not one).
    const complete = [...rounds.entries()].filter(([id]) => id > started + connectSeconds * 1000).sort((a, b) => a[0] - b[0]);
    for (const c of children) c.send({ type: 'exit' });
    console.log('SSE subscribers (one server process)');
    console.log(`  subscribers requested          ${total}`);
    console.log(
      `  subscribers held               ${held} (connected in ${connectSeconds.toFixed(1)} s, from ${Math.ceil(total / perAddress)} loopback addresses${refused ? `; ${refused} refused` : ''})`,
    );
    if (connected < total) console.log(`  NOTE: only ${connected} of ${total} connected`);
    console.log(`  server RSS before / with them  ${before.toFixed(1)} MB / ${after.toFixed(1)} MB`);
    console.log(`  memory per subscriber          ${(((after - before) * 1024) / Math.max(1, held)).toFixed(1)} KB`);
    for (const [id, round] of complete) {
      console.log(`  round ${id}: delivered to ${round.count}/${held}, last one ${round.last - id} ms after the round was taken`);
    }
    const worst = Math.max(...complete.map(([id, r]) => r.last - id));
    const allDelivered = complete.length > 0 && complete.every(([, r]) => r.count >= held);
    console.log(
      `  target: ≤ 250 MB RSS, all within 1000 ms → ${after <= 250 && allDelivered && worst < 1000 ? 'MET' : 'NOT MET'} (RSS ${after.toFixed(0)} MB, worst ${worst} ms, ${allDelivered ? 'every' : 'NOT every'} subscriber got every round)`,
    );
  } finally {
    await server.stop();
  }
}

async function monitorsBench(dir: string, ports: number[]): Promise<void> {
  const count = Number(process.env.BENCH_MONITORS ?? 1000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const intervalSeconds = 30;
  const monitors = Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    name: `Monitor ${i}`,
    type: 'tcp',
    target: `127.0.0.1:${ports[i % ports.length]}`,
    intervalSeconds,
  }));
  const server = await startServer(dir, { monitors });
  try {
    // The first round runs 0.25 s after start; measure from after it over `rounds` full intervals.
    await sleep(5000);
    const pid = server.child.pid!;
    const cpu0 = cpuSeconds(pid);
    const t0 = Date.now();
    await sleep(rounds * intervalSeconds * 1000);
    const cpu1 = cpuSeconds(pid);
    const wall = (Date.now() - t0) / 1000;
    const report = (await (await fetch(`http://127.0.0.1:${server.port}/api/status`)).json()) as { servers: { status: string; history: unknown[] }[] };
    const up = report.servers.filter((s) => s.status === 'operational' || s.status === 'degraded').length;
    const readings = report.servers.reduce((n, s) => n + s.history.length, 0);
    const percent = ((cpu1 - cpu0) / wall) * 100;
    console.log(`\n${count} TCP monitors every ${intervalSeconds} s (one server process)`);
    console.log(`  measured over                  ${wall.toFixed(1)} s (${rounds} rounds)`);
    console.log(`  server CPU time                ${(cpu1 - cpu0).toFixed(2)} s`);
    console.log(`  CPU                            ${percent.toFixed(2)}% of one core`);
    console.log(`  monitors up after the rounds   ${up}/${count}, ${readings} readings held`);
    console.log(`  server RSS                     ${rssMb(pid).toFixed(1)} MB`);
    console.log(`  target: < 20% of one core → ${percent < 20 && up === count ? 'MET' : 'NOT MET'}`);
  } finally {
    await server.stop();
  }
}

/** The soft and hard limits on open files of this process (RLIMIT_NOFILE). */
function fileLimits(): { soft: number; hard: number } {
  const line = /^Max open files\s+(\S+)\s+(\S+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
  const value = (v: string | undefined) => (v === undefined || v === 'unlimited' ? Infinity : Number(v));
  return { soft: value(line?.[1]), hard: value(line?.[2]) };
}

/**
 * The server holds one descriptor per subscriber. Node raises its soft open-files limit to the
 * hard one by itself, so only the hard limit can be short: root may raise it, which this bench
 * does by running itself again under `ulimit -n`; anyone else is told what to do. Returns only
 * when the limit is enough.
 */
function ensureFileLimit(needed: number): void {
  const { soft, hard } = fileLimits();
  if (soft >= needed) return;
  if (process.getuid?.() === 0 && process.env.BENCH_STATUS_RAISED !== '1') {
    // 97: the raise was refused (a container without CAP_SYS_RESOURCE).
    const result = spawnSync(
      'sh',
      [
        '-c',
        `ulimit -n ${needed} 2>/dev/null || exit 97; exec "$0" "$@"`,
        process.execPath,
        ...process.execArgv,
        import.meta.filename,
        ...process.argv.slice(2),
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, BENCH_STATUS_RAISED: '1' },
      },
    );
    if (result.status !== 97) process.exit(result.status ?? 1);
  }
  console.error(
    `bench:status needs ${needed} open files per process; the limit is ${soft} (hard ${hard}). Raise it (as root: ulimit -n ${needed}) or set BENCH_SUBSCRIBERS lower.`,
  );
  process.exit(1);
}

async function main(): Promise<void> {
  ensureFileLimit(Number(process.env.BENCH_SUBSCRIBERS ?? 10_000) + 2_000);
  // A bound on the whole run: whatever hangs, the bench ends (and says so).
  setTimeout(() => {
    console.error('bench:status did not finish in 10 minutes; stopping it.');
    for (const child of processes) child.kill('SIGKILL');
    process.exit(1);
  }, 10 * 60_000).unref();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-bench-'));
  const listeners = fork(import.meta.filename, ['listeners', '20'], { stdio: 'inherit' });
  processes.add(listeners);
  const { ports } = await once<{ ports: number[] }>(listeners, 'ports');
  console.log(`hostfront status benchmark · node ${process.version} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()})`);
  console.log(`server: ${describeServe(root)}${rootFlag > 0 ? ` from ${root}` : ''} · clients: 4 worker processes on the same machine\n`);
  try {
    await subscribersBench(dir, ports[0]!);
    await monitorsBench(dir, ports);
  } finally {
    listeners.send({ type: 'exit' });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
