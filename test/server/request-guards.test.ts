import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { rawRequest, requestText } from '../helpers/raw-http.ts';
import { testConfig } from '../helpers/test-config.ts';

const form = 'name=Mallory&email=m%40evil.example&subject=Hello&message=Sent+from+another+site';
const json = JSON.stringify({ name: 'Mallory', email: 'm@evil.example', subject: 'Hello', message: 'Sent from another site' });

async function listening(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; port: number; database: TestDatabase }> {
  const database = await createTestDatabase('sqlite');
  const app = await buildApp(testConfig(database.url, env));
  app.get('/api/test/ip', async (request) => ({ ip: request.ip }));
  app.get('/api/test/ws', { websocket: true }, (socket) => {
    socket.on('message', (data) => socket.send(`echo ${String(data)}`));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, database };
}

describe('same origin, decided on the matched route', () => {
  let app: FastifyInstance;
  let port: number;
  let database: TestDatabase;
  beforeAll(async () => ({ app, port, database } = await listening()));
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const spellings = (p: number) => [
    '/api/contact',
    '/%61pi/contact',
    '/api/%63ontact',
    '/%61%70%69/contact',
    '//api/contact',
    '/api//contact',
    '/api/contact/',
    'http://evil.example/api/contact',
    `http://127.0.0.1:${p}/api/contact`,
  ];

  it.each(['form', 'json'])('refuses a cross-site %s post to the contact API whatever the spelling of its path', async (kind) => {
    for (const target of spellings(port)) {
      const answer = await rawRequest(
        port,
        requestText(
          'POST',
          target,
          {
            Host: `127.0.0.1:${port}`,
            Origin: 'https://evil.example',
            'Content-Type': kind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
          },
          kind === 'form' ? form : json,
        ),
      );
      // Refused when it reaches the route; a spelling that reaches no route is a 404.
      expect([403, 404], `${target} answered ${answer.status}`).toContain(answer.status);
    }
    expect(await app.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
  });

  it('still takes a same-origin form post and a request without Origin', async () => {
    const own = await rawRequest(
      port,
      requestText(
        'POST',
        '/api/contact',
        { Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        form,
      ),
    );
    expect(own.status).toBe(303);
    const noOrigin = await rawRequest(port, requestText('POST', '/api/contact', { Host: `127.0.0.1:${port}`, 'Content-Type': 'application/json' }, json));
    expect(noOrigin.status).toBe(202);
    const publicOrigin = await rawRequest(
      port,
      requestText('POST', '/api/contact', { Host: `127.0.0.1:${port}`, Origin: app.config.publicUrl, 'Content-Type': 'application/json' }, json),
    );
    expect(publicOrigin.status).toBe(202);
  });

  it('refuses a WebSocket handshake from another site on any route, and takes one from this site', async () => {
    const opened = (origin: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/%61pi/test/ws`, { origin });
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('error', () => resolve(0));
      });
    expect(await opened('https://evil.example')).toBe(403);
    expect(await opened(`http://127.0.0.1:${port}`)).toBe(101);
  });
});

describe('CONNECT', () => {
  it('is answered 405, not dropped', async () => {
    const { app, port, database } = await listening();
    try {
      const answer = await rawRequest(port, `CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n`);
      expect(answer.status).toBe(405);
      expect(JSON.parse(answer.body).error.code).toBe('method_not_allowed');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('request bodies: JSON everywhere, a form only where the no-JavaScript form posts', () => {
  let app: FastifyInstance;
  let port: number;
  let database: TestDatabase;
  beforeAll(async () => ({ app, port, database } = await listening()));
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it.each([
    ['application/x-www-form-urlencoded', 'address=play.example.com'],
    ['text/plain', '{"address":"play.example.com"}'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="address"\r\n\r\nplay.example.com\r\n--x--\r\n'],
    ['application/x-www-form-urlencoded', ''],
  ])('POST /api/status/check with %s gets 415 with the error envelope', async (type, body) => {
    for (const target of ['/api/status/check', '/%61pi/status/check']) {
      const answer = await rawRequest(port, requestText('POST', target, { Host: `127.0.0.1:${port}`, 'Content-Type': type }, body));
      expect(answer.status).toBe(415);
      expect(JSON.parse(answer.body)).toEqual({ error: { code: 'unsupported_media_type', message: expect.stringContaining('JSON') } });
    }
  });

  it('refuses a body with no Content-Type, and takes JSON', async () => {
    const untyped = await rawRequest(port, requestText('POST', '/api/status/check', { Host: `127.0.0.1:${port}` }, '{"address":"x"}'));
    expect(untyped.status).toBe(415);
    const typed = await app.inject({ method: 'POST', url: '/api/status/check', payload: { address: 'not a host!' } });
    expect(typed.statusCode).toBe(400);
  });

  it('the contact form still takes a form post', async () => {
    const answer = await rawRequest(
      port,
      requestText('POST', '/api/contact', { Host: `127.0.0.1:${port}`, 'Content-Type': 'application/x-www-form-urlencoded' }, form),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/contact?sent=1#sent');
  });
});

describe('Host allow-list', () => {
  const health = (port: number, host: string) => rawRequest(port, requestText('GET', '/api/health', { Host: host }));

  it('on loopback: answers localhost, 127.0.0.1 and [::1] with its port, refuses every other name (DNS rebinding)', async () => {
    const { app, port, database } = await listening();
    try {
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
        expect((await health(port, host)).status, host).toBe(200);
      }
      for (const host of [
        `evil.example:${port}`,
        'evil.example',
        `localhost:${port + 1}`,
        `127.0.0.1:${port + 1}`,
        `127.0.0.2:${port}`,
        `localhost.evil.example:${port}`,
        `user@localhost:${port}`,
        `0.0.0.0:${port}`,
      ]) {
        const answer = await health(port, host);
        expect(answer.status, host).toBe(421);
        expect(JSON.parse(answer.body)).toEqual({ error: { code: 'unknown_host', message: expect.any(String) } });
      }
      // Static pages and unknown paths too, not only the API.
      expect((await rawRequest(port, requestText('GET', '/', { Host: 'evil.example' }))).status).toBe(421);
      expect((await rawRequest(port, requestText('POST', '/api/contact', { Host: 'evil.example', 'Content-Type': 'application/json' }, json))).status).toBe(
        421,
      );
      expect(await app.db.selectFrom('contact_messages').select('id').execute()).toEqual([]);
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it("answers PUBLIC_URL's host and the ALLOWED_HOSTS entries (a load balancer's health check by address)", async () => {
    const { app, port, database } = await listening({ PUBLIC_URL: 'https://www.example.com', ALLOWED_HOSTS: '10.0.0.5, lb-check.internal:8080' });
    try {
      for (const host of [
        'www.example.com',
        'www.example.com:443',
        'WWW.example.com',
        '10.0.0.5',
        '10.0.0.5:4321',
        'lb-check.internal:8080',
        `127.0.0.1:${port}`,
      ]) {
        expect((await health(port, host)).status, host).toBe(200);
      }
      for (const host of ['example.com', 'www.example.com:8443', 'lb-check.internal', 'lb-check.internal:8081', 'evil.example']) {
        expect((await health(port, host)).status, host).toBe(421);
      }
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('off loopback: only PUBLIC_URL and ALLOWED_HOSTS', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildApp(testConfig(database.url, { HOST: '0.0.0.0', PUBLIC_URL: 'https://www.example.com' }));
    try {
      expect((await app.inject({ url: '/api/health', headers: { host: 'www.example.com' } })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/health', headers: { host: 'localhost:80' } })).statusCode).toBe(421);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('TRUST_PROXY: a client-written X-Forwarded-For entry never becomes the client address', () => {
  it.each([
    ['a hop count', '1'],
    ["the proxy's address", '127.0.0.1'],
    ["the proxy's range", '127.0.0.0/8'],
  ])('with %s', async (_kind, trust) => {
    const { app, port, database } = await listening({ TRUST_PROXY: trust });
    try {
      // What the proxy sends: whatever the client wrote, then the address the proxy saw.
      const ipOf = async (forwarded: string) =>
        JSON.parse((await rawRequest(port, requestText('GET', '/api/test/ip', { Host: `127.0.0.1:${port}`, 'X-Forwarded-For': forwarded }))).body).ip;
      expect(await ipOf('198.51.100.7')).toBe('198.51.100.7');
      expect(await ipOf('1.2.3.4, 198.51.100.7')).toBe('198.51.100.7');
      expect(await ipOf('127.0.0.1, 198.51.100.7')).toBe('198.51.100.7');
      expect(await ipOf('1.2.3.4,5.6.7.8 , 198.51.100.7')).toBe('198.51.100.7');

      // So a client cannot escape a limit by writing a new address each time.
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const answer = await rawRequest(
          port,
          requestText(
            'POST',
            '/api/status/check',
            { Host: `127.0.0.1:${port}`, 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.8.${i}, 198.51.100.9` },
            '{"address":"not a host!"}',
          ),
        );
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('per-address limits count an IPv6 client by its /64', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await buildApp(testConfig(database.url));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('the checker: six a minute per /64, however many addresses of it are used', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/status/check',
        remoteAddress: `2001:db8:aa:bb::${i.toString(16)}:${i}`,
        payload: { address: 'not a host!' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
    // Another /64 has its own allowance.
    const other = await app.inject({ method: 'POST', url: '/api/status/check', remoteAddress: '2001:db8:aa:bc::1', payload: { address: 'not a host!' } });
    expect(other.statusCode).toBe(400);
  });

  it('an IPv4 client seen through a dual-stack socket (::ffff:a.b.c.d) counts as its IPv4 address, not as one shared /64', async () => {
    for (let i = 0; i < 6; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/status/check',
        remoteAddress: '::ffff:198.51.100.1',
        payload: { address: 'not a host!' },
      });
      expect(response.statusCode).toBe(400);
    }
    const sameClient = await app.inject({ method: 'POST', url: '/api/status/check', remoteAddress: '198.51.100.1', payload: { address: 'not a host!' } });
    expect(sameClient.statusCode).toBe(429);
    const neighbour = await app.inject({ method: 'POST', url: '/api/status/check', remoteAddress: '::ffff:198.51.100.2', payload: { address: 'not a host!' } });
    expect(neighbour.statusCode).toBe(400);
  });

  it('the contact form: one /64 shares one allowance', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const response = await app.inject({ method: 'POST', url: '/api/contact', remoteAddress: `2001:db8:cc:dd:${i}::1`, payload: JSON.parse(json) });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('live status streams: the per-address cap holds across a /64', async () => {
    const { app: streaming, port, database: db } = await listening({ STATUS_STREAMS_PER_ADDRESS: '1', TRUST_PROXY: '1' });
    const open: Array<ReturnType<typeof import('node:net').connect>> = [];
    try {
      const { connect } = await import('node:net');
      const firstLine = (forwarded: string) =>
        new Promise<string>((resolve) => {
          const socket = connect(port, '127.0.0.1', () =>
            socket.write(`GET /api/status/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: ${forwarded}\r\n\r\n`),
          );
          open.push(socket);
          socket.once('data', (chunk) => resolve(String(chunk).split('\r\n')[0]!));
        });
      expect(await firstLine('2001:db8:ee:ff::1')).toBe('HTTP/1.1 200 OK');
      expect(await firstLine('2001:db8:ee:ff:1234:5678:9abc:def0')).toBe('HTTP/1.1 429 Too Many Requests');
      expect(await firstLine('2001:db8:ee:fe::1')).toBe('HTTP/1.1 200 OK');
    } finally {
      for (const socket of open) socket.destroy();
      await streaming.close();
      await db.drop();
    }
  });
});
