/**
 * `npm run bench:panel`: what the panel proxy costs, measured on loopback against the fake
 * Pterodactyl panel and Wings (test/fakes/), with the real server running as a child process
 * (PANEL_DRIVER=pterodactyl, a temporary SQLite database).
 *
 *  (a) latency the proxy adds: N sequential GET /api/panel/resources (session cookie) against N
 *      direct GET /api/client/servers/{id}/resources on the fake panel, which runs in a process of
 *      its own as a real panel would; p50 / p99 of each and
 *      the difference. Target: at most 2 ms added at p99.
 *  (b) console relay throughput: 100 WebSocket viewers on /api/panel/console (in worker threads,
 *      so counting does not slow the server down) while the fake Wings sends console lines as
 *      fast as the server reads them. Target: 10,000 lines/s.
 *
 * Figures, not a test: it prints and exits. Options: --requests 2000 --viewers 100 --lines 30000 --workers N
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { defaultSocketCaps } from '../server/panel/socket-limits.ts';
import { serveCommand } from './serve-command.ts';

interface ViewerJob {
  consoleUrl: string;
  origin: string;
  /** Per viewer: its session cookie and the loopback address it connects from (the server caps consoles per session and per address). */
  clients: { cookie: string; localAddress: string }[];
  viewers: number;
  /** Lines the flood sends; a viewer is done when it has them all. */
  lines: number;
  prefix: string;
  timeoutMs: number;
}

interface ViewerResult {
  counts: number[];
  first: number[];
  last: number[];
  closeCodes: number[];
}

/** Wall-clock milliseconds comparable across threads (performance.now() is per thread). */
const now = () => performance.timeOrigin + performance.now();

async function viewerWorker(job: ViewerJob): Promise<void> {
  const prefix = Buffer.from(job.prefix);
  const result: ViewerResult = { counts: [], first: [], last: [], closeCodes: [] };
  const sockets: WebSocket[] = [];
  let done = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  await Promise.all(
    Array.from({ length: job.viewers }, (_, i) => {
      result.counts[i] = 0;
      result.first[i] = 0;
      result.last[i] = 0;
      result.closeCodes[i] = 0;
      return new Promise<void>((resolve, reject) => {
        const { cookie, localAddress } = job.clients[i]!;
        const ws = new WebSocket(job.consoleUrl, { headers: { Cookie: cookie, Origin: job.origin }, localAddress, perMessageDeflate: false });
        sockets.push(ws);
        ws.on('open', () => resolve());
        ws.on('error', reject);
        ws.on('close', (code) => {
          result.closeCodes[i] = code;
          if (result.counts[i]! < job.lines) done += 1;
          if (done === job.viewers) finish();
        });
        ws.on('message', (data: Buffer) => {
          // Counting, not parsing: the viewer must never be the bottleneck being measured.
          // A message is a batch (a JSON array) of console events: count the bench's lines in it.
          let lines = 0;
          for (let at = data.indexOf(prefix); at !== -1; at = data.indexOf(prefix, at + prefix.length)) lines += 1;
          if (lines === 0) return;
          const t = now();
          if (result.counts[i] === 0) result.first[i] = t;
          result.last[i] = t;
          result.counts[i]! += lines;
          if (result.counts[i]! >= job.lines && result.counts[i]! - lines < job.lines) {
            done += 1;
            if (done === job.viewers) finish();
          }
        });
      });
    }),
  );
  parentPort!.postMessage({ type: 'ready' });
  const timer = setTimeout(finish, job.timeoutMs);
  await finished;
  clearTimeout(timer);
  parentPort!.postMessage({ type: 'result', result });
  for (const ws of sockets) ws.terminate();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const int = (value: number) => Math.round(value).toLocaleString('en-US');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '2000' },
      viewers: { type: 'string', default: '100' },
      lines: { type: 'string', default: '30000' },
      workers: { type: 'string', default: String(Math.max(1, Math.min(4, os.availableParallelism() - 2))) },
    },
  });
  const requests = Number(values.requests);
  const viewerCount = Number(values.viewers);
  const lineCount = Number(values.lines);
  const workerCount = Math.min(viewerCount, Number(values.workers));

  const { startFakePterodactyl } = await import('../test/fakes/fake-pterodactyl.ts');
  const { startServer } = await import('../test/helpers/server-process.ts');
  const { spawn } = await import('node:child_process');

  /**
   * For the latency figures the fake panel runs in a process of its own, as a real panel does:
   * a customer calling it directly crosses a process boundary too, so both series pay for the
   * same loopback hop and the difference is what the proxy adds.
   */
  const remotePanel = spawn(process.execPath, [new URL('../test/fakes/fake-pterodactyl-cli.ts', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const remote = await new Promise<{ url: string; serverId: string; key: string }>((resolve, reject) => {
    remotePanel.once('exit', (code) => reject(new Error(`the fake panel exited with ${code}`)));
    remotePanel.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString().split('\n')[0]!)));
  });

  const panel = await startFakePterodactyl({ wings: { statsIntervalMs: 0 } });
  // Run as `npm run serve` runs the server: its environment and node flags, or
  // BENCH_SERVER_NODE_OPTIONS's flags (bench/serve-command.ts). They go on the command line:
  // Node refuses most V8 flags in NODE_OPTIONS.
  const serve = serveCommand();
  panel.setState(panel.serverId, { state: 'running' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-bench-'));
  const server = await startServer(
    {
      PANEL_DRIVER: 'pterodactyl',
      PANEL_URL: panel.url,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'bench.db')}`,
      LOG_LEVEL: 'error',
      ...serve.env,
    },
    { nodeArgs: serve.flags },
  );
  const latencyServer = await startServer(
    {
      PANEL_DRIVER: 'pterodactyl',
      PANEL_URL: remote.url,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'latency.db')}`,
      LOG_LEVEL: 'error',
      ...serve.env,
    },
    { nodeArgs: serve.flags },
  );
  const cleanup = async () => {
    await latencyServer.stop();
    remotePanel.kill('SIGTERM');
    await server.stop();
    await panel.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(`Panel benchmark: Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${load}, loopback`);
    console.log(
      `Latency: fake panel process ${remote.url}, server ${latencyServer.url}; relay: in-process fake ${panel.url}, server ${server.url} (PANEL_DRIVER=pterodactyl, SQLite)\n`,
    );

    // --- Session -----------------------------------------------------------------------------
    const openSession = async (): Promise<string> => {
      const connect = await fetch(`${server.url}/api/panel/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ serverId: panel.serverId, key: panel.keys.client }),
      });
      if (connect.status !== 200) throw new Error(`POST /api/panel/session answered ${connect.status}: ${await connect.text()}`);
      return connect.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    };

    // --- (a) Latency: the fake panel in its own process ----------------------------------------
    const latencyConnect = await fetch(`${latencyServer.url}/api/panel/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ serverId: remote.serverId, key: remote.key }),
    });
    if (latencyConnect.status !== 200) throw new Error(`POST /api/panel/session answered ${latencyConnect.status}: ${await latencyConnect.text()}`);
    const latencyCookie = latencyConnect.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const directUrl = `${remote.url}/api/client/servers/${remote.serverId}/resources`;
    const directHeaders = { Authorization: `Bearer ${remote.key}`, Accept: 'application/json' };
    const proxiedUrl = `${latencyServer.url}/api/panel/resources`;
    const proxiedHeaders = { Cookie: latencyCookie, Accept: 'application/json' };
    const time = async (url: string, headers: Record<string, string>): Promise<number> => {
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
      return elapsed;
    };
    // Warm-up long enough for the optimising compilers to settle on both paths.
    for (let i = 0; i < 1000; i++) {
      await time(directUrl, directHeaders);
      await time(proxiedUrl, proxiedHeaders);
    }
    const direct: number[] = [];
    const proxied: number[] = [];
    // Interleaved one by one, so drift (GC, other processes, CPU frequency) touches both series alike.
    for (let i = 0; i < requests; i++) {
      direct.push(await time(directUrl, directHeaders));
      proxied.push(await time(proxiedUrl, proxiedHeaders));
    }
    direct.sort((a, b) => a - b);
    proxied.sort((a, b) => a - b);
    const d50 = percentile(direct, 50);
    const d90 = percentile(direct, 90);
    const d99 = percentile(direct, 99);
    const p50 = percentile(proxied, 50);
    const p90 = percentile(proxied, 90);
    const p99 = percentile(proxied, 99);
    console.log(`(a) Latency, ${int(requests)} sequential requests each`);
    console.log(`    direct  GET /api/client/servers/{id}/resources   p50 ${ms(d50)}   p90 ${ms(d90)}   p99 ${ms(d99)}`);
    console.log(`    proxied GET /api/panel/resources                  p50 ${ms(p50)}   p90 ${ms(p90)}   p99 ${ms(p99)}`);
    console.log(
      `    added by the proxy                                p50 ${ms(p50 - d50)}   p90 ${ms(p90 - d90)}   p99 ${ms(p99 - d99)}   (target <= 2 ms at p99: ${p99 - d99 <= 2 ? 'met' : 'NOT met'})\n`,
    );

    // --- (b) Console relay throughput ------------------------------------------------------------
    const consoleUrl = `${server.url.replace(/^http/, 'ws')}/api/panel/console`;
    const perWorker = Array.from({ length: workerCount }, (_, i) => Math.floor(viewerCount / workerCount) + (i < viewerCount % workerCount ? 1 : 0));
    const results: ViewerResult[] = [];
    let ready = 0;
    let allReady!: () => void;
    const readyPromise = new Promise<void>((resolve) => (allReady = resolve));
    // As many browsers as the server's console caps ask for (server/panel/socket-limits.ts): a
    // session for every `perSession` viewers and a loopback address for every `perAddress`.
    const cookies = await Promise.all(Array.from({ length: Math.ceil(viewerCount / defaultSocketCaps.perSession) }, openSession));
    const clients = Array.from({ length: viewerCount }, (_, i) => ({
      cookie: cookies[Math.floor(i / defaultSocketCaps.perSession)]!,
      localAddress: `127.0.0.${10 + Math.floor(i / defaultSocketCaps.perAddress)}`,
    }));
    // Worker i takes the viewers after those of the workers before it.
    const firstOf = perWorker.map((_, i) => perWorker.slice(0, i).reduce((sum, n) => sum + n, 0));
    const workers = perWorker.map((viewers, i) => {
      const job: ViewerJob = {
        consoleUrl,
        origin: server.url,
        clients: clients.slice(firstOf[i], firstOf[i]! + viewers),
        viewers,
        lines: lineCount,
        prefix: 'bench-line',
        timeoutMs: 120_000,
      };
      const worker = new Worker(new URL(import.meta.url), { workerData: job });
      worker.on('message', (message: { type: string; result?: ViewerResult }) => {
        if (message.type === 'ready' && ++ready === workerCount) allReady();
        if (message.type === 'result') results.push(message.result!);
      });
      worker.on('error', (error) => {
        console.error('viewer worker failed:', error);
        process.exitCode = 1;
      });
      return new Promise<void>((resolve) => worker.on('exit', () => resolve()));
    });
    await readyPromise;
    // The upstream console socket is shared: one authenticated Wings socket for all viewers.
    const deadline = Date.now() + 10_000;
    while (!panel.wings.sockets().some((s) => s.open && s.authenticated)) {
      if (Date.now() > deadline) throw new Error('the server never opened the console socket to the fake Wings');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const upstreamSockets = panel.wings.sockets().filter((s) => s.open).length;
    await panel.flood(panel.serverId, 2000, '[12:00:00 INFO]: warm-up line'); // warm the JIT on the whole path
    await new Promise((resolve) => setTimeout(resolve, 500));

    const text = '[12:00:00 INFO]: bench-line Player moved too quickly! 0.123,4.56,-7.89 (#';
    const floodStart = now();
    await panel.flood(panel.serverId, lineCount, text);
    const floodSent = now();
    await Promise.all(workers);

    const counts = results.flatMap((r) => r.counts);
    const firsts = results.flatMap((r) => r.first).filter((t) => t > 0);
    const lasts = results.flatMap((r) => r.last).filter((t) => t > 0);
    const closeCodes = results.flatMap((r) => r.closeCodes);
    const perViewer = results
      .flatMap((r) => r.counts.map((count, i) => (count > 1 ? (count - 1) / ((r.last[i]! - r.first[i]!) / 1000) : 0)))
      .sort((a, b) => a - b);
    const delivered = counts.reduce((sum, count) => sum + count, 0);
    const wall = (Math.max(...lasts) - Math.min(floodStart, ...firsts)) / 1000;
    const complete = counts.filter((count) => count === lineCount).length;
    const perViewerMedian = percentile(perViewer, 50);
    console.log(
      `(b) Console relay, ${int(lineCount)} lines of ${text.length + 6} characters to ${viewerCount} viewers (${workerCount} worker threads; ${upstreamSockets} upstream socket)`,
    );
    console.log(`    fake Wings sent all lines in ${((floodSent - floodStart) / 1000).toFixed(2)} s; last line delivered after ${wall.toFixed(2)} s`);
    console.log(`    per viewer lines/s: min ${int(perViewer[0]!)}   median ${int(perViewerMedian)}   max ${int(perViewer.at(-1)!)}`);
    console.log(`    total lines/s delivered (all viewers): ${int(delivered / wall)}   (${int(lineCount / wall)} distinct lines/s)`);
    console.log(
      `    complete viewers: ${complete}/${viewerCount}; lines delivered ${int(delivered)} of ${int(lineCount * viewerCount)}` +
        (closeCodes.some((c) => c !== 0 && c !== 1005 && c !== 1006) ? `; closed by the server: ${closeCodes.filter((c) => c !== 0).join(',')}` : ''),
    );
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `    target 10,000 lines/s: per viewer ${verdict(perViewerMedian >= 10_000 && complete === viewerCount)}; in total ${verdict(delivered / wall >= 10_000 && complete === viewerCount)}`,
    );
  } finally {
    await cleanup();
  }
}

if (isMainThread) {
  await main();
  process.exit(process.exitCode ?? 0);
} else {
  await viewerWorker(workerData as ViewerJob);
}
