import { spawnSync } from 'node:child_process';
import { scrypt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { startDnsServer, type DnsServer } from '../helpers/dns-server.ts';
import { testConfig } from '../helpers/test-config.ts';
import { Listener } from './status-helpers.ts';
import { freePort } from '../helpers/free-port.ts';
import { isRoot, machineHas } from '../helpers/machine-needs.ts';

let visitor = 0;
const nextVisitor = () => `198.51.100.${(++visitor % 250) + 1}`;
const check = (app: FastifyInstance, body: object) => app.inject({ method: 'POST', url: '/api/status/check', payload: body, remoteAddress: nextVisitor() });

describe('the public checker', () => {
  let database: TestDatabase;
  let dns: DnsServer;
  let strict: FastifyInstance;
  let open: FastifyInstance;
  let listener: Listener;
  let web: http.Server;
  let webPort: number;
  const webRequests: Array<{ host: string | undefined; url: string | undefined; remote: string | undefined }> = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    dns = await startDnsServer({
      records: {
        'internal.test.example': ['10.20.30.40'],
        'loopback.test.example': ['127.0.0.1'],
        'metadata.test.example': ['169.254.169.254'],
        'mixed.test.example': ['10.20.30.41', '100.64.1.1'],
        'v6only.test.example': ['fd00::1'],
        'game.test.example': ['127.0.0.1'],
      },
    });
    listener = new Listener(await freePort());
    await listener.open();
    web = http.createServer((request, response) => {
      webRequests.push({ host: request.headers.host, url: request.url, remote: request.socket.remoteAddress });
      response.end('ok');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', () => resolve()));
    webPort = (web.address() as AddressInfo).port;
    strict = await buildApp(testConfig(database.url, { STATUS_CHECK_DNS_SERVERS: dns.address }));
    open = await buildApp(
      testConfig(database.url, {
        STATUS_CHECK_DNS_SERVERS: dns.address,
        STATUS_CHECK_ALLOW_PRIVATE: 'true',
        STATUS_CHECK_PORTS: `${listener.port},${webPort}`,
      }),
    );
  });
  afterAll(async () => {
    await strict?.close();
    await open?.close();
    await listener?.close();
    web?.close();
    await dns?.close();
    await database?.drop();
  });

  it.each([
    'exa mple.com',
    'example.com/path',
    'user@example.com',
    'exa_mple.com',
    'ex%61mple.com',
    'ëxample.com',
    '-bad.example.com',
    'bad-.example.com',
    'a..b.example.com',
    'single',
    '127.1',
    '0x7f.1',
    '2130706433',
    'example.com:99999',
    `${'a'.repeat(64)}.example.com`,
    'http://example.com',
  ])('refuses %s: names are letters, digits, hyphens and dots, and nothing is looked up', async (address) => {
    const before = dns.queries.length;
    const response = await check(strict, { address });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_address', message: expect.stringContaining('letters, digits, hyphens and dots') });
    expect(dns.queries.length).toBe(before);
  });

  it('gives the same answer for a name that does not resolve and for names that resolve inside, without the address', async () => {
    const answers = [];
    for (const name of [
      'nowhere.test.example',
      'internal.test.example',
      'loopback.test.example',
      'metadata.test.example',
      'mixed.test.example',
      'v6only.test.example',
      'sub.localhost',
    ]) {
      const response = await check(strict, { address: `${name}:25565` });
      const body = response.body.replaceAll(name, 'NAME');
      answers.push({ status: response.statusCode, body });
      for (const inside of ['10.20.30.40', '127.0.0.1', '169.254.169.254', '10.20.30.41', 'fd00::1', 'loopback', 'private', 'linkLocal'])
        expect(body).not.toContain(inside);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.status).toBe(400);
    expect(JSON.parse(answers[0]!.body).error.code).toBe('address_not_checkable');
    // The names were asked of the checker's own name server (not this machine's resolver or /etc/hosts).
    expect(dns.queries).toEqual(expect.arrayContaining(['internal.test.example A', 'internal.test.example AAAA', 'nowhere.test.example A']));
  });

  it('an address typed as an IP may be told why it is refused', async () => {
    const response = await check(strict, { address: '10.1.2.3:25565' });
    expect(response.json().error).toMatchObject({ code: 'address_not_allowed', message: expect.stringContaining('private address') });
  });

  it('connects only to allowed ports: a documented policy, not a port scanner', async () => {
    for (const address of ['192.0.2.10:22', '192.0.2.10:6379', '192.0.2.10:3306', '192.0.2.10:25564', '192.0.2.10:25576']) {
      const response = await check(strict, { address, type: 'tcp' });
      expect(response.statusCode, address).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'port_not_allowed', message: expect.stringContaining('25565-25575') });
    }
    // An allowed port goes on to the address rules.
    const allowedPort = await check(strict, { address: '10.1.2.3:25570', type: 'tcp' });
    expect(allowedPort.json().error.code).toBe('address_not_allowed');
  });

  it('probes exactly the address it checked, with the URL built from the checked parts', async () => {
    const tcp = await check(open, { address: `game.test.example:${listener.port}`, type: 'tcp' });
    expect(tcp.json()).toEqual({ ok: true, latency: expect.any(Number) });
    const web = await check(open, { address: `GAME.test.example:${webPort}`, type: 'http' });
    expect(web.json()).toEqual({ ok: true, latency: expect.any(Number) });
    expect(webRequests.at(-1)).toEqual({ host: `game.test.example:${webPort}`, url: '/', remote: '127.0.0.1' });
  });

  it('resolves off the thread pool: slow name servers leave file reads, scrypt and compression alone, and time out', async () => {
    dns.setDelay(4000);
    try {
      const started = performance.now();
      // Twice as many slow look-ups as libuv has threads (4).
      const checks = Array.from({ length: 8 }, (_, i) => check(strict, { address: `slow-${i}.test.example:25565` }));
      // Fixed wait: lets the eight look-ups reach the name server before the timed work starts (they hold threads only if resolution uses the pool).
      await new Promise((r) => setTimeout(r, 200));
      const timed = async (work: () => Promise<unknown>) => {
        const t = performance.now();
        await work();
        return performance.now() - t;
      };
      const file = await timed(() => fs.promises.readFile(path.join(import.meta.dirname, '../../package.json')));
      const hash = await timed(() => new Promise((resolve, reject) => scrypt('password', 'salt', 32, { N: 16384 }, (e, k) => (e ? reject(e) : resolve(k)))));
      const gzip = await timed(() => new Promise((resolve, reject) => zlib.gzip(Buffer.alloc(64 * 1024, 1), (e, b) => (e ? reject(e) : resolve(b)))));
      expect(file).toBeLessThan(1000);
      expect(hash).toBeLessThan(1000);
      expect(gzip).toBeLessThan(1000);
      const answers = await Promise.all(checks);
      const elapsed = performance.now() - started;
      for (const answer of answers) expect(answer.json().error.code).toBe('address_not_checkable');
      // Given up at the checker's own limit (3 s), not when the name server finally answered.
      expect(elapsed).toBeLessThan(3900);
      for (let i = 0; i < 8; i++) expect(dns.queries).toContain(`slow-${i}.test.example A`);
    } finally {
      dns.setDelay(0);
    }
  });
});

describe('checks in flight are capped for the whole instance', () => {
  it('answers 503 with Retry-After past the cap', async () => {
    const database = await createTestDatabase('sqlite');
    const dns = await startDnsServer({ records: {}, delayMs: 1500 });
    const config = testConfig(database.url, { STATUS_CHECK_DNS_SERVERS: dns.address });
    const app = await buildApp({ ...config, status: { ...config.status, checksInFlight: 3 } });
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => check(app, { address: `wait-${i}.test.example:25565` })));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([400, 400, 400, 503, 503]);
      const busy = answers.find((a) => a.statusCode === 503)!;
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json().error.code).toBe('busy');
      // And the cap is given back: the next check runs.
      expect((await check(app, { address: 'after.test.example:25565' })).statusCode).toBe(400);
    } finally {
      await app.close();
      await dns.close();
      await database.drop();
    }
  });
});

// A network namespace of our own (root only) gives this machine a public address on loopback,
// so the check has one to refuse; nothing can leave the namespace.
describe.skipIf(!machineHas('root (for a network namespace of its own)', isRoot))("this machine's own public addresses (needs root)", () => {
  it('are refused like private ones, typed as an IP or reached through a name', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-own-'));
    const script = path.join(dir, 'own.ts');
    const root = path.resolve(import.meta.dirname, '../..');
    fs.writeFileSync(
      script,
      `import { buildApp } from '${root}/server/app.ts';
import { testConfig } from '${root}/test/helpers/test-config.ts';
import { startDnsServer } from '${root}/test/helpers/dns-server.ts';
const dns = await startDnsServer({ records: { 'own.test.example': ['11.22.33.44'] } });
const app = await buildApp(testConfig('sqlite:${dir}/x.db', { STATUS_CHECK_DNS_SERVERS: dns.address }));
const out = [];
for (const address of ['11.22.33.44:25565', 'own.test.example:25565']) {
  const r = await app.inject({ method: 'POST', url: '/api/status/check', payload: { address, type: 'tcp' } });
  out.push({ status: r.statusCode, code: r.json().error?.code });
}
await app.close();
await dns.close();
console.log(JSON.stringify(out));
process.exit(0);
`,
    );
    try {
      const result = spawnSync(
        'unshare',
        ['--net', '--', 'sh', '-c', `ip link set lo up && ip addr add 11.22.33.44/32 dev lo && exec "${process.execPath}" "${script}"`],
        { cwd: root, encoding: 'utf8', timeout: 30_000 },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).toEqual([
        { status: 400, code: 'address_not_allowed' },
        { status: 400, code: 'address_not_checkable' },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
