import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../server/app.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';
import { waitFor } from '../helpers/until.ts';

/**
 * The browser API with PANEL_DRIVER=pterodactyl: the real app (both dialects) in front of the
 * fake panel and Wings: what the panel answers (its data, its refusals, its errors) reaches the
 * customer as clear API answers, and the key stays on the server (docs/decisions.md 2).
 */

const MiB = 1024 * 1024;

describe.each(dialects)('panel API over the Pterodactyl driver on %s', (dialect) => {
  let database: TestDatabase;
  let panel: FakePterodactyl;
  let app: FastifyInstance;
  let baseUrl: string;
  let ip = 0;
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    panel = await startFakePterodactyl({ wings: { statsIntervalMs: 0 } });
    app = await buildApp(testConfig(database.url, { PANEL_DRIVER: 'pterodactyl', PANEL_URL: `${panel.url}/` }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.close();
    await panel.close();
    await database.drop();
  });

  beforeEach(() => {
    panel.setState(panel.serverId, { state: 'offline', suspended: false, installing: false, wingsDown: false });
    panel.throttle(0, 1);
  });

  function connectRequest(serverId: string, key: string) {
    return app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId, key },
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextIp(),
    });
  }

  async function connect(key = panel.keys.client): Promise<string> {
    const response = await connectRequest(panel.serverId, key);
    expect(response.statusCode).toBe(200);
    return `hf_panel=${response.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  }

  const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, headers: { cookie, 'content-type': 'application/json' } });

  it('connects with a client key and shows the server, never the key', async () => {
    const response = await connectRequest(panel.serverId, panel.keys.client);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      server: {
        id: panel.serverId,
        name: 'Survival SMP',
        description: expect.any(String),
        status: null,
        limits: { memory: 4096, disk: 20480, cpu: 200 },
        state: 'offline',
      },
    });
    expect(response.body).not.toContain(panel.keys.client);
    // The panel saw the customer's key as Bearer, and nothing browser-like.
    const calls = panel.requests.filter((r) => r.path.startsWith(`/api/client/servers/${panel.serverId}`));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.headers.authorization).toBe(`Bearer ${panel.keys.client}`);
      expect(call.headers.origin).toBeUndefined();
      expect(call.headers.cookie).toBeUndefined();
    }
  });

  it('gives a wrong key, another user’s key, an application key and an unknown server the same 401', async () => {
    const answers = await Promise.all([
      connectRequest(panel.serverId, 'ptlc_wrongwrongwrongwrongwrongwrongwrongwrongwrong'),
      connectRequest(panel.serverId, panel.keys.otherUser),
      connectRequest(panel.serverId, panel.keys.application),
      connectRequest('deadbeef', panel.keys.client),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(answers[0]!.json());
      expect(answer.cookies.find((c) => c.name === 'hf_panel')).toBeUndefined();
    }
  });

  it('reports resources in bytes and percent', async () => {
    const cookie = await connect();
    panel.setState(panel.serverId, { state: 'running', resources: { memory_bytes: 900 * MiB, cpu_absolute: 33.3, disk_bytes: 2048 * MiB } });
    const response = await get('/api/panel/resources', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'running',
      cpu: { current: 33.3, limit: 200 },
      memory: { current: 900 * MiB, limit: 4096 * MiB },
      disk: { current: 2048 * MiB, limit: 20480 * MiB },
    });
  });

  it('passes the panel’s refusals on: 409 suspended, 502 command while offline, 429 with Retry-After, 504 node down', async () => {
    const cookie = await connect();
    const offline = await post('/api/panel/command', cookie, { command: 'list' });
    expect(offline.statusCode).toBe(502);
    expect(offline.json().error).toMatchObject({ code: 'server_offline', message: expect.stringMatching(/must be online/) });

    panel.setState(panel.serverId, { suspended: true });
    const suspended = await post('/api/panel/power', cookie, { signal: 'start' });
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json().error.code).toBe('server_suspended');
    panel.setState(panel.serverId, { suspended: false });

    panel.throttle(3, 45);
    const limited = await get('/api/panel/resources', cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    panel.throttle(0, 1);

    panel.setState(panel.serverId, { wingsDown: true });
    const down = await get('/api/panel/resources', cookie);
    expect(down.statusCode).toBe(504);
    expect(down.json().error.message).not.toMatch(/127\.0\.0\.1|http/);
  });

  it('powers the server and relays its console over the WebSocket', async () => {
    const cookie = await connect();
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/panel/console`, { headers: { cookie, origin: baseUrl } });
    const frames: { type: string; text?: string; state?: string }[] = [];
    socket.on('message', (data: Buffer) => {
      frames.push(...(JSON.parse(data.toString()) as typeof frames));
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const seen = (check: () => boolean) => waitFor(check, 'the frame', { timeoutMs: 4000, everyMs: 10, context: () => JSON.stringify(frames.slice(-5)) });
    await seen(() => frames.some((f) => f.type === 'state' && f.state === 'offline'));
    expect((await post('/api/panel/power', cookie, { signal: 'start' })).statusCode).toBe(204);
    await seen(() => frames.some((f) => f.type === 'state' && f.state === 'running'));
    socket.send(JSON.stringify({ type: 'command', command: 'say from the browser' }));
    await seen(() => frames.some((f) => f.type === 'line' && f.text === '[Fake] Command received: say from the browser'));
    expect(panel.server(panel.serverId).commands).toContain('say from the browser');
    // One Wings socket, opened with the panel URL as Origin.
    expect(
      panel.wings
        .sockets()
        .filter((s) => s.open)
        .map((s) => s.origin),
    ).toEqual([panel.url]);
    socket.close();
  });
});
