/**
 * The support desk under load: 200 open conversations (each a visitor with its own address,
 * cookie and open stream), a staff console streaming, and messages both ways over real HTTP.
 * Prints p50/p95/p99 of "message sent → event on the other side's stream" for visitor → staff
 * and staff → visitor, and the server's memory per open conversation (RSS after opening them,
 * minus RSS before, over the count; the server runs in its own process, collected with gc).
 * Exits by itself.
 *
 *   npm run bench:support [-- --conversations 200] [-- --samples 300] [-- --postgres]
 *
 * --postgres: two instances on one PostgreSQL (TEST_DATABASE_URL's server), the visitors on one
 * and the console on the other, so every message crosses instances by NOTIFY.
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { onEvents } from './event-blocks.ts';
import { nextMessage, stopper } from './server-child.ts';

const { values } = parseArgs({
  options: {
    conversations: { type: 'string', default: '200' },
    samples: { type: 'string', default: '300' },
    postgres: { type: 'boolean', default: false },
    serve: { type: 'string' },
    enrol: { type: 'boolean', default: false },
  },
});
const origin = 'http://localhost:4321';

/** The server side, in its own process: builds the app on the given database, listens, answers RSS questions. */
async function serve(databaseUrl: string, enrol: boolean): Promise<void> {
  const { buildApp } = await import('../server/app.ts');
  const { loadConfig } = await import('../server/config/config.ts');
  const app = await buildApp(
    loadConfig({
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: origin,
      // Each visitor comes from its own address, as behind a proxy (the per-address limits hold).
      TRUST_PROXY: '127.0.0.1',
      MONITORS_FILE: path.resolve(import.meta.dirname, '../test/fixtures/no-monitors.json'),
      LOCAL_SERVERS_FILE: path.resolve(import.meta.dirname, '../test/fixtures/panel-servers.json'),
    }),
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  let cookie = '';
  if (enrol) {
    // A staff member enrolled with a passkey, as the console does (test/helpers/staff.ts).
    const { staffUser } = await import('../test/helpers/staff.ts');
    cookie = (await staffUser(app, 'bench@example.com', 'support')).cookie;
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'rss') return;
    gc?.();
    gc?.();
    const usage = process.memoryUsage();
    process.send?.({ type: 'rss', rss: usage.rss, heap: usage.heapUsed + usage.external });
  });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  process.send?.({ type: 'ready', url, cookie });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const summary = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms   p95 ${percentile(sorted, 95).toFixed(2)} ms   p99 ${percentile(sorted, 99).toFixed(2)} ms   max ${sorted.at(-1)!.toFixed(2)} ms`;
};

/** An event stream that calls back with every `message` event's clientId and when it arrived. */
function openStream(url: string, headers: Record<string, string>, onMessage: (clientId: string, at: number) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream ${url}: ${response.statusCode}`));
      onEvents(response, (event, data) => {
        if (event !== 'message') return;
        const at = performance.now();
        const { message } = JSON.parse(data) as { message: { clientId: string | null } };
        if (message.clientId) onMessage(message.clientId, at);
      });
      resolve(request);
    });
    request.on('error', reject);
  });
}

async function start(databaseUrl: string, enrol: boolean): Promise<{ child: ChildProcess; url: string; cookie: string; stop: () => Promise<void> }> {
  const child = fork(import.meta.filename, ['--serve', databaseUrl, ...(enrol ? ['--enrol'] : [])], { execArgv: ['--expose-gc'], stdio: 'inherit' });
  const ready = await nextMessage<{ url: string; cookie: string }>(child, 'ready');
  return { child, ...ready, stop: stopper(child) };
}

/** The server's resident memory, and its JavaScript heap with the memory its objects hold outside it, after gc. */
async function memory(child: ChildProcess): Promise<{ rss: number; heap: number }> {
  const answer = nextMessage<{ rss: number; heap: number }>(child, 'rss');
  child.send({ type: 'rss' });
  return answer;
}

async function measure(): Promise<void> {
  const { createTestDatabase } = await import('../test/helpers/databases.ts');
  const count = Number(values.conversations);
  const samples = Number(values.samples);
  const database = await createTestDatabase(values.postgres ? 'postgres' : 'sqlite');
  const servers: Array<Awaited<ReturnType<typeof start>>> = [];
  const requests: http.ClientRequest[] = [];
  try {
    const visitorSide = await start(database.url, true);
    servers.push(visitorSide);
    const staffSide = values.postgres ? await start(database.url, false) : visitorSide;
    if (staffSide !== visitorSide) servers.push(staffSide);
    const staffCookie = visitorSide.cookie;

    const arrivals = new Map<string, number>();
    const waiters = new Map<string, () => void>();
    const arrived = (clientId: string, at: number) => {
      if (arrivals.has(clientId)) return;
      arrivals.set(clientId, at);
      waiters.get(clientId)?.();
    };
    requests.push(await openStream(`${staffSide.url}/api/staff/conversations/stream`, { cookie: staffCookie }, arrived));
    const json = async (url: string, method: string, body: object, headers: Record<string, string>) => {
      const response = await fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return response;
    };
    await json(`${staffSide.url}/api/staff/conversations/availability`, 'PUT', { available: true }, { cookie: staffCookie });

    // A conversation started and streamed before measuring, so code compiled on first use is not counted.
    const startConversation = async (i: number) => {
      const address = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
      const response = await json(`${visitorSide.url}/api/support/conversations`, 'POST', { text: `Hello, I am visitor ${i}`, page: '/' }, address);
      const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
      const { id } = (await response.json()) as { id: string };
      return { id, headers: { ...address, cookie } };
    };
    const warm = await startConversation(count);
    requests.push(await openStream(`${visitorSide.url}/api/support/conversations/${warm.id}/stream`, warm.headers, arrived));

    const before = await memory(visitorSide.child);
    const beforeStaff = staffSide === visitorSide ? before : await memory(staffSide.child);
    const visitors: Array<{ id: string; headers: Record<string, string> }> = [];
    for (let i = 0; i < count; i += 1) visitors.push(await startConversation(i));
    const stored = await memory(visitorSide.child);
    for (const visitor of visitors)
      requests.push(await openStream(`${visitorSide.url}/api/support/conversations/${visitor.id}/stream`, visitor.headers, arrived));
    const after = await memory(visitorSide.child);
    const afterStaff = staffSide === visitorSide ? after : await memory(staffSide.child);

    const timed = async (clientId: string, send: () => Promise<unknown>): Promise<number> => {
      const sent = performance.now();
      const seen = new Promise<void>((resolve) => waiters.set(clientId, resolve));
      await send();
      await Promise.race([seen, new Promise((_, reject) => setTimeout(() => reject(new Error(`no event for ${clientId} within 5 s`)), 5000))]);
      waiters.delete(clientId);
      return arrivals.get(clientId)! - sent;
    };
    const toStaff: number[] = [];
    const toVisitor: number[] = [];
    const warmup = 20;
    for (let i = 0; i < samples + warmup; i += 1) {
      const visitor = visitors[i % visitors.length]!;
      const up = await timed(`v${i}`, () =>
        json(`${visitorSide.url}/api/support/conversations/${visitor.id}/messages`, 'POST', { text: `Question ${i}`, clientId: `v${i}` }, visitor.headers),
      );
      const down = await timed(`s${i}`, () =>
        json(`${staffSide.url}/api/staff/conversations/${visitor.id}/messages`, 'POST', { text: `Answer ${i}`, clientId: `s${i}` }, { cookie: staffCookie }),
      );
      if (i < warmup) continue;
      toStaff.push(up);
      toVisitor.push(down);
    }

    console.log(
      `${count} open conversations (a stream each), one console streaming, ${samples} messages each way over HTTP, ${values.postgres ? 'visitors on one instance and the console on another (PostgreSQL NOTIFY)' : 'one instance (SQLite)'}:`,
    );
    console.log(`  visitor → staff (request sent → event on the console):  ${summary(toStaff)}`);
    console.log(`  staff → visitor (request sent → event on the visitor):   ${summary(toVisitor)}`);
    const kib = (bytes: number) => `${(bytes / count / 1024).toFixed(1)} KiB`;
    const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;
    console.log(
      `  server RSS per open conversation: ${kib(after.rss - before.rss)} (stored ${kib(stored.rss - before.rss)}, its open stream ${kib(after.rss - stored.rss)}; ${mib(before.rss)} → ${mib(stored.rss)} → ${mib(after.rss)})`,
    );
    console.log(
      `  server heap per open conversation:  ${kib(after.heap - before.heap)} (stored ${kib(stored.heap - before.heap)}, its open stream ${kib(after.heap - stored.heap)})`,
    );
    if (staffSide !== visitorSide) console.log(`  the console's instance meanwhile: RSS ${mib(beforeStaff.rss)} → ${mib(afterStaff.rss)}`);
  } finally {
    for (const r of requests) r.destroy();
    for (const s of servers) await s.stop();
    await database.drop();
  }
}

if (values.serve) await serve(values.serve, values.enrol);
else await measure();
