import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { renderNginxConfig } from '../../scripts/nginx-config.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { nginxBinary, startNginx, type NginxProcess } from '../helpers/nginx-process.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { Listener, writeMonitorsFile } from './status-helpers.ts';
import { machineHas } from '../helpers/machine-needs.ts';

// docs/deploy.md, run: two instances on one PostgreSQL behind exactly config/nginx/hostfront.conf
// (Debian's nginx, our own instance on loopback), TLS with a throwaway certificate, HTTP/2.
const nginx = nginxBinary();
if (!nginx) console.warn('deploy-nginx: nginx is not installed and scripts/ensure-system.sh could not install it: skipping the deployment test');

const intervalMs = 500;
const leaderLine = 'this instance now runs the probes';
const serverName = 'hostfront.test';
/** The client's own address, apart from nginx's (127.0.0.1), so the app can tell them apart. */
const clientAddress = '127.0.0.5';

async function until<T>(get: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A Server-Sent Events stream over HTTP/2, as a browser's EventSource holds it. */
class H2EventStream {
  readonly rounds: { id: number; at: number }[] = [];
  ended = false;
  private text = '';

  constructor(session: http2.ClientHttp2Session, headers: http2.OutgoingHttpHeaders) {
    const stream = session.request({ ':path': '/api/status/stream', accept: 'text/event-stream', ...headers });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      this.text += chunk;
      for (let end = this.text.indexOf('\n\n'); end !== -1; end = this.text.indexOf('\n\n')) {
        const block = this.text.slice(0, end);
        this.text = this.text.slice(end + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        if (id && /^event: serverStatus$/m.test(block)) this.rounds.push({ id: Number(id), at: Date.now() });
      }
    });
    const done = () => (this.ended = true);
    stream.on('end', done);
    stream.on('close', done);
    stream.on('error', done);
  }

  get lastId(): number | undefined {
    return this.rounds.at(-1)?.id;
  }
}

/** One HTTP/2 request; the body as text. */
function h2Request(
  session: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
): Promise<{ headers: http2.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers, { endStream: body === undefined });
    let received = '';
    let answer: http2.IncomingHttpHeaders = {};
    stream.setEncoding('utf8');
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: string) => (received += chunk));
    stream.on('end', () => resolve({ headers: answer, body: received }));
    stream.on('error', reject);
    if (body !== undefined) stream.end(body);
  });
}

/** The fields of a request's JSON log line that the tests read. */
interface RequestLogLine {
  reqId: string;
  req: { remoteAddress: string; host: string };
}

/** The JSON log line a request left, found by its request id in either instance's output. */
function logLineOf(servers: ServerProcess[], requestId: string): { server: ServerProcess; line: RequestLogLine } | undefined {
  for (const server of servers) {
    for (const text of server.output().split('\n')) {
      if (!text.includes(requestId)) continue;
      const line = JSON.parse(text) as RequestLogLine;
      if (line.reqId === requestId && line.req) return { server, line };
    }
  }
  return undefined;
}

describe.skipIf(!machineHas('nginx', nginx !== undefined))('two instances on one PostgreSQL behind nginx (docs/deploy.md)', () => {
  let dir: string;
  let database: TestDatabase;
  let panel: FakePterodactyl;
  let listener: Listener;
  let proxy: NginxProcess;
  let a: ServerProcess;
  let b: ServerProcess;
  let publicUrl: string;
  let httpPort: number;
  let session: http2.ClientHttp2Session;
  let certificate: string;
  const timings: string[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-deploy-'));
    fs.chmodSync(dir, 0o755);
    // A throwaway self-signed certificate for the site's name.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${serverName}`,
        '-addext',
        `subjectAltName=DNS:${serverName}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    certificate = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    database = await createTestDatabase('postgres');
    panel = await startFakePterodactyl({ startMs: 100, stopMs: 100 });
    listener = new Listener(await freePort());
    await listener.open();
    const [httpsPort, plainPort, portA, portB] = [await freePort(), await freePort(), await freePort(), await freePort()];
    httpPort = plainPort;
    publicUrl = `https://${serverName}:${httpsPort}`;
    const env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '127.0.0.1',
      PANEL_DRIVER: 'pterodactyl',
      PANEL_URL: panel.url,
      MONITORS_FILE: writeMonitorsFile({
        monitors: [{ id: 'edge', name: 'Edge', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: intervalMs / 1000, timeoutSeconds: 1 }],
      }),
    };
    a = await startServer(env, { port: portA });
    await until(() => a.output().includes(leaderLine), 10_000, 'instance A to take the prober lock');
    b = await startServer(env, { port: portB });
    proxy = await startNginx({
      ports: [httpsPort, plainPort],
      http: renderNginxConfig({
        publicUrl,
        certificate: path.join(dir, 'cert.pem'),
        key: path.join(dir, 'key.pem'),
        upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
        httpsListen: `127.0.0.1:${httpsPort}`,
        httpListen: `127.0.0.1:${plainPort}`,
      }),
    });
    // The site's name resolves nowhere here: the connection goes to nginx's address, named by SNI.
    session = http2.connect(publicUrl, {
      createConnection: () =>
        tls.connect({
          host: '127.0.0.1',
          port: httpsPort,
          servername: serverName,
          ca: certificate,
          ALPNProtocols: ['h2'],
          localAddress: clientAddress,
        } as tls.ConnectionOptions),
    });
    await new Promise<void>((resolve, reject) => {
      session.once('connect', () => resolve());
      session.once('error', reject);
    });
  }, 60_000);

  afterAll(async () => {
    session?.destroy();
    await proxy?.stop();
    await a?.kill();
    await b?.kill();
    await listener?.close();
    await panel?.close();
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (timings.length) console.log(`deploy-nginx timings:\n  ${timings.join('\n  ')}`);
  });

  it('answers over TLS and HTTP/2, redirects plain HTTP to PUBLIC_URL, and hands the app the real client address', async () => {
    expect(session.alpnProtocol).toBe('h2');
    const page = await h2Request(session, { ':path': '/', 'accept-encoding': 'br' });
    expect(page.headers[':status']).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);

    // The client's own X-Forwarded-For is not believed: the address is the one nginx saw.
    const health = await h2Request(session, { ':path': '/api/health', 'x-forwarded-for': '203.0.113.9' });
    expect(health.headers[':status']).toBe(200);
    const requestId = String(health.headers['x-request-id']);
    const logged = await until(() => logLineOf([a, b], requestId), 5000, 'the request in an instance log');
    expect(logged.line.req.remoteAddress).toBe(clientAddress);
    expect(logged.line.req.host).toBe(`${serverName}:${new URL(publicUrl).port}`);

    const plain = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: httpPort, path: '/about?x=1', headers: { host: `${serverName}:${httpPort}` } }, resolve).on('error', reject);
    });
    plain.resume();
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe(`${publicUrl}/about?x=1`);
  });

  it('keeps a panel session made on one instance working on the other, console included', async () => {
    const connect = await h2Request(
      session,
      { ':method': 'POST', ':path': '/api/panel/session', 'content-type': 'application/json', origin: publicUrl },
      JSON.stringify({ serverId: panel.serverId, key: panel.keys.client }),
    );
    expect(connect.headers[':status']).toBe(200);
    const setCookie = [connect.headers['set-cookie']].flat().join('; ');
    expect(setCookie).toMatch(/;\s*Secure/i);
    const cookie = setCookie.split(';')[0]!;
    // Which instance made it: the one whose log has the request.
    const maker = (await until(() => logLineOf([a, b], String(connect.headers['x-request-id'])), 5000, 'the connect request in a log')).server;
    const other = maker === a ? b : a;
    timings.push(`panel session made on instance ${maker === a ? 'A' : 'B'}, used on ${other === a ? 'A' : 'B'}`);

    const state = await fetch(`${other.url}/api/panel/session`, { headers: { cookie } });
    expect(await state.json()).toMatchObject({ connected: true, server: { id: panel.serverId } });
    expect((await fetch(`${other.url}/api/panel/server`, { headers: { cookie } })).status).toBe(200);
    const power = await fetch(`${other.url}/api/panel/power`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ signal: 'start' }),
    });
    expect(power.status).toBe(204);
    expect(panel.server(panel.serverId).powerSignals).toContain('start');

    // The console's WebSocket through nginx (upgrade over TLS), with the same cookie.
    const options: ClientOptions & { servername: string } = {
      ca: certificate,
      servername: serverName,
      headers: { host: new URL(publicUrl).host, cookie, origin: publicUrl },
    };
    const socket = new WebSocket(`wss://127.0.0.1:${new URL(publicUrl).port}/api/panel/console`, options);
    const messages: { type: string; text?: string; state?: string }[] = [];
    // Each message is a batch: a JSON array of console messages.
    socket.on('message', (data) => messages.push(...(JSON.parse(String(data)) as typeof messages)));
    try {
      await until(() => messages.some((m) => m.type === 'state' && m.state === 'running'), 10_000, 'the running state on the console');
      panel.consoleLines(panel.serverId, 'through nginx');
      await until(() => messages.some((m) => m.type === 'line' && m.text === 'through nginx'), 5000, 'a console line');
    } finally {
      socket.close();
    }
  });

  it('streams rounds through nginx to both instances, and the other instance takes over when the prober is killed', async () => {
    // Four streams: nginx spreads them over both instances.
    const streams = Array.from({ length: 4 }, () => new H2EventStream(session, {}));
    await until(() => streams.every((s) => s.rounds.length >= 3), 10_000, 'three rounds on every stream');
    // Every instance streams the prober's rounds (LISTEN/NOTIFY): the same ids everywhere.
    const ids = streams.map((s) => new Set(s.rounds.map((r) => r.id)));
    const common = [...ids[0]!].filter((id) => ids.every((set) => set.has(id)));
    expect(common.length).toBeGreaterThanOrEqual(2);
    const gaps = streams[0]!.rounds.slice(1).map((r, i) => r.at - streams[0]!.rounds[i]!.at);
    timings.push(`rounds every ${intervalMs} ms arrive through nginx ${Math.min(...gaps)}–${Math.max(...gaps)} ms apart`);

    const killedAt = Date.now();
    await a.kill();
    // The streams A held end; those on B go on and must get B's own rounds once it holds the lock.
    await until(() => streams.some((s) => s.ended), 5000, 'the killed instance’s streams to end');
    const survivors = streams.filter((s) => !s.ended);
    expect(survivors.length).toBeGreaterThan(0);
    expect(survivors.length).toBeLessThan(streams.length);
    await until(() => b.output().includes(leaderLine), 10_000, 'instance B to take the prober lock');
    const leaderAfter = Date.now() - killedAt;
    await until(() => survivors.every((s) => s.rounds.some((r) => r.id > killedAt)), 10_000, 'a round after the kill').catch((error: Error) => {
      const last = survivors.map((s) => s.rounds.at(-1)?.id);
      throw new Error(`${error.message}; killed at ${killedAt}, survivors' last rounds ${JSON.stringify(last)}; instance B:\n${b.output().slice(-3000)}`);
    });
    const roundAfter = Date.now() - killedAt;
    expect(roundAfter).toBeLessThan(5000);
    // A browser reconnects the streams that ended (EventSource does it by itself): nginx sends them to B.
    const reopened = new H2EventStream(session, { 'last-event-id': String(streams.find((s) => s.ended)!.lastId) });
    await until(() => reopened.rounds.some((r) => r.id > killedAt), 10_000, 'rounds on a reopened stream');
    const reopenedAfter = Date.now() - killedAt;
    await until(() => survivors.every((s) => s.rounds.filter((r) => r.id > killedAt).length >= 3), 10_000, 'rounds keep coming');
    timings.push(
      `SIGKILL of the prober → B holds the lock after ${leaderAfter} ms, first round on a surviving stream after ${roundAfter} ms, a reopened stream has rounds after ${reopenedAfter} ms`,
    );
  });
});
