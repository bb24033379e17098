import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../server/app.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { signedInCustomer, type SignedInCustomer } from '../helpers/customers.ts';
import { panelRoutesOf, requestFor } from '../helpers/panel-route-requests.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';
import { waitFor } from '../helpers/until.ts';

/**
 * "My servers" over the Pterodactyl / Pelican driver (docs/decisions.md 79-82), both dialects,
 * the fake panel to its documented shapes: each customer finds the servers their panel user owns,
 * with the status board's word on the location; a suspended server says so and refuses power
 * with that sentence and the portal's link; sharing with console only is a subuser; the panel
 * calls each request costs are counted; the application and admin keys reach no response and no
 * log line.
 */

const panelCookieOf = (response: LightMyRequestResponse) => {
  const set = response.cookies.find((c) => c.name === 'hf_panel');
  if (!set) throw new Error(`no panel cookie: ${response.statusCode} ${response.body}`);
  return `hf_panel=${set.value}`;
};

describe.each(dialects)('My servers over Pterodactyl on %s', (dialect) => {
  let database: TestDatabase;
  let panel: FakePterodactyl;
  let app: FastifyInstance;
  let baseUrl: string;
  let alice: SignedInCustomer;
  let bob: SignedInCustomer;
  let monitorsDir: string;
  /** The app's clock: moved to let the panel user and the subusers' list (kept 30 s) run out. */
  let clockShift = 0;
  const log = new PassThrough();
  let logText = '';
  log.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  const headersOf = (...cookies: string[]) => ({ cookie: cookies.join('; ') });
  const responses: LightMyRequestResponse[] = [];
  const call = async (options: InjectOptions) => {
    const response = await app.inject(options);
    responses.push(response);
    return response;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    panel = await startFakePterodactyl({
      wings: { statsIntervalMs: 0 },
      servers: [
        {
          identifier: 'c0ffee42',
          uuid: 'c0ffee42-5e4f-4a1b-9c3d-2b7e6f8a9d10',
          name: 'Survival SMP',
          allocation: { ip: '203.0.113.7', ip_alias: 'mc.example.net', port: 25565 },
        },
        { identifier: 'bead1234', uuid: 'bead1234-5e4f-4a1b-9c3d-2b7e6f8a9d10', name: 'Creative', limits: { memory: 2048, disk: 10240, cpu: 100 } },
      ],
    });
    const a = panel.accounts.addUser({ email: 'alice@example.test', externalId: 'whmcs-42' });
    const b = panel.accounts.addUser({ email: 'bob@example.test' });
    panel.accounts.owners.set('c0ffee42', a.id);
    panel.accounts.owners.set('bead1234', b.id);
    panel.accounts.locations.set('c0ffee42', { id: 3, short: 'in1', long: 'India - 01' });
    monitorsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-monitors-'));
    const monitors = path.join(monitorsDir, 'monitors.json');
    fs.writeFileSync(
      monitors,
      JSON.stringify({
        monitors: [
          {
            id: 'india-01',
            name: 'India - 01',
            type: 'tcp',
            target: '127.0.0.1:9',
            intervalSeconds: 3600,
            timeoutSeconds: 1,
            degradedAboveMs: 300,
            failuresBeforeDown: 3,
          },
        ],
        incidents: [],
      }),
    );
    app = await buildApp(
      testConfig(database.url, {
        PANEL_DRIVER: 'pterodactyl',
        PANEL_URL: panel.url,
        PANEL_APPLICATION_KEY: panel.keys.application,
        PANEL_CLIENT_KEY: panel.keys.admin,
        BILLING_PORTAL_URL: 'https://billing.example.test/clientarea.php',
        MONITORS_FILE: monitors,
        LOG_LEVEL: 'trace',
        STAFF_TARGETS_ALLOW_PRIVATE: 'true',
      }),
      { logStream: log, now: () => Date.now() + clockShift },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    alice = await signedInCustomer(app, 'alice@example.test');
    bob = await signedInCustomer(app, 'bob@example.test');
  });

  afterAll(async () => {
    await app.close();
    await panel.close();
    await database.drop();
    fs.rmSync(monitorsDir, { recursive: true, force: true });
  });

  const open = (customer: SignedInCustomer, serverId: string) =>
    call({ method: 'POST', url: `/api/panel/my-servers/${serverId}/open`, headers: headersOf(customer.cookie) });

  it('lists each customer’s own servers with the location’s board state and its open incident', async () => {
    await app.incidents.createIncident(
      { title: 'Packet loss in India', impact: 'minor', monitorIds: ['india-01'], state: 'investigating', message: 'Looking into it.' },
      { actor: { kind: 'system', id: null, label: 'test' }, clientIp: null },
    );
    const mine = (await call({ url: '/api/panel/my-servers', headers: headersOf(alice.cookie) })).json();
    expect(mine.owned).toEqual([
      expect.objectContaining({
        id: 'c0ffee42',
        name: 'Survival SMP',
        game: 'Paper',
        location: 'India - 01',
        address: 'mc.example.net:25565',
        plan: '2 GB memory · 10 GB disk · 200% CPU',
        state: 'offline',
        status: null,
        board: expect.objectContaining({ monitor: 'India - 01', notices: [expect.objectContaining({ kind: 'incident', title: 'Packet loss in India' })] }),
      }),
    ]);
    const bobs = (await call({ url: '/api/panel/my-servers', headers: headersOf(bob.cookie) })).json();
    expect(bobs.owned.map((s: { id: string }) => s.id)).toEqual(['bead1234']);
    expect((await open(alice, 'bead1234')).body).toBe((await open(alice, 'deadbeef')).body);
  });

  it('shows a suspended server as such, and refuses power with that sentence and the portal link', async () => {
    panel.setState('bead1234', { suspended: true });
    try {
      const bobs = (await call({ url: '/api/panel/my-servers', headers: headersOf(bob.cookie) })).json();
      expect(bobs.owned[0]).toMatchObject({
        status: 'suspended',
        statusText: expect.stringMatching(/^This server is suspended/),
        payUrl: 'https://billing.example.test/clientarea.php',
      });
      const panelCookie = panelCookieOf(await open(bob, 'bead1234'));
      const power = await call({ method: 'POST', url: '/api/panel/power', headers: headersOf(bob.cookie, panelCookie), payload: { signal: 'start' } });
      expect(power.statusCode).toBe(409);
      expect(power.json().error.message).toBe(
        'This server is suspended, usually because an invoice is unpaid. Pay it in the billing portal and the server can be started again. Billing portal: https://billing.example.test/clientarea.php',
      );
      expect(panel.server('bead1234').powerSignals).toEqual([]);
    } finally {
      panel.setState('bead1234', { suspended: false });
    }
  });

  it('counts the panel calls of each request on a customer’s session', async () => {
    const panelCookie = panelCookieOf(await open(alice, 'c0ffee42'));
    const costs: Record<string, number> = {};
    const measure = async (name: string, options: InjectOptions) => {
      const before = panel.requests.length;
      const response = await call(options);
      expect(response.statusCode, name).toBeLessThan(300);
      costs[name] = panel.requests.length - before;
    };
    const as = headersOf(alice.cookie, panelCookie);
    await measure('GET /server', { url: '/api/panel/server', headers: as });
    await measure('GET /resources', { url: '/api/panel/resources', headers: as });
    await measure('POST /power', { method: 'POST', url: '/api/panel/power', headers: as, payload: { signal: 'start' } });
    await measure('GET /files', { url: '/api/panel/files?path=', headers: as });
    // Once the panel user and the subusers' list (each kept 30 s) have run out: the user is found
    // again, and every server's subusers are read (one page of 100 servers).
    clockShift += 31_000;
    await measure('GET /my-servers (cold)', { url: '/api/panel/my-servers', headers: headersOf(alice.cookie) });
    await measure('GET /my-servers', { url: '/api/panel/my-servers', headers: headersOf(alice.cookie) });
    // One application call checks the access; the rest is the driver's own work.
    expect(costs).toEqual({ 'GET /server': 3, 'GET /resources': 2, 'POST /power': 4, 'GET /files': 2, 'GET /my-servers (cold)': 6, 'GET /my-servers': 4 });
    console.info(`panel calls per request (Pterodactyl, owner): ${JSON.stringify(costs)}`);
  });

  it('shares with console only as a subuser; removal closes the open console and refuses the next call', async () => {
    const invited = await call({
      method: 'POST',
      url: '/api/panel/my-servers/c0ffee42/shares',
      headers: headersOf(alice.cookie),
      payload: { email: 'carol@example.test', grants: ['console'] },
    });
    expect(invited.statusCode).toBe(201);
    const carolUser = panel.accounts.userByEmail('carol@example.test')!;
    expect(panel.accounts.subusers.get('c0ffee42')).toEqual([
      expect.objectContaining({ userId: carolUser.id, permissions: ['control.console', 'websocket.connect'] }),
    ]);
    const carol = await signedInCustomer(app, 'carol@example.test');
    const list = (await call({ url: '/api/panel/my-servers', headers: headersOf(carol.cookie) })).json();
    expect(list.shared).toEqual([expect.objectContaining({ id: 'c0ffee42', grants: ['console'] })]);
    const panelCookie = panelCookieOf(await open(carol, 'c0ffee42'));
    const as = headersOf(carol.cookie, panelCookie);
    const power = await call({ method: 'POST', url: '/api/panel/power', headers: as, payload: { signal: 'stop' } });
    expect(power.statusCode).toBe(403);
    expect((await call({ url: '/api/panel/backups', headers: as })).statusCode).toBe(403);

    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/panel/console`, { headers: as });
    const messages: Array<{ type: string }> = [];
    socket.on('message', (data) => messages.push(...(JSON.parse(String(data)) as typeof messages)));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await waitFor(() => messages.some((m) => m.type === 'state'), 'the shared console', { timeoutMs: 10_000, everyMs: 20 });
    const removed = await call({ method: 'DELETE', url: `/api/panel/my-servers/c0ffee42/shares/${invited.json().id}`, headers: headersOf(alice.cookie) });
    expect(removed.statusCode).toBe(204);
    expect(await closed).toBe(4401);
    expect(panel.accounts.subusers.get('c0ffee42')).toEqual([]);
    expect((await call({ url: '/api/panel/server', headers: as })).statusCode).toBe(401);
    expect((await open(carol, 'c0ffee42')).statusCode).toBe(404);
  });

  it('a friend the owner made a subuser in the panel itself finds the server under Shared with me, with what the panel gave', async () => {
    const erin = panel.accounts.addUser({ email: 'erin@example.test' });
    // Made in the panel's own UI: the console and start, without stop and restart.
    panel.accounts.subusers.set('bead1234', [
      { userId: erin.id, permissions: ['websocket.connect', 'control.console', 'control.start'], createdAt: '2026-11-01T10:00:00+00:00' },
    ]);
    // The list is kept 30 s for every customer: let it run out, as it would.
    clockShift += 31_000;
    const signedIn = await signedInCustomer(app, 'erin@example.test');
    const list = (await call({ url: '/api/panel/my-servers', headers: headersOf(signedIn.cookie) })).json();
    expect(list.owned).toEqual([]);
    expect(list.shared).toEqual([expect.objectContaining({ id: 'bead1234', name: 'Creative', role: 'shared', grants: ['console'] })]);
    const opened = await open(signedIn, 'bead1234');
    expect(opened.json()).toMatchObject({ role: 'shared', grants: ['console'] });
    const as = headersOf(signedIn.cookie, panelCookieOf(opened));
    const power = await call({ method: 'POST', url: '/api/panel/power', headers: as, payload: { signal: 'start' } });
    expect(power.statusCode).toBe(403);
    expect(power.json().error.code).toBe('not_granted');
    expect(panel.server('bead1234').powerSignals).toEqual([]);
    // Removed in the panel: the next call is refused at once.
    panel.accounts.subusers.set('bead1234', []);
    expect((await call({ url: '/api/panel/server', headers: as })).statusCode).toBe(404);
  });

  it('reaches no route of another customer’s server: every /api/panel route of the OpenAPI document, and the console', async () => {
    const bobs = panel.server('bead1234');
    const untouched = () => ({ power: [...bobs.powerSignals], commands: [...bobs.commands], subusers: panel.accounts.subusers.get('bead1234') ?? [] });
    const before = untouched();
    // Opened by its id, Bob's server answers Alice as one that does not exist.
    const unknown = await open(alice, 'deadbeef');
    const others = await open(alice, 'bead1234');
    expect(others.statusCode).toBe(404);
    expect(others.body).toBe(unknown.body);
    const routes = await panelRoutesOf(app);
    expect(routes.length).toBeGreaterThan(30);
    const notSessionRoutes = new Set(['POST /api/panel/session', 'DELETE /api/panel/session', 'GET /api/panel/my-servers']);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (notSessionRoutes.has(key)) continue;
      // Bob's own live panel session each time, as if Alice had taken its cookie.
      const bobsPanel = panelCookieOf(await open(bob, 'bead1234'));
      const request = requestFor(route.method, route.url, 'bead1234');
      const response = await call({
        method: route.method as 'GET',
        url: request.url,
        payload: request.payload as string | undefined,
        headers: { ...headersOf(alice.cookie, bobsPanel), ...request.headers },
      });
      if (key === 'GET /api/panel/session') {
        expect(response.json()).toEqual({ connected: false });
        continue;
      }
      const expected = route.url.startsWith('/api/panel/my-servers/') ? 404 : 401;
      expect(`${key} ${response.statusCode}`).toBe(`${key} ${expected}`);
    }
    const again = panelCookieOf(await open(bob, 'bead1234'));
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/panel/console`, { headers: headersOf(alice.cookie, again) });
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(status).toBe(401);
    // Nothing reached Bob's server on Alice's behalf, and nothing was recorded as hers.
    expect(untouched()).toEqual(before);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target', '=', 'bead1234').execute();
    expect(audit.filter((entry) => entry.actor_id === alice.id)).toEqual([]);
  });

  it('never lets the application or the admin key reach a response or a log line', async () => {
    // A library quoting a key in its message (an HTTP client's error) is scrubbed too.
    app.log.warn(`upstream said: Authorization: Bearer ${panel.keys.admin} was refused for ${panel.keys.application}`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(logText).toContain('upstream said: Authorization: Bearer [redacted]');
    expect(responses.length).toBeGreaterThan(15);
    expect(logText).toContain('incoming request');
    for (const key of [panel.keys.application, panel.keys.admin]) {
      for (const response of responses) expect(JSON.stringify(response.headers) + response.body).not.toContain(key);
      expect(logText).not.toContain(key);
      // Nor any recognisable part of it.
      expect(logText).not.toContain(key.slice(5, 25));
    }
  });
});
