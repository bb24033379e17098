/**
 * `npm run fuzz:api`: malformed requests over every API route, against the real server.
 *
 * Starts `node server/server.ts` as a child process on a free loopback port with a fresh SQLite
 * database, reads the route list from the app's own route table (buildApp's routeTable, so new
 * routes are fuzzed without listing them here), and sends --count requests (10,000 by default)
 * built from a seeded generator: wrong methods, bad and huge and deeply nested JSON, odd content
 * types, path spellings (percent-encoding, doubled slashes, absolute-form, dot segments), header
 * garbage (bad lengths, chunked nonsense, odd Host, cookies, forwarding headers) and query
 * garbage. Each request goes on its own connection, raw bytes, --concurrency at a time.
 *
 * Prints the count per status (and "no answer" for a connection closed without one, "timeout"
 * for none within 5 s), and exits non-zero on any 5xx, on a server that died, or on a health
 * check that fails after the run. Bounded: at most --seconds (180) in all.
 * Options: --count 10000, --concurrency 8, --seed 14, --seconds 180; FUZZ_SHOW=<status> (e.g. 400,
 * "no answer") prints the first 8 requests that got it.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config/config.ts';
import { startServer } from '../test/helpers/server-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string', default: '14' },
    seconds: { type: 'string', default: '180' },
  },
});
const count = Number(values.count);
const concurrency = Number(values.concurrency);
const deadline = Date.now() + Number(values.seconds) * 1000;

/** mulberry32: the same requests on every run with the same seed. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(Number(values.seed));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const env: Record<string, string> = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'error',
  SESSION_SECRET: 'fuzz-secret-fuzz-secret-fuzz-secret-0123456789',
  MONITORS_FILE: path.join(root, 'test/fixtures/no-monitors.json'),
  LOCAL_SERVERS_FILE: path.join(root, 'test/fixtures/panel-servers.json'),
};

/** The API routes, as the app registers them. */
async function apiRoutes(dir: string): Promise<Array<{ method: string; url: string; websocket: boolean }>> {
  const app = await buildApp(loadConfig({ ...env, DATABASE_URL: `sqlite:${path.join(dir, 'routes.db')}`, LOG_LEVEL: 'silent' }));
  await app.ready();
  const routes = app.routeTable.filter((r) => r.url === '/api' || r.url.startsWith('/api/'));
  await app.close();
  return routes;
}

function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, () => pick(['1', 'demo', 'x'.repeat(300), '%00', '..', '-1', 'test-mc']));
}

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO', 'get', 'CONNECT'];
const bodies: Array<() => string> = [
  () => '{}',
  () => '{"address":"play.example.com","type":"minecraft"}',
  () => '{"serverId":"test-mc","key":"wrong-key"}',
  () => '{"signal":"explode"}',
  () => '{"command":"say hi"}',
  () => '{"name":"a","email":"a@b.co","subject":"s","message":"m"}',
  () => '{"address":',
  () => '{"a":1,}',
  () => 'null',
  () => '[]',
  () => '"string"',
  () => '123',
  () => 'true',
  () => '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}',
  () => '{"address":1e400,"type":{"$gt":""}}',
  () => `{"address":"${'a'.repeat(70 * 1024)}"}`,
  () => `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  () => `{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
  () => '{"address":"\\u0000\\ud800","email":"\u202e@x"}',
  () => 'name=a&email=b&subject=c&message=d',
  () => '\x00\x01\x02\xff\xfe',
  () => '',
];
const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-32',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/JSON',
  'application/json, text/plain',
  '*/*',
  '',
  'application/json\t;',
  'application/vnd.api+json',
];
const spellings: Array<(p: string, port: number) => string> = [
  (p) => p,
  (p) => p.replace('/api', '/%61pi'),
  (p) => p.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
  (p) => `/${p}`,
  (p) => p.replace('/api/', '/api//'),
  (p) => `${p}/`,
  (p) => `${p}/..`,
  (p) => `/x/..${p}`,
  (p) => `${p}%00`,
  (p) => `${p}%2f`,
  (p) => `${p}%c0%af`,
  (p) => `${p};jsessionid=1`,
  (p) => p.toUpperCase(),
  (p, port) => `http://127.0.0.1:${port}${p}`,
  (p) => `http://evil.example${p}`,
  (p) => `${p}${'/a'.repeat(4000)}`,
  (p) => `${p}/ü`,
  () => '*',
];
const queries = [
  '',
  '?',
  '?lastEventId=5',
  '?lastEventId=-1',
  `?lastEventId=${'9'.repeat(40)}`,
  '?a[b]=c',
  '?%zz',
  `?${Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&')}`,
  '?__proto__[x]=1',
  '?a=%00',
];
const extraHeaders: Array<(port: number) => string[]> = [
  () => [],
  () => ['Origin: https://evil.example'],
  (port) => [`Origin: http://127.0.0.1:${port}`],
  () => ['Origin: null'],
  () => ['Cookie: hf_panel=not-a-session; hf_panel=again'],
  () => [`Cookie: ${'x'.repeat(9000)}`],
  () => ['Authorization: Bearer garbage'],
  () => ['X-Forwarded-For: 1.2.3.4, ::ffff:999.1.1.1, garbage'],
  () => ['X-Forwarded-Proto: gopher', 'X-Forwarded-Host: evil.example'],
  () => ['Last-Event-ID: \u00ff\u00fe'],
  () => ['Upgrade: websocket', 'Connection: Upgrade', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: bad'],
  () => ['Accept-Encoding: br;q=x, gzip;q=-1'],
  () => ['Range: bytes=99999-0'],
  () => ['Expect: 100-continue'],
  () => [`X-Big: ${'y'.repeat(20_000)}`],
  () => ['Bad Header: x'],
  () => ['X-Ctl: a\x01b'],
];

/** One malformed request, as raw bytes. */
function request(route: { method: string; url: string }, port: number): string {
  const method = random() < 0.5 ? route.method : pick(methods);
  const target = `${pick(spellings)(concrete(route.url), port)}${pick(queries)}`;
  const body = random() < 0.8 ? pick(bodies)() : '';
  const type = pick(contentTypes);
  const headers: string[] = [];
  const hostChoice = random();
  if (hostChoice < 0.85) headers.push(`Host: 127.0.0.1:${port}`);
  else if (hostChoice < 0.9) headers.push('Host: evil.example');
  else if (hostChoice < 0.95) headers.push(`Host: 127.0.0.1:${port}`, 'Host: localhost');
  if (type) headers.push(`Content-Type: ${type}`);
  const framing = random();
  let payload = body;
  if (framing < 0.75) headers.push(`Content-Length: ${Buffer.byteLength(body, 'latin1')}`);
  else if (framing < 0.8) headers.push(`Content-Length: ${Buffer.byteLength(body, 'latin1') + 10}`);
  else if (framing < 0.83) headers.push('Content-Length: -1');
  else if (framing < 0.86) headers.push('Content-Length: 5', 'Content-Length: 6');
  else if (framing < 0.93) {
    headers.push('Transfer-Encoding: chunked');
    payload = random() < 0.5 ? `${Buffer.byteLength(body, 'latin1').toString(16)}\r\n${body}\r\n0\r\n\r\n` : `zz\r\n${body}\r\n`;
  } else if (framing < 0.96) headers.push('Transfer-Encoding: chunked', `Content-Length: ${body.length}`);
  headers.push(...pick(extraHeaders)(port));
  headers.push('Connection: close');
  return `${method} ${target} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${payload}`;
}

/** Sends the bytes and reads the status line; the connection is closed as soon as it is read. */
function send(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let done = false;
    const finish = (result: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish(received ? statusOf(received) : 'timeout'), 5000);
    // No half-close at first (Node drops a response still being produced when the client ends
    // its side); after 1.5 s without an answer, end it, as a request that promised more body waits.
    const nudge = setTimeout(() => socket.end(), 1500);
    socket.on('close', () => clearTimeout(nudge));
    socket.setEncoding('latin1');
    socket.on('connect', () => socket.write(Buffer.from(bytes, 'latin1')));
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('\r\n')) finish(statusOf(received));
    });
    socket.on('error', () => finish(received ? statusOf(received) : 'no answer'));
    socket.on('close', () => finish(received ? statusOf(received) : 'no answer'));
  });
}

function statusOf(text: string): string {
  return /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 'not HTTP';
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-fuzz-'));
let exitCode = 0;
try {
  const routes = await apiRoutes(dir);
  const server = await startServer({ ...env, DATABASE_URL: `sqlite:${path.join(dir, 'hostfront.db')}` }, { cwd: dir });
  let died = false;
  server.child.once('exit', () => (died = true));
  const counts = new Map<string, number>();
  const fiveHundreds: string[] = [];
  let sent = 0;
  let shown = 0;
  const started = Date.now();
  const worker = async () => {
    while (sent < count && !died && Date.now() < deadline) {
      sent += 1;
      const bytes = request(pick(routes), server.port);
      const status = await send(server.port, bytes);
      counts.set(status, (counts.get(status) ?? 0) + 1);
      if (status.startsWith('5') && fiveHundreds.length < 5) fiveHundreds.push(bytes.slice(0, 300));
      if (process.env.FUZZ_SHOW === status && shown++ < 8) console.log(`${status}: ${JSON.stringify(bytes.slice(0, 400))}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (Date.now() - started) / 1000;
  const health = died
    ? undefined
    : await fetch(`${server.url}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
  const diedDuringRun = died;
  const log = server.output();
  await server.stop();

  console.log(`fuzz:api  ${routes.length} API routes (${routes.map((r) => `${r.method} ${r.url}`).join(', ')})`);
  console.log(`sent ${sent} of ${count} malformed requests in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)}/s), seed ${values.seed}`);
  for (const [status, n] of [...counts].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${status.padEnd(10)} ${String(n).padStart(6)}`);
  const errors = [...counts].filter(([s]) => s.startsWith('5')).reduce((sum, [, n]) => sum + n, 0);
  console.log(`5xx: ${errors}; server ${diedDuringRun ? 'DIED' : 'alive'}; health after: ${health ?? 'n/a'}`);
  for (const example of fiveHundreds) console.log(`  5xx for: ${JSON.stringify(example)}`);
  if (errors > 0 || diedDuringRun || health !== 200) {
    exitCode = 1;
    console.log(
      log
        .split('\n')
        .filter((l) => /"level":(50|60)/.test(l))
        .slice(0, 5)
        .join('\n'),
    );
  }
  if (sent < count) console.log(`stopped at the ${values.seconds} s limit after ${sent} requests`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
