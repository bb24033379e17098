/**
 * `npm run bench:rush`: an outage's rush. An incident is declared while visitors arrive (20,000
 * over 60 s by default); each loads /network-status (the page and the scripts, styles and fonts it
 * names) and opens the live stream, kept open while the visitor stays (--stay, 45 s: boards come
 * and go, about 15,000 open at once at the peak). Prints page time (p50, p99), the
 * time for the incident (declared halfway) and a later update (once everyone has arrived) to reach
 * every board open at that moment, errors, and the servers' peak memory and CPU. Exits by itself.
 *
 *   npm run bench:rush [-- --visitors 20000 --seconds 60]             one instance on SQLite
 *   npm run bench:rush -- --postgres                                   two instances on PostgreSQL
 *                                                                      behind nginx
 *   [-- --root DIR]  run the server of another checkout (its node_modules and dist/ in place)
 *
 * The servers run as `npm run serve` does (bench/serve-command.ts). The live-stream cap
 * (STATUS_STREAMS_TOTAL) is raised for the rush: 20,000 streams on one instance, 15,000 on each of
 * two (an operator sizes it for the boards they expect). nginx runs the proxy settings of
 * config/nginx/hostfront.conf over plain HTTP (TLS and HTTP/2 are nginx's own cost, and the client
 * side of 20,000 TLS handshakes would take the CPU the servers are measured with).
 *
 * Connections: one process holds at most its open-files limit of sockets (here the hard limit is
 * 20,000 and cannot be raised), so visitors leave after --stay seconds, which keeps the peak of
 * open boards (and so of a server's sockets) below it; the bench raises its soft limit to the
 * hard one (`ulimit -n`) by running itself again, the clients are four processes, and nginx runs
 * four workers with worker_connections for their share. Ephemeral
 * ports: each visitor connects from its own loopback address (127.W.x.y, 40 visitors per address,
 * below the per-address stream cap), so no source port range runs out; nginx reaches the two
 * instances from 127.0.0.1 with at most about 10,000 streams each, within the 28,000 ports of one
 * address pair. Bounded: the run stops after `seconds` + 3 minutes whatever happens.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { renderNginxConfig as RenderNginxConfig } from '../scripts/nginx-config.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/databases.ts';
import { freePort } from '../test/helpers/free-port.ts';
import { startNginx, type NginxProcess } from '../test/helpers/nginx-process.ts';
import { SoftAuthenticator } from '../test/helpers/soft-authenticator.ts';
import { describeServe, serveCommand } from './serve-command.ts';
import { nextMessage as once, stopper, waitUntilAnswering } from './server-child.ts';

const perAddress = 40;
const workers = 4;

// ---------------------------------------------------------------------------------------------
// Worker: a share of the visitors. Visitor n (global index) arrives at start + n * gap.
interface VisitorsJob {
  port: number;
  host: string;
  assets: string[];
  start: number;
  gap: number;
  /** How long a visitor keeps the board open, in milliseconds. */
  stayMs: number;
  /** The global indexes of this worker's visitors. */
  first: number;
  step: number;
  total: number;
}
interface Board {
  openedAt: number;
  /** When the visitor closed the board (0: still open). */
  leftAt: number;
  notices: Map<string, number>;
}

async function visitorsWorker(job: VisitorsJob): Promise<void> {
  // The client's own event loop: a stall here delays what it measures, so it is reported.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const pageTimes: number[] = [];
  const errors = new Map<string, number>();
  const boards: Board[] = [];
  const streams: http.ClientRequest[] = [];
  let openStreams = 0;
  const fail = (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1);
  const addressOf = (n: number) => {
    const a = Math.floor(n / perAddress);
    return `127.${20 + Math.floor(a / 62500)}.${Math.floor((a % 62500) / 250)}.${(a % 250) + 1}`;
  };
  const headers = { host: job.host, 'accept-encoding': 'br, gzip', 'user-agent': 'hostfront-rush' };
  const get = (agent: http.Agent, url: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port: job.port, path: url, agent, headers, timeout: 30_000 }, (response) => {
        response.on('data', () => {});
        response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${response.statusCode}`))));
        response.on('error', reject);
      });
      request.on('timeout', () => request.destroy(new Error(`${url}: timeout`)));
      request.on('error', reject);
    });
  const visit = async (n: number) => {
    const localAddress = addressOf(n);
    // A browser's few parallel connections for the page and its assets.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress });
    const began = performance.now();
    try {
      await get(agent, '/network-status');
      await Promise.all(job.assets.map((asset) => get(agent, asset)));
      pageTimes.push(performance.now() - began);
    } catch (error) {
      fail(`page: ${(error as Error).message.replace(/\/[^\s:]*/, 'URL')}`);
      agent.destroy();
      return;
    }
    agent.destroy();
    const board: Board = { openedAt: 0, leftAt: 0, notices: new Map() };
    const request = http.get(
      { host: '127.0.0.1', port: job.port, path: '/api/status/stream', agent: false, localAddress, headers: { ...headers, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          fail(`stream: ${response.statusCode}`);
          response.resume();
          return;
        }
        board.openedAt = Date.now();
        boards.push(board);
        openStreams++;
        // The visitor leaves after a while: the board closes.
        setTimeout(() => {
          board.leftAt = Date.now();
          request.destroy();
        }, job.stayMs).unref();
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = Date.now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.startsWith('event: notice')) continue;
            const data = block.slice(block.indexOf('data: ') + 6);
            const notice = JSON.parse(data) as { incident?: { id: string; updates: unknown[] } };
            if (notice.incident) board.notices.set(`${notice.incident.id}:${notice.incident.updates.length}`, at);
          }
        });
        response.on('close', () => {
          openStreams--;
          if (!closing && board.leftAt === 0) fail('stream: closed by the server');
        });
      },
    );
    request.on('error', (error) => fail(`stream: ${(error as NodeJS.ErrnoException).code ?? error.message}`));
    streams.push(request);
  };
  let closing = false;
  const pending: Promise<void>[] = [];
  for (let n = job.first; n < job.total; n += job.step) {
    const wait = job.start + n * job.gap - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(visit(n));
  }
  await Promise.all(pending);
  process.send!({ type: 'arrived' });
  process.on('message', (message: { type: string; key?: string; since?: number }) => {
    if (message.type === 'notice') {
      // Boards open when the change was sent, and still open 5 s later.
      const eligible = boards.filter((b) => b.openedAt > 0 && b.openedAt < message.since! && (b.leftAt === 0 || b.leftAt > message.since! + 5000));
      const delays = eligible.flatMap((b) => (b.notices.has(message.key!) ? [b.notices.get(message.key!)! - message.since!] : []));
      process.send!({ type: 'notice', eligible: eligible.length, delays });
    }
    if (message.type === 'report')
      process.send!({
        type: 'report',
        pageTimes,
        errors: Object.fromEntries(errors),
        openStreams,
        loopDelayMaxMs: loopDelay.max / 1e6,
        loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
      });
    if (message.type === 'exit') {
      closing = true;
      for (const s of streams) s.destroy();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The run.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== 'visitors'),
  options: {
    visitors: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '60' },
    stay: { type: 'string', default: '45' },
    postgres: { type: 'boolean', default: false },
    root: { type: 'string' },
    job: { type: 'string' },
  },
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** RSS in MiB and CPU seconds (user + system) of a process; undefined once it is gone. */
function sample(pid: number): { rss: number; cpu: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { rss: Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024, cpu: (Number(fields[11]) + Number(fields[12])) / 100 };
  } catch {
    return undefined;
  }
}

/** nginx's error log by kind of message (the request's own details left out), most frequent first. */
function summarizeNginxErrors(log: string): string {
  const kinds = new Map<string, number>();
  for (const line of log.split('\n')) {
    const message = /\[(?:error|warn|crit|alert|emerg)\] \d+#\d+: (?:\*\d+ )?([^,]*)/.exec(line)?.[1];
    if (message) kinds.set(message, (kinds.get(message) ?? 0) + 1);
  }
  if (kinds.size === 0) return 'nothing';
  return [...kinds]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([kind, n]) => `${n} × ${kind}`)
    .join('; ');
}

/** Seconds a process's main thread was ready to run but waited for a CPU (/proc/PID/schedstat). */
function waitedForCpu(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return 0;
  }
}

function childPids(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** Runs this bench again under a higher open-files limit when it is short (as root). */
function ensureFileLimit(needed: number): void {
  const line = /^Max open files\s+(\S+)\s+(\S+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
  const soft = line?.[1] === 'unlimited' ? Infinity : Number(line?.[1]);
  if (soft >= needed) return;
  if (process.getuid?.() === 0 && process.env.BENCH_RUSH_RAISED !== '1') {
    const result = spawnSync(
      'sh',
      [
        '-c',
        `ulimit -Hn ${needed} 2>/dev/null; ulimit -n ${needed} 2>/dev/null || exit 97; exec "$0" "$@"`,
        process.execPath,
        ...process.execArgv,
        import.meta.filename,
        ...process.argv.slice(2),
      ],
      { stdio: 'inherit', env: { ...process.env, BENCH_RUSH_RAISED: '1' } },
    );
    if (result.status !== 97) process.exit(result.status ?? 1);
  }
  console.error(`bench:rush needs ${needed} open files; the limit is ${soft}. Raise it (ulimit -n ${needed}), or fewer --visitors or a shorter --stay.`);
  process.exit(1);
}

interface Instance {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

async function startInstance(root: string, dir: string, env: Record<string, string>): Promise<Instance> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const { env: serveEnv, flags } = serveCommand(root);
  const child = spawn(process.execPath, [...flags, path.join(root, 'server/server.ts')], {
    cwd: dir,
    env: { ...serveEnv, PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = stopper(child);
  await waitUntilAnswering(child, `http://127.0.0.1:${port}/api/health/ready`, 60_000);
  return { child, port, stop };
}

/** A staff session made as a person would: the CLI's enrolment link, then a passkey (software). */
async function staffSession(root: string, dir: string, env: Record<string, string>, origin: string, base: string): Promise<string> {
  const cli = spawnSync(process.execPath, [path.join(root, 'scripts/staff.ts'), 'add', 'rush@example.com', '--role', 'support'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    encoding: 'utf8',
  });
  const link = cli.stdout.split('\n').find((l) => l.startsWith('http'));
  if (!link) throw new Error(`staff add printed no link: ${cli.stdout}${cli.stderr}`);
  const token = new URL(link).hash.slice(1);
  const post = async (url: string, body: object) => {
    const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  const options = (await (await post('/api/staff/enrolment/options', { token, displayName: 'Rush' })).json()) as { challengeId: string; options: never };
  const authenticator = new SoftAuthenticator(origin);
  const enrolled = await post('/api/staff/enrolment', {
    token,
    displayName: 'Rush',
    challengeId: options.challengeId,
    credential: authenticator.create(options.options),
  });
  return enrolled.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function main(): Promise<void> {
  const visitors = Number(values.visitors);
  const seconds = Number(values.seconds);
  const root = path.resolve(values.root ?? path.join(import.meta.dirname, '..'));
  const stay = Number(values.stay);
  /** Boards open at once at the peak: those of the last `stay` seconds of arrivals. */
  const peakBoards = Math.ceil(visitors * Math.min(1, stay / seconds));
  ensureFileLimit(peakBoards + 2000);
  const stopAll = new Set<() => Promise<void> | void>();
  const bound = setTimeout(
    () => {
      console.error('bench:rush did not finish in time; stopping.');
      for (const stop of stopAll) void stop();
      process.exit(1);
    },
    (seconds + 180) * 1000,
  );
  bound.unref();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-rush-'));
  fs.chmodSync(dir, 0o711);
  let database: TestDatabase | undefined;
  const instances: Instance[] = [];
  let nginx: NginxProcess | undefined;
  const children: ChildProcess[] = [];
  try {
    const monitorsFile = path.join(dir, 'monitors.json');
    fs.writeFileSync(
      monitorsFile,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the monitors file's own placeholder, which the server fills in
      JSON.stringify({ monitors: [{ id: 'web', name: 'Website', type: 'http', target: 'http://127.0.0.1:${PORT}/api/health', intervalSeconds: 10 }] }),
    );
    let port: number;
    let databaseUrl: string;
    const frontPort = values.postgres ? await freePort() : 0;
    const common = (publicPort: number) => ({
      SESSION_SECRET: 'rush-secret-rush-secret-rush-secret-0123456789',
      MONITORS_FILE: monitorsFile,
      LOCAL_SERVERS_FILE: path.join(root, 'test/fixtures/panel-servers.json'),
      PUBLIC_URL: `http://localhost:${publicPort}`,
      STATUS_STREAMS_TOTAL: String(values.postgres ? 15_000 : 20_000),
    });
    if (values.postgres) {
      database = await createTestDatabase('postgres');
      databaseUrl = database.url;
      const env = { ...common(frontPort), DATABASE_URL: databaseUrl, TRUST_PROXY: '127.0.0.1' };
      for (let i = 0; i < 2; i++) instances.push(await startInstance(root, dir, env));
      // The shipped proxy settings (of the checkout under test), over plain HTTP: the TLS server
      // block becomes a plain one.
      const { renderNginxConfig } = (await import(path.join(root, 'scripts/nginx-config.ts'))) as { renderNginxConfig: typeof RenderNginxConfig };
      const conf = renderNginxConfig({
        publicUrl: `https://localhost:${frontPort}`,
        certificate: '/dev/null',
        key: '/dev/null',
        upstreams: instances.map((i) => `127.0.0.1:${i.port}`),
        httpsListen: `127.0.0.1:${frontPort}`,
        httpListen: `127.0.0.1:${await freePort()}`,
      })
        .replace(/^\s*listen [^;]* ssl http2 default_server;\n\s*ssl_reject_handshake on;/m, '    listen 127.0.0.2:9;')
        .replace(/listen ([^;]*) ssl http2;/, 'listen $1;')
        .replace(/^\s*ssl_[^;]*;\n/gm, '');
      // Workers do not share connections evenly: each may hold every board and its upstream, as
      // far as the open-files limit lets it.
      const fileLimit = Number(/^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 20_000);
      nginx = await startNginx({ http: conf, ports: [frontPort], workers: 4, workerConnections: Math.min(peakBoards * 2 + 4096, fileLimit - 100) });
      port = frontPort;
    } else {
      databaseUrl = `sqlite:${path.join(dir, 'rush.db')}`;
      const publicPort = await freePort();
      // One instance: its PUBLIC_URL names its own port, known before it starts.
      const env = { ...common(publicPort), DATABASE_URL: databaseUrl, PORT: String(publicPort) };
      const instance = await startInstance(root, dir, env);
      instances.push(instance);
      port = publicPort;
    }
    for (const instance of instances)
      stopAll.add(() => {
        instance.child.kill('SIGKILL');
      });
    const origin = `http://localhost:${port}`;
    // By name, so the Host header is the public one (fetch sets Host itself).
    const base = origin;
    const host = `localhost:${port}`;
    const envForCli = { ...common(port), DATABASE_URL: databaseUrl };
    const cookie = await staffSession(root, dir, envForCli, origin, base);
    const html = await (await fetch(`${base}/network-status`, { headers: { host } })).text();
    const assets = [...new Set([...html.matchAll(/(?:src|href|component-url|renderer-url)="(\/[^"]+\.(?:js|css|woff2))"/g)].map((m) => m[1]!))];

    console.log(`hostfront outage rush · node ${process.version} · ${os.cpus().length} CPUs · load average ${os.loadavg()[0]!.toFixed(2)} at the start`);
    console.log(
      `${values.postgres ? `two instances on PostgreSQL behind nginx (${nginx ? "the checkout's config/nginx/hostfront.conf over HTTP" : ''})` : 'one instance on SQLite'} · server: ${describeServe(root)}${values.root ? ` from ${root}` : ''}`,
    );
    console.log(
      `${visitors} visitors over ${seconds} s, each: /network-status and ${assets.length} assets (${assets.join(', ')}), then the live stream, kept open ${stay} s (about ${peakBoards} open at once at the peak)`,
    );

    // Sampling of the servers' (and nginx's) memory and CPU.
    const pids = () => [...instances.map((i) => i.child.pid!), ...(nginx ? [nginx.child.pid!, ...childPids(nginx.child.pid!)] : [])];
    let peakRss = 0;
    const peakByProcess = new Map<number, number>();
    let lastCpu = pids().reduce((sum, pid) => sum + (sample(pid)?.cpu ?? 0), 0);
    const cpuStart = lastCpu;
    const serverPids = instances.map((i) => i.child.pid!);
    const waitStart = serverPids.map(waitedForCpu);
    let waited = 0;
    let lastAt = Date.now();
    let peakCpu = 0;
    const sampler = setInterval(() => {
      let rss = 0;
      let cpu = 0;
      for (const pid of pids()) {
        const s = sample(pid);
        if (!s) continue;
        rss += s.rss;
        cpu += s.cpu;
        peakByProcess.set(pid, Math.max(peakByProcess.get(pid) ?? 0, s.rss));
      }
      peakRss = Math.max(peakRss, rss);
      waited = serverPids.reduce((sum, pid, i) => sum + Math.max(0, waitedForCpu(pid) - waitStart[i]!), 0);
      const now = Date.now();
      peakCpu = Math.max(peakCpu, ((cpu - lastCpu) / ((now - lastAt) / 1000)) * 100);
      lastCpu = cpu;
      lastAt = now;
    }, 1000);

    const start = Date.now() + 2000;
    const gap = (seconds * 1000) / visitors;
    for (let w = 0; w < workers; w++) {
      const job: VisitorsJob = { port, host, assets, start, gap, stayMs: stay * 1000, first: w, step: workers, total: visitors };
      const child = fork(import.meta.filename, ['visitors', '--job', JSON.stringify(job)], { stdio: 'inherit' });
      children.push(child);
      stopAll.add(() => {
        child.kill('SIGKILL');
      });
    }
    const arrived = Promise.all(children.map((c) => once(c, 'arrived')));
    /** A staff change; a refusal (a 502 from nginx under the rush) or no connection is reported, not fatal. */
    const staffPost = async (url: string, body: object) => {
      const sent = Date.now();
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { host, origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).catch((error: Error) => error);
      const answered = Date.now();
      if (response instanceof Error) {
        const cause = (response.cause as { code?: string } | undefined)?.code ?? response.message;
        return { sent, answered, failed: cause, key: '', id: '' };
      }
      if (!response.ok) {
        await response.arrayBuffer();
        return { sent, answered, failed: `${response.status}`, key: '', id: '' };
      }
      const answer = (await response.json()) as { id: string; updates: unknown[] };
      return { sent, answered, failed: undefined, key: `${answer.id}:${answer.updates.length}`, id: answer.id };
    };
    await sleep(start + (seconds * 1000) / 2 - Date.now());
    const declared = await staffPost('/api/staff/incidents', {
      title: 'Network outage in one location',
      impact: 'major',
      monitorIds: [],
      state: 'investigating',
      message: 'We are looking into it.',
    });
    await arrived;
    await sleep(3000);
    // Once everyone has arrived: an update to the incident (or, if its declaration failed, a new one).
    const update = await staffPost(declared.failed ? '/api/staff/incidents' : `/api/staff/incidents/${declared.id}/updates`, {
      ...(declared.failed ? { title: 'Network outage in one location', impact: 'major', monitorIds: [] } : {}),
      state: declared.failed ? 'investigating' : 'identified',
      message: 'A failed switch; traffic moves to the spare.',
    });
    await sleep(5000);
    clearInterval(sampler);
    const cpuSeconds = lastCpu - cpuStart;

    const reach = async (event: { sent: number; key: string; failed: string | undefined }) => {
      if (event.failed) return `the API call failed (${event.failed}): no change to deliver`;
      const answers = await Promise.all(
        children.map((c) => {
          const reply = once<{ eligible: number; delays: number[] }>(c, 'notice');
          c.send({ type: 'notice', key: event.key, since: event.sent });
          return reply;
        }),
      );
      const eligible = answers.reduce((n, a) => n + a.eligible, 0);
      const delays = answers.flatMap((a) => a.delays).sort((a, b) => a - b);
      return `${delays.length}/${eligible} open boards got it; p50 ${percentile(delays, 50)} ms, last ${delays.at(-1) ?? NaN} ms after the request was sent`;
    };
    const declaredReach = await reach(declared);
    const updateReach = await reach(update);
    const reports = await Promise.all(
      children.map((c) => {
        const reply = once<{
          pageTimes: number[];
          errors: Record<string, number>;
          openStreams: number;
          loopDelayMaxMs: number;
          loopDelayP99Ms: number;
          cpuSeconds: number;
        }>(c, 'report');
        c.send({ type: 'report' });
        return reply;
      }),
    );
    const pages = reports.flatMap((r) => r.pageTimes).sort((a, b) => a - b);
    const errors = new Map<string, number>();
    for (const r of reports) for (const [k, v] of Object.entries(r.errors)) errors.set(k, (errors.get(k) ?? 0) + v);
    const open = reports.reduce((n, r) => n + r.openStreams, 0);
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    const wall = (Date.now() - start) / 1000;

    console.log(
      `  pages loaded                    ${pages.length}/${visitors}; p50 ${percentile(pages, 50).toFixed(0)} ms, p99 ${percentile(pages, 99).toFixed(0)} ms, max ${(pages.at(-1) ?? NaN).toFixed(0)} ms`,
    );
    console.log(`  live streams open at the end    ${open}`);
    console.log(
      `  incident declared at ${((declared.sent - start) / 1000).toFixed(0)} s       ${declaredReach} (API answered in ${declared.answered - declared.sent} ms)`,
    );
    console.log(`  update once all had arrived     ${updateReach} (API answered in ${update.answered - update.sent} ms)`);
    console.log(`  errors                          ${errorCount === 0 ? 'none' : [...errors].map(([k, v]) => `${v} × ${k}`).join('; ')}`);
    console.log(
      `  peak memory (RSS)               ${peakRss.toFixed(0)} MiB in all (${[...peakByProcess]
        .map(([pid, rss]) => `${instances.some((i) => i.child.pid === pid) ? 'server' : 'nginx'} ${rss.toFixed(0)}`)
        .join(', ')})`,
    );
    console.log(
      `  CPU                             ${cpuSeconds.toFixed(1)} s over ${wall.toFixed(0)} s (average ${((cpuSeconds / wall) * 100).toFixed(0)}% of one core, peak ${peakCpu.toFixed(0)}% over 1 s)`,
    );
    console.log(
      `  server waited for a CPU         ${waited.toFixed(1)} s in all (main thread${instances.length > 1 ? 's' : ''} ready to run while others ran)`,
    );
    console.log(
      `  clients (${workers} processes)            CPU ${reports.reduce((n, r) => n + r.cpuSeconds, 0).toFixed(1)} s; event loop delay p99 ${Math.max(...reports.map((r) => r.loopDelayP99Ms)).toFixed(0)} ms, max ${Math.max(...reports.map((r) => r.loopDelayMaxMs)).toFixed(0)} ms (the worst client)`,
    );
    if (nginx) console.log(`  nginx's error log               ${summarizeNginxErrors(nginx.errorLog())}`);
    console.log(`  machine                         load average ${os.loadavg()[0]!.toFixed(2)} at the end (other work shares these CPUs)`);
  } finally {
    for (const c of children) c.send?.({ type: 'exit' });
    await sleep(500);
    for (const c of children) c.kill('SIGKILL');
    await nginx?.stop();
    for (const instance of instances) await instance.stop();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'visitors') {
  await visitorsWorker(JSON.parse(values.job!) as VisitorsJob);
} else {
  await main();
}
