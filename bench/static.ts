/**
 * `npm run bench:static`: Hostfront serving the built site, side by side with nginx serving the
 * same dist/ in the same run. Needs a built site (npm run build) and Debian's nginx
 * (scripts/ensure-system.sh installs it); builds and installs nothing itself.
 *
 * nginx is our own instance (its own configuration, pid, logs and temp paths in a temporary
 * directory, on a loopback port; never the system service), with gzip_static so both servers send
 * the same precompressed .gz files, and no access log, as Hostfront logs file answers only at
 * debug. Hostfront is `node server/server.ts` with the flags and environment of `npm run serve`, its log going to
 * a file. Each is loaded by autocannon (50 connections, `Accept-Encoding: gzip`) for a page (/)
 * and a small hashed script from dist/_astro/: a warm-up, then a fixed duration split in slices
 * that alternate between the two servers, so a change in the machine's load hits both alike.
 * Target: Hostfront at least 0.85x nginx's requests per second on both.
 *
 * The script is also loaded, in the same alternating slices, on the floor of any Node HTTP
 * server (bench/node-floor-server.ts): Node's own `node:http` with the same flags, answering
 * Hostfront's head and body for that script and doing nothing else. Its ratio to nginx is the
 * most a server built on Node's HTTP server can reach on this machine (docs/decisions.md 175).
 *
 * Figures, not a test: prints one table and exits 0 (--strict: exit 1 when the target is missed).
 * Options: --duration 10 --warmup 3 --rounds 3 --connections 50 --nginx-workers 1 (Hostfront is
 * one process; `auto` is Debian's default) --log-level info.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { freePort } from '../test/helpers/free-port.ts';
import { nginxBinary, startNginx } from '../test/helpers/nginx-process.ts';
import { serveCommand } from './serve-command.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const ratioTarget = 0.85;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    'nginx-workers': { type: 'string', default: '1' },
    'log-level': { type: 'string', default: 'info' },
    server: { type: 'string' },
    strict: { type: 'boolean', default: false },
  },
});
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const rounds = Math.max(1, Number(args.rounds));
/** The checkout whose server runs (another one's, to compare before and after a change). */
const serverRoot = path.resolve(args.server ?? root);

interface Figures {
  rps: number;
  /** Server CPU time per request, in microseconds. */
  cpuUs: number;
  /** Page faults per thousand requests. */
  faultsPerK: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The smallest hashed script that has a precompressed .gz sibling (so both send the same bytes). */
function smallHashedScript(): string {
  const dir = path.join(dist, '_astro');
  const scripts = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js') && fs.existsSync(path.join(dir, `${f}.gz`)))
    .map((f) => ({ f, size: fs.statSync(path.join(dir, f)).size }))
    .sort((a, b) => a.size - b.size);
  if (scripts.length === 0) throw new Error('no precompressed script in dist/_astro: run npm run build');
  return `/_astro/${scripts[0]!.f}`;
}

/** Waits until `url` answers 200 (30 s at most), failing at once if the server has exited. */
async function untilAnswering(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited()) throw new Error('it exited during start');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('no answer in 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startHostfront(dir: string): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  // As `npm run serve` runs it, its environment (MALLOC_ARENA_MAX) included: bench/serve-command.ts.
  const { env: serveEnv, flags } = serveCommand(serverRoot);
  const log = fs.openSync(path.join(dir, 'hostfront.log'), 'a');
  const child = spawn(process.execPath, [...flags, path.join(serverRoot, 'server/server.ts')], {
    cwd: serverRoot,
    env: {
      ...serveEnv,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: args['log-level'],
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      MONITORS_FILE: path.join(root, 'test/fixtures/no-monitors.json'),
      LOCAL_SERVERS_FILE: path.join(root, 'test/fixtures/panel-servers.json'),
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await untilAnswering(`http://127.0.0.1:${port}/api/health`, () => child.exitCode !== null);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`Hostfront did not start: ${(error as Error).message}\n${fs.readFileSync(path.join(dir, 'hostfront.log'), 'utf8')}`);
  }
  return {
    port,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The head Hostfront sends for `url` with gzip, as [name, value, …], less what Node writes by itself. */
async function headOf(url: string): Promise<string[]> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': 'gzip' } }, resolve).on('error', reject);
  });
  response.resume();
  const raw = response.rawHeaders;
  const own = new Set(['date', 'connection', 'keep-alive']);
  return raw.flatMap((value, i) => (i % 2 === 0 && !own.has(value.toLowerCase()) ? [value, raw[i + 1]!] : []));
}

/** bench/node-floor-server.ts, run as Hostfront is run, answering `head` and the bytes of `bodyFile`. */
async function startFloor(dir: string, head: string[], bodyFile: string): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const { env: serveEnv, flags } = serveCommand(serverRoot);
  const child = spawn(process.execPath, [...flags, path.join(root, 'bench/node-floor-server.ts')], {
    cwd: dir,
    env: { ...serveEnv, PATH: process.env.PATH ?? '', FLOOR_PORT: String(port), FLOOR_BODY: bodyFile, FLOOR_HEADERS: JSON.stringify(head) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await untilAnswering(`http://127.0.0.1:${port}/`, () => child.exitCode !== null);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`the Node floor server did not start: ${(error as Error).message}`);
  }
  return {
    port,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Both servers must send the same thing: 200, gzip, and the built file once decoded. */
async function checkSame(url: string, file: string): Promise<void> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': 'gzip' } }, resolve).on('error', reject);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const encoding = response.headers['content-encoding'];
  if (response.statusCode !== 200 || encoding !== 'gzip' || !zlib.gunzipSync(body).equals(fs.readFileSync(file))) {
    throw new Error(
      `${url} did not answer 200 with the precompressed gzip of ${path.relative(root, file)} (status ${response.statusCode}, encoding ${encoding})`,
    );
  }
}

/**
 * CPU time (user + system, seconds) and page faults (minor and major) of a process and its direct
 * children (nginx's workers), from /proc. Faults show memory handed back to the kernel and touched
 * again: in a virtual machine each costs the host's work too (docs/decisions.md 175).
 */
function usage(pid: number): { cpu: number; faults: number } {
  const own = (id: number) => {
    const stat = fs.readFileSync(`/proc/${id}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), faults: Number(fields[7]) + Number(fields[9]) };
  };
  const first = own(pid);
  let { ticks, faults } = first;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const child = own(Number(entry));
      if (child.ppid === pid) {
        ticks += child.ticks;
        faults += child.faults;
      }
    } catch {
      // gone meanwhile
    }
  }
  return { cpu: ticks / 100, faults }; // USER_HZ is 100 on Linux
}

interface Slice {
  cpu: number;
  faults: number;
  requests: number;
  seconds: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, seconds: number, pid: number): Promise<Slice> {
  const before = usage(pid);
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
  return {
    cpu: usage(pid).cpu - before.cpu,
    faults: usage(pid).faults - before.faults,
    requests: result.requests.total,
    seconds: result.duration,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Slices of one server added up: requests over the time they took, and the mean of their p99s. */
function total(slices: Slice[]): Figures {
  const requests = slices.reduce((n, s) => n + s.requests, 0);
  const seconds = slices.reduce((n, s) => n + s.seconds, 0);
  return {
    rps: requests / seconds,
    cpuUs: (slices.reduce((n, s) => n + s.cpu, 0) / requests) * 1e6,
    faultsPerK: (slices.reduce((n, s) => n + s.faults, 0) / requests) * 1000,
    p99: Math.round(slices.reduce((n, s) => n + s.p99, 0) / slices.length),
    errors: slices.reduce((n, s) => n + s.errors, 0),
    non2xx: slices.reduce((n, s) => n + s.non2xx, 0),
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error('No built site in dist/: run npm run build first.');
    process.exit(1);
  }
  const binary = nginxBinary();
  if (!binary) {
    console.error("nginx is not installed: run scripts/ensure-system.sh (it installs Debian's nginx).");
    process.exit(1);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-bench-static-'));
  const nginxPort = await freePort();
  const nginx = await startNginx({
    ports: [nginxPort],
    workers: args['nginx-workers'] === 'auto' ? undefined : Number(args['nginx-workers']),
    http: `
  access_log off;
  sendfile on;
  tcp_nopush on;
  gzip off;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${dist};
    location / { try_files $uri $uri/index.html =404; }
    location /_astro/ { add_header cache-control "public, max-age=31536000, immutable"; }
    error_page 404 /404.html;
  }`,
  }).catch((error: unknown) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  let hostfront: Awaited<ReturnType<typeof startHostfront>> | undefined;
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    hostfront = await startHostfront(dir);
    const asset = smallHashedScript();
    const hostfrontBase = `http://127.0.0.1:${hostfront.port}`;
    floor = await startFloor(dir, await headOf(hostfrontBase + asset), path.join(dist, `${asset}.gz`));
    const nginxServer = { name: 'nginx', base: `http://127.0.0.1:${nginxPort}`, pid: nginx.child.pid! };
    const hostfrontServer = { name: 'hostfront', base: hostfrontBase, pid: hostfront.pid };
    const floorServer = { name: 'node floor', base: `http://127.0.0.1:${floor.port}`, pid: floor.pid };
    const targets = [
      {
        name: `page / (${Math.round(fs.statSync(path.join(dist, 'index.html.gz')).size / 1024)} KB gzip)`,
        path: '/',
        file: path.join(dist, 'index.html'),
        servers: [nginxServer, hostfrontServer],
      },
      {
        name: `script (${fs.statSync(path.join(dist, `${asset}.gz`)).size} B gzip)`,
        path: asset,
        file: path.join(dist, asset),
        servers: [nginxServer, hostfrontServer, floorServer],
      },
    ];
    for (const t of targets) for (const s of t.servers) await checkSame(s.base + t.path, t.file);

    const nginxVersion = spawnVersion(binary);
    console.log(`hostfront static benchmark · node ${process.version} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()})`);
    console.log(
      `${nginxVersion}, ${args['nginx-workers']} worker(s), sendfile, gzip_static, no access log · Hostfront: one process, LOG_LEVEL=${args['log-level']} (file answers are logged at debug)`,
    );
    console.log(
      `autocannon: ${connections} connections, Accept-Encoding: gzip; per target ${warmup} s warm-up each, then ${duration} s each in ${rounds} alternating slices, one server loaded at a time\n`,
    );

    const rows: { target: string; figures: Map<string, Figures> }[] = [];
    for (const t of targets) {
      for (const s of t.servers) await load(s.base + t.path, warmup, s.pid);
      // The machine's load changes over time: the servers take turns in short slices.
      const slices = new Map<string, Slice[]>(t.servers.map((s) => [s.name, []]));
      for (let round = 0; round < rounds; round++) {
        for (const s of round % 2 === 0 ? t.servers : [...t.servers].reverse()) slices.get(s.name)!.push(await load(s.base + t.path, duration / rounds, s.pid));
      }
      rows.push({ target: t.name, figures: new Map([...slices].map(([name, list]) => [name, total(list)])) });
    }

    const names = [nginxServer.name, hostfrontServer.name, floorServer.name];
    const pad = (s: string, n: number) => s.padEnd(n);
    const num = (n: number) => Math.round(n).toLocaleString('en-US');
    const width = 36;
    const cols = (f: Figures | undefined) =>
      pad(f ? `${pad(num(f.rps), 9)}${pad(`${f.p99} ms`, 8)}${pad(`${Math.round(f.cpuUs)} µs`, 9)}${f.faultsPerK.toFixed(1)}` : '—', width);
    console.log(`${pad('', 30)}${names.map((n) => pad(n, width)).join('')}`);
    const heads = pad(`${pad('req/s', 9)}${pad('p99', 8)}${pad('CPU/req', 9)}faults/1k`, width);
    console.log(`${pad('target', 30)}${names.map(() => heads).join('')}ratio to nginx (req/s): hostfront, node floor`);
    let met = true;
    for (const r of rows) {
      const rps = (name: string) => r.figures.get(name)?.rps;
      const ratio = rps('hostfront')! / rps('nginx')!;
      const floorRps = rps('node floor');
      if (ratio < ratioTarget) met = false;
      console.log(
        `${pad(r.target, 30)}${names.map((n) => cols(r.figures.get(n))).join('')}${ratio.toFixed(2)}x, ${floorRps === undefined ? '—' : `${(floorRps / rps('nginx')!).toFixed(2)}x`}`,
      );
      for (const [name, f] of r.figures) {
        if (f.errors > 0 || f.non2xx > 0) {
          met = false;
          console.log(`  ${name}: ${f.errors} errors, ${f.non2xx} non-2xx answers`);
        }
      }
    }
    console.log(
      `script: ${asset}; CPU/req: the server's CPU time (nginx: master and workers) per request answered; faults/1k: its page faults per 1,000 requests`,
    );
    console.log("node floor: Node's HTTP server alone with the same flags, answering Hostfront's head and body for the script (bench/node-floor-server.ts)");
    console.log(`\ntarget: Hostfront >= ${ratioTarget}x nginx's requests/s on every target → ${met ? 'MET' : 'NOT MET'}`);
    if (args.strict && !met) process.exitCode = 1;
  } finally {
    await floor?.stop();
    await hostfront?.stop();
    await nginx.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** "nginx/1.22.1": nginx -v prints its version on stderr. */
function spawnVersion(binary: string): string {
  return spawnSync(binary, ['-v'], { encoding: 'utf8' })
    .stderr.trim()
    .replace(/^nginx version: /, '');
}

await main();
