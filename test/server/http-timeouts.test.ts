import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';

/** Short limits, so the test sees them act; production uses httpLimitsFor's. */
const limits = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 1200,
  idleTimeoutMs: 1500,
  keepAliveTimeoutMs: 500,
  checkIntervalMs: 100,
  maxConnections: 12,
  listenBacklog: 4096,
};

interface Watched {
  socket: net.Socket;
  received: () => string;
  closedAt: Promise<number>;
}

function connect(port: number): Promise<Watched> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    const closedAt = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
    socket.once('connect', () => resolve({ socket, received: () => received, closedAt }));
  });
}

/** Writes one piece every `everyMs` until the socket closes or the pieces run out. */
function trickle(socket: net.Socket, pieces: string[], everyMs: number): NodeJS.Timeout {
  const timer = setInterval(() => {
    const piece = pieces.shift();
    if (piece === undefined || socket.destroyed) return clearInterval(timer);
    socket.write(piece);
  }, everyMs);
  return timer;
}

/** Whether the socket closed within ms of now. */
async function closesWithin(watched: Watched, ms: number): Promise<boolean> {
  const started = Date.now();
  // Fixed wait: the bound of "closes within ms", raced against the close itself.
  const closed = await Promise.race([watched.closedAt, new Promise<undefined>((r) => setTimeout(r, ms))]);
  return closed !== undefined && closed - started <= ms;
}

describe('slow clients cannot hold sockets', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = testConfig(database.url);
    app = await buildApp({ ...config, http: limits });
    app.get('/api/test/ws', { websocket: true }, (socket) => {
      socket.on('message', (data) => socket.send(`echo ${String(data)}`));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('headers trickled in a byte at a time: the connection is closed once the header time is up', async () => {
    const watched = await connect(port);
    const request = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    const timer = trickle(watched.socket, request.split(''), 50);
    expect(await closesWithin(watched, 3000)).toBe(true);
    clearInterval(timer);
    expect(watched.received()).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it('a body trickled in: the connection is closed once the request time is up, with 408', async () => {
    const watched = await connect(port);
    const body = JSON.stringify({ address: 'play.example.com' }).padEnd(400, ' ');
    watched.socket.write(
      `POST /api/status/check HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const timer = trickle(watched.socket, body.split(''), 50);
    expect(await closesWithin(watched, 4000)).toBe(true);
    clearInterval(timer);
    expect(watched.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a connection that sends nothing is closed', async () => {
    const watched = await connect(port);
    expect(await closesWithin(watched, 4000)).toBe(true);
    expect(watched.received()).toMatch(/^(HTTP\/1\.1 408|)/);
  });

  it('connections beyond the cap are closed on arrival; those within it are served', async () => {
    const held: Watched[] = [];
    for (let i = 0; i < limits.maxConnections; i++) held.push(await connect(port));
    const extra = await connect(port);
    expect(await closesWithin(extra, 1000)).toBe(true);
    expect(extra.received()).toBe('');
    for (const w of held) w.socket.destroy();
    // The server has seen them close: its count of open connections is back to none.
    const open = () => new Promise<number>((resolve, reject) => app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    await expect.poll(open).toBe(0);
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });

  // The two tests below wait 4 s each, proving nothing closes in that time: they wait together.
  it.concurrent('the live status stream stays open well past every timeout', async ({ expect }) => {
    const watched = await connect(port);
    watched.socket.write(`GET /api/status/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expect(await closesWithin(watched, 4000)).toBe(false);
    expect(watched.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(watched.received()).toContain('retry: 3000');
    watched.socket.destroy();
  });

  it.concurrent('a WebSocket stays open while quiet past every timeout, and still answers', async ({ expect }) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/test/ws`, { origin: `http://127.0.0.1:${port}` });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    let closed = false;
    socket.once('close', () => (closed = true));
    // Fixed wait: proves the quiet socket stays open past every timeout; a close that does not come has no event.
    await new Promise((r) => setTimeout(r, 4000));
    expect(closed).toBe(false);
    const echo = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send('still there?');
    expect(await echo).toBe('echo still there?');
    socket.close();
  });
});

describe('the limits in production', () => {
  it('are set, and the connection cap sits above the live streams cap', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildApp(testConfig(database.url));
    try {
      const server = app.server;
      expect(server.headersTimeout).toBeGreaterThan(0);
      expect(server.headersTimeout).toBeLessThanOrEqual(10_000);
      expect(server.requestTimeout).toBeGreaterThan(0);
      expect(server.requestTimeout).toBeLessThanOrEqual(30_000);
      expect(server.timeout).toBeGreaterThan(0);
      expect(server.maxConnections).toBeGreaterThan(app.config.status.streamsTotal);
      expect(server.maxConnections).toBeLessThan(Number.POSITIVE_INFINITY);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
