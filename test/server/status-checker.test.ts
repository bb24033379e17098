import type { FastifyInstance } from 'fastify';
import mc from 'minecraft-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { testConfig } from '../helpers/test-config.ts';
import { Listener } from './status-helpers.ts';

// The checker does not use the database, but the app does: one dialect is enough here.
const dialect = dialects[0];
let visitor = 0;

async function check(app: FastifyInstance, body: unknown, ip = '203.0.113.7') {
  return app.inject({ method: 'POST', url: '/api/status/check', payload: body as object, remoteAddress: ip });
}

describe('POST /api/status/check', () => {
  let database: TestDatabase;
  let strict: FastifyInstance;
  let open: FastifyInstance;
  let listener: Listener;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    strict = await buildApp(testConfig(database.url));
    open = await buildApp(testConfig(database.url, { STATUS_CHECK_ALLOW_PRIVATE: 'true', STATUS_CHECK_PORTS: '1-65535' }));
    listener = new Listener(await freePort());
    await listener.open();
  });
  afterAll(async () => {
    await strict?.close();
    await open?.close();
    await listener?.close();
    await database?.drop();
  });

  it.each([
    ['127.0.0.1:25565', 'loopback'],
    ['10.0.0.1', 'private'],
    ['169.254.169.254:80', 'linkLocal'],
    ['::1', 'loopback'],
    ['[::1]:25565', 'loopback'],
    ['[::ffff:127.0.0.1]:25565', 'loopback'],
    ['224.0.0.1:8080', 'multicast'],
    // IPv6 forms that carry an IPv4 address are judged by the IPv4 address they carry
    ['[::7f00:1]:25565', 'loopback'],
    ['[::127.0.0.1]:25565', 'loopback'],
    ['[::ffff:0:a00:1]:25565', 'private'],
    ['[64:ff9b::7f00:1]:25565', 'loopback'],
    ['[2002:7f00:1::1]:25565', 'loopback'],
    ['[2002:a9fe:a9fe::1]:80', 'linkLocal'],
    ['[2001:0:4136:e378:8000:63bf:80ff:fffe]:25565', 'loopback'],
  ])('refuses %s with a clear 400', async (address, range) => {
    // each case from its own visitor address, so the rate limit stays out of the way
    const response = await check(strict, { address }, `198.51.100.${++visitor}`);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe('address_not_allowed');
    expect(body.error.message).toContain(`${range} address`);
    expect(body.error.message).toContain('only servers on the public internet can be checked');
  });

  it('refuses localhost without saying what it resolves to', async () => {
    const response = await check(strict, { address: 'localhost:25565' }, `198.51.100.${++visitor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('address_not_checkable');
    expect(response.body).not.toMatch(/127\.0\.0\.1|::1|loopback/);
  });

  it('rejects an address that is not host[:port], and a TCP check without a port', async () => {
    const bad = await check(strict, { address: 'http://example.com/path' }, '198.51.100.201');
    expect(bad.json().error.message).toContain('letters, digits, hyphens and dots');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_address');
    const noPort = await check(strict, { address: '1.1.1.1', type: 'tcp' }, '198.51.100.202');
    expect(noPort.statusCode).toBe(400);
    expect(noPort.json().error.message).toContain('needs a port');
    const missing = await check(strict, {}, '198.51.100.203');
    expect(missing.statusCode).toBe(400);
  });

  it('checks private targets when STATUS_CHECK_ALLOW_PRIVATE=true: TCP up and down', async () => {
    const up = await check(open, { address: `127.0.0.1:${listener.port}`, type: 'tcp' }, '198.51.100.210');
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ ok: true, latency: expect.any(Number) });
    expect(up.json().latency).toBeGreaterThan(0);

    const closedPort = await freePort();
    const down = await check(open, { address: `localhost:${closedPort}`, type: 'tcp' }, '198.51.100.210');
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual({ ok: false, latency: 0 });
  });

  it('pings a Minecraft server and returns players and version', async () => {
    const port = await freePort();
    const server = mc.createServer({ port, host: '127.0.0.1', 'online-mode': false, version: '1.21.4', motd: 'x', maxPlayers: 10 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const response = await check(open, { address: `127.0.0.1:${port}` }, '198.51.100.211');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, latency: expect.any(Number), players: { online: 0, max: 10 }, version: '1.21.4' });
    } finally {
      server.close();
    }
  });

  it('allows 6 checks a minute per IP, then answers 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await check(strict, { address: '10.1.2.3' }, '198.51.100.99')).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 400, 429]);
    // another visitor is not affected
    expect((await check(strict, { address: '10.1.2.3' }, '198.51.100.98')).statusCode).toBe(400);
  });

  it('does not probe anything when no monitors are configured', async () => {
    await strict.ready();
    const report = await strict.inject({ method: 'GET', url: '/api/status' });
    expect(report.json()).toMatchObject({
      summary: { monitored: 0, banner: 'All Systems Operational', uptime90d: null, openIncidents: 0 },
      servers: [],
      incidents: [],
      maintenance: [],
    });
    // Fixed wait: proves nothing is probed or stored without monitors; nothing comes to wait for.
    await new Promise((r) => setTimeout(r, 400));
    const rows = await strict.db.selectFrom('status_result').select('id').execute();
    expect(rows).toEqual([]);
  });
});
