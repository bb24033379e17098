import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../../server/app.ts';
import { insertSession } from '../../../server/panel/panel-repository.ts';
import { hashSessionId, newSessionId, SessionCrypto } from '../../../server/panel/session-crypto.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { panelAuditOf } from '../../helpers/panel-audit.ts';
import { fixtureKey, fixtureServerId } from '../../helpers/panel-fixture.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { waitFor } from '../../helpers/until.ts';

const serversFile = path.resolve('test/fixtures/panel-servers.json');
const secret = 'test-secret-test-secret-test-secret-0123456789';

interface InjectExtra {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

describe.each(dialects)('panel API on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;
  let ipCounter = 0;
  /** A fresh client address per test, so the connect limit of one test does not touch another. */
  const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: serversFile }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  function json(method: 'POST' | 'DELETE', url: string, payload: unknown, extra: InjectExtra = {}) {
    return app.inject({
      method,
      url,
      payload: payload as object,
      headers: { 'content-type': 'application/json', ...(extra.headers ?? {}) },
      remoteAddress: extra.remoteAddress,
    });
  }

  async function connect(remoteAddress = nextIp()): Promise<string> {
    const response = await json('POST', '/api/panel/session', { serverId: fixtureServerId, key: fixtureKey }, { remoteAddress });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'hf_panel');
    return `hf_panel=${cookie!.value}`;
  }

  it('answers 401 on every panel route without a session', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/panel/server', undefined],
      ['GET', '/api/panel/resources', undefined],
      ['POST', '/api/panel/power', { signal: 'start' }],
      ['POST', '/api/panel/command', { command: 'say hi' }],
    ] as const) {
      const response = await app.inject({ method, url, payload, headers: payload ? { 'content-type': 'application/json' } : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('not_connected');
    }
    // A forged or stale cookie is no session either.
    const forged = await app.inject({ url: '/api/panel/server', headers: { cookie: `hf_panel=${newSessionId()}` } });
    expect(forged.statusCode).toBe(401);
    // The console socket is refused before the upgrade.
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/panel/console`);
    const status = await new Promise<number>((resolve) => socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);
  });

  it('connects with the right key: an httpOnly, SameSite=Strict cookie, the key stored only encrypted', async () => {
    const response = await json('POST', '/api/panel/session', { serverId: fixtureServerId, key: fixtureKey }, { remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      server: {
        id: 'test-mc',
        name: 'Fixture Survival',
        description: expect.any(String),
        status: null,
        limits: { memory: 1024, disk: 2048, cpu: 100 },
        state: expect.any(String),
      },
    });
    expect(response.body).not.toContain(fixtureKey);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^hf_panel=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/;');
    expect(header).toContain('Max-Age=43200');
    expect(header).not.toContain('Secure');

    const id = response.cookies[0]!.value;
    const rows = await app.db.selectFrom('panel_sessions').selectAll().execute();
    const row = rows.find((r) => r.id_hash === hashSessionId(id))!;
    expect(row).toMatchObject({ server_id: 'test-mc', driver: 'local' });
    expect(row.expires_at - row.created_at).toBe(12 * 60 * 60 * 1000);
    expect(JSON.stringify(rows)).not.toContain(fixtureKey);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(new SessionCrypto(secret).decrypt(row.key_ciphertext, row.id_hash)).toBe(fixtureKey);
    expect(new SessionCrypto('another-secret-another-secret-0123456789').decrypt(row.key_ciphertext, row.id_hash)).toBeUndefined();

    const details = await app.inject({ url: '/api/panel/server', headers: { cookie: `hf_panel=${id}` } });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ id: 'test-mc', name: 'Fixture Survival' });
  });

  it('answers a wrong key and an unknown id the same way, in about the same time', async () => {
    const time = async (body: object) => {
      const started = performance.now();
      const response = await json('POST', '/api/panel/session', body, { remoteAddress: nextIp() });
      return { response, ms: performance.now() - started };
    };
    const wrongKeys: number[] = [];
    const unknownIds: number[] = [];
    let wrongBody = '';
    let unknownBody = '';
    for (let i = 0; i < 8; i++) {
      const wrong = await time({ serverId: fixtureServerId, key: `wrong-${i}-${fixtureKey}` });
      const unknown = await time({ serverId: `no-such-server-${i}`, key: fixtureKey });
      expect(wrong.response.statusCode).toBe(401);
      expect(unknown.response.statusCode).toBe(401);
      expect(wrong.response.headers['set-cookie']).toBeUndefined();
      wrongBody = wrong.response.body;
      unknownBody = unknown.response.body;
      wrongKeys.push(wrong.ms);
      unknownIds.push(unknown.ms);
    }
    expect(unknownBody).toBe(wrongBody);
    expect(JSON.parse(wrongBody)).toEqual({ error: { code: 'invalid_credentials', message: 'The server ID or access key is not correct.' } });
    // Both paths run one scrypt (tens of ms): an unknown id is not answered faster. The fastest
    // of several tries is compared, since a busy machine only ever adds time.
    const fastest = (values: number[]) => Math.min(...values);
    expect(fastest(unknownIds)).toBeGreaterThan(10);
    // (Skipping scrypt for an unknown id would make it 10 to 50 times faster.)
    expect(fastest(unknownIds) / fastest(wrongKeys)).toBeGreaterThan(0.5);
    expect(fastest(unknownIds) / fastest(wrongKeys)).toBeLessThan(2);
  });

  it('limits failed connects to 10 per address in 10 minutes: then 429 with Retry-After, even for the right key', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const response = await json('POST', '/api/panel/session', { serverId: fixtureServerId, key: `guess-${i}` }, { remoteAddress: ip });
      expect(response.statusCode).toBe(401);
    }
    const limited = await json('POST', '/api/panel/session', { serverId: fixtureServerId, key: fixtureKey }, { remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another address is not affected, and successes never count.
    const other = nextIp();
    for (let i = 0; i < 12; i++) await connect(other);
  });

  it('refuses a state-changing request from another origin, and one that is not JSON', async () => {
    const cookie = await connect();
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/panel/power',
      payload: { signal: 'start' },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const foreignConnect = await app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: fixtureServerId, key: fixtureKey },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreignConnect.statusCode).toBe(403);

    const form = await app.inject({
      method: 'POST',
      url: '/api/panel/power',
      payload: 'signal=start',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    const text = await app.inject({
      method: 'POST',
      url: '/api/panel/command',
      payload: '{"command":"say hi"}',
      headers: { cookie, 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const formConnect = await app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: `serverId=${fixtureServerId}&key=${fixtureKey}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(formConnect.statusCode).toBe(415);
    expect(formConnect.headers['set-cookie']).toBeUndefined();
    const sameOrigin = await app.inject({
      method: 'POST',
      url: '/api/panel/command',
      payload: { command: '  ' },
      headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(sameOrigin.statusCode).toBe(400);
  });

  it('runs power actions and commands, writes every one to the audit log, and refuses a blank command', async () => {
    const ip = nextIp();
    const cookie = await connect(ip);
    const call = (url: string, payload: object) => json('POST', url, payload, { headers: { cookie }, remoteAddress: ip });

    expect((await call('/api/panel/command', { command: '   ' })).statusCode).toBe(400);
    const offline = await call('/api/panel/command', { command: 'say too early' });
    expect(offline.statusCode).toBe(502);

    expect((await call('/api/panel/power', { signal: 'start' })).statusCode).toBe(204);
    await waitFor(async () => (await app.inject({ url: '/api/panel/server', headers: { cookie } })).json().state === 'running', 'the server running', 10_000);

    const resources = await app.inject({ url: '/api/panel/resources', headers: { cookie } });
    expect(resources.statusCode).toBe(200);
    expect(resources.json()).toMatchObject({
      state: 'running',
      cpu: { limit: 100 },
      memory: { limit: 1024 * 1024 * 1024 },
      disk: { limit: 2048 * 1024 * 1024 },
    });
    expect(resources.json().memory.current).toBeGreaterThan(1024 * 1024);

    expect((await call('/api/panel/command', { command: 'say hello' })).statusCode).toBe(204);
    expect((await call('/api/panel/power', { signal: 'stop' })).statusCode).toBe(204);
    expect((await call('/api/panel/power', { signal: 'reboot' })).statusCode).toBe(400);

    const log = await panelAuditOf(app, fixtureServerId);
    const mine = log.filter((entry) => entry.clientIp === ip).map(({ actor, action, outcome, detail }) => ({ actor, action, outcome, detail }));
    const actor = { kind: 'customer', id: fixtureServerId, label: `server ${fixtureServerId}`, name: null };
    expect(mine).toEqual([
      { actor, action: 'panel.command', outcome: 'failed', detail: { driver: 'local', command: 'say too early', error: 'server_offline' } },
      { actor, action: 'panel.power', outcome: 'ok', detail: { driver: 'local', signal: 'start' } },
      { actor, action: 'panel.command', outcome: 'ok', detail: { driver: 'local', command: 'say hello' } },
      { actor, action: 'panel.power', outcome: 'ok', detail: { driver: 'local', signal: 'stop' } },
    ]);
    for (const entry of log) expect(entry.at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('tells a page whether this browser is connected, without a 401 for visitors', async () => {
    const visitor = await app.inject({ url: '/api/panel/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ connected: false });
    const cookie = await connect();
    const customer = await app.inject({ url: '/api/panel/session', headers: { cookie } });
    expect(customer.statusCode).toBe(200);
    expect(customer.json()).toMatchObject({ connected: true, server: { id: fixtureServerId } });
    await app.inject({ method: 'DELETE', url: '/api/panel/session', headers: { cookie } });
    expect((await app.inject({ url: '/api/panel/session', headers: { cookie } })).json()).toEqual({ connected: false });
  });

  it('ends the session on disconnect, and refuses an expired session', async () => {
    const cookie = await connect();
    const disconnect = await app.inject({ method: 'DELETE', url: '/api/panel/session', headers: { cookie } });
    expect(disconnect.statusCode).toBe(204);
    expect(String(disconnect.headers['set-cookie'])).toMatch(/hf_panel=;.*Expires=Thu, 01 Jan 1970/);
    expect((await app.inject({ url: '/api/panel/server', headers: { cookie } })).statusCode).toBe(401);

    // A session stored 12 hours and a second ago has expired.
    const id = newSessionId();
    const idHash = hashSessionId(id);
    const created = Date.now() - 12 * 60 * 60 * 1000 - 1000;
    await insertSession(app.db, {
      idHash,
      serverId: fixtureServerId,
      driver: 'local',
      keyCiphertext: new SessionCrypto(secret).encrypt(fixtureKey, idHash),
      createdAt: created,
      expiresAt: created + 12 * 60 * 60 * 1000,
    });
    expect((await app.inject({ url: '/api/panel/server', headers: { cookie: `hf_panel=${id}` } })).statusCode).toBe(401);
  });

  it('makes the cookie Secure and __Host- prefixed when the site is public over HTTPS, behind a proxy', async () => {
    const secureDb = await createTestDatabase(dialect);
    const secureApp = await buildApp(
      testConfig(secureDb.url, { LOCAL_SERVERS_FILE: serversFile, TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'https://panel.example.com' }),
    );
    try {
      const response = await secureApp.inject({
        method: 'POST',
        url: '/api/panel/session',
        payload: { serverId: fixtureServerId, key: fixtureKey },
        headers: { 'content-type': 'application/json', host: 'panel.example.com', 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(200);
      const header = String(response.headers['set-cookie']);
      expect(header).toMatch(/^__Host-hf_panel=[A-Za-z0-9_-]{43};/);
      expect(header).toContain('Secure');
      expect(header).toContain('Path=/;');
      const cookie = header.split(';')[0]!;
      const server = await secureApp.inject({ url: '/api/panel/server', headers: { cookie, host: 'panel.example.com', 'x-forwarded-proto': 'https' } });
      expect(server.statusCode).toBe(200);
    } finally {
      await secureApp.close();
      await secureDb.drop();
    }
  });

  it('streams the console over a WebSocket: recent lines, state, live output of a command', async () => {
    const cookie = await connect();
    const host = new URL(baseUrl).host;
    const refused = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/panel/console`, { headers: { cookie, origin: 'https://evil.example' } });
    const refusedStatus = await new Promise<number>((resolve) => refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(refusedStatus).toBe(403);

    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/panel/console`, { headers: { cookie, origin: `http://${host}` } });
    const messages: Array<{ type: string; text?: string; state?: string; message?: string }> = [];
    socket.on('message', (data) => messages.push(...(JSON.parse(String(data)) as typeof messages)));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const until = (check: () => boolean, what: string) =>
      waitFor(check, what, { timeoutMs: 10_000, everyMs: 20, context: () => JSON.stringify(messages.slice(-10)) });
    await until(() => messages.some((m) => m.type === 'state'), 'the state');
    const power = await json('POST', '/api/panel/power', { signal: 'start' }, { headers: { cookie } });
    expect(power.statusCode).toBe(204);
    await until(() => messages.some((m) => m.type === 'state' && m.state === 'running'), 'running');
    socket.send(JSON.stringify({ type: 'command', command: 'color' }));
    await until(() => messages.some((m) => m.type === 'line' && m.text === '\x1b[32mgreen\x1b[0m and \x1b[31mred\x1b[0m'), 'the command output');
    socket.send(JSON.stringify({ type: 'command', command: '   ' }));
    await until(() => messages.some((m) => m.type === 'error'), 'the blank command error');
    await until(() => messages.some((m) => m.type === 'stats'), 'stats');

    // A second viewer gets the recent lines first.
    const second = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/panel/console`, { headers: { cookie } });
    const replay: Array<{ type: string; text?: string }> = [];
    second.on('message', (data) => replay.push(...(JSON.parse(String(data)) as typeof replay)));
    await until(() => replay.some((m) => m.type === 'state'), 'the replay');
    expect(replay.filter((m) => m.type === 'line').map((m) => m.text)).toContain('\x1b[32mgreen\x1b[0m and \x1b[31mred\x1b[0m');

    await json('POST', '/api/panel/power', { signal: 'stop' }, { headers: { cookie } });
    await until(() => messages.some((m) => m.type === 'state' && m.state === 'offline') && messages.some((m) => m.text?.includes('Server stopped')), 'offline');
    const audit = await panelAuditOf(app, fixtureServerId);
    expect(audit.some((entry) => entry.action === 'panel.command' && entry.detail?.command === 'color' && entry.outcome === 'ok')).toBe(true);

    // Disconnecting closes the session's sockets.
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await app.inject({ method: 'DELETE', url: '/api/panel/session', headers: { cookie } });
    expect(await closed).toBe(4401);
    second.close();
  });
});
