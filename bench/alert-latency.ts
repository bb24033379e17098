/**
 * How soon the team hears of an outage: an HTTP target on loopback stops answering (its listener
 * closes: connections are refused, whoever probes it), and the time until the alert reaches a
 * JSON webhook receiver is measured, over many outages (each followed by its recovery). Prints
 * p50, p95 and max of "target failing → alert at the receiver" and of "decided down → alert at
 * the receiver" (the decision's time is in the alert), then exits.
 *
 *   npm run bench:alerts [-- --outages 20] [-- --interval 2] [-- --failures 2]
 *
 * By default it starts the site itself (node server/server.ts, SQLite), with a monitors file that
 * declares the monitor and the alert channel, so the app's own prober decides.
 * With probe agents (or any other site): `--site http://127.0.0.1:PORT --target-port T
 * --receiver-port R` uses that site instead; `--print-monitors-file` prints the file to start it
 * with (MONITORS_FILE, and STAFF_TARGETS_ALLOW_PRIVATE=true for the loopback receiver).
 */
import http from 'node:http';
import type net from 'node:net';
import { parseArgs } from 'node:util';
import { createTestDatabase, type TestDatabase } from '../test/helpers/databases.ts';
import { freePort } from '../test/helpers/free-port.ts';
import { startServer, type ServerProcess } from '../test/helpers/server-process.ts';
import { writeMonitorsFile } from '../test/server/status-helpers.ts';

const { values } = parseArgs({
  options: {
    outages: { type: 'string', default: '20' },
    interval: { type: 'string', default: '2' },
    failures: { type: 'string', default: '2' },
    site: { type: 'string' },
    'target-port': { type: 'string' },
    'receiver-port': { type: 'string' },
    'print-monitors-file': { type: 'boolean', default: false },
  },
});
const outages = Number(values.outages);
const intervalSeconds = Number(values.interval);
const failuresBeforeDown = Number(values.failures);
const targetPort = values['target-port'] ? Number(values['target-port']) : await freePort();
const receiverPort = values['receiver-port'] ? Number(values['receiver-port']) : await freePort();

function monitorsFile(): object {
  return {
    monitors: [
      {
        id: 'bench-target',
        name: 'Bench target',
        type: 'http',
        target: `http://127.0.0.1:${targetPort}/`,
        intervalSeconds,
        timeoutSeconds: 1,
        failuresBeforeDown,
      },
    ],
    alerts: { channels: [{ id: 'bench-receiver', name: 'Bench receiver', kind: 'webhook', target: `http://127.0.0.1:${receiverPort}/alerts` }] },
  };
}

if (values['print-monitors-file']) {
  console.log(JSON.stringify(monitorsFile(), null, 2));
  process.exit(0);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const summary = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50)} ms   p95 ${percentile(sorted, 95)} ms   max ${sorted.at(-1)} ms   (n=${sorted.length})`;
};

/** The receiver: each alert's type and when it arrived. */
const arrivals: { type: string; at: number; startedAt: number | null }[] = [];
let arrived: (() => void) | undefined;
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const at = Date.now();
    const message = JSON.parse(body) as { type: string; startedAt?: string };
    arrivals.push({ type: message.type, at, startedAt: message.startedAt ? Date.parse(message.startedAt) : null });
    res.writeHead(204).end();
    arrived?.();
  });
});
await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));

/** The target: answers 200 while open; closed, connections are refused. */
let target: http.Server | undefined;
const sockets = new Set<net.Socket>();
async function targetUp(): Promise<void> {
  target = http.createServer((_req, res) => res.end('ok'));
  target.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => target!.listen(targetPort, '127.0.0.1', resolve));
}
async function targetDown(): Promise<void> {
  const closing = target;
  target = undefined;
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => closing?.close(() => resolve()) ?? resolve());
}

function waitFor(type: string, after: number, timeoutMs: number): Promise<(typeof arrivals)[number]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
    const check = () => {
      const found = arrivals.find((a) => a.type === type && a.at >= after);
      if (!found) return;
      clearTimeout(timer);
      arrived = undefined;
      resolve(found);
    };
    arrived = check;
    check();
  });
}

let site: ServerProcess | undefined;
let database: TestDatabase | undefined;
try {
  await targetUp();
  if (!values.site) {
    database = await createTestDatabase('sqlite');
    site = await startServer({
      DATABASE_URL: database.url,
      MONITORS_FILE: writeMonitorsFile(monitorsFile()),
      STAFF_TARGETS_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'warn',
    });
  }
  console.log(`alert latency: ${outages} outages of an HTTP target probed every ${intervalSeconds} s, down after ${failuresBeforeDown} failures`);
  console.log(`site: ${values.site ?? `${site!.url} (started here, the app's own prober, SQLite)`}`);
  // The first decision (operational) before the first outage.
  await new Promise((r) => setTimeout(r, (intervalSeconds * 2 + 1) * 1000));
  const budget = (failuresBeforeDown + 3) * intervalSeconds * 1000 + 10_000;
  const failingToAlert: number[] = [];
  const decidedToAlert: number[] = [];
  for (let i = 0; i < outages; i += 1) {
    // A random moment within the probe cadence: a real failure does not wait for the next probe.
    await new Promise((r) => setTimeout(r, Math.random() * intervalSeconds * 1000));
    const failing = Date.now();
    await targetDown();
    const alert = await waitFor('alert.down', failing, budget);
    failingToAlert.push(alert.at - failing);
    if (alert.startedAt !== null) decidedToAlert.push(alert.at - alert.startedAt);
    const back = Date.now();
    await targetUp();
    await waitFor('alert.recovered', back, budget);
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  console.log(`target failing → alert at the receiver: ${summary(failingToAlert)}`);
  console.log(`decided down   → alert at the receiver: ${summary(decidedToAlert)}`);
  console.log(
    `(a decision needs ${failuresBeforeDown} failed probes ${intervalSeconds} s apart: the first comes up to one interval after the failure, so at best ${(failuresBeforeDown - 1) * intervalSeconds} s, at worst ${failuresBeforeDown * intervalSeconds} s, plus the probe's own time)`,
  );
} finally {
  await site?.stop();
  await database?.drop();
  await targetDown();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
}
