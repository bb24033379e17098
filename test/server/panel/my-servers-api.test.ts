import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../../server/app.ts';
import { localAccountKey } from '../../../server/panel/accounts/account-key.ts';
import { routeGrants } from '../../../server/panel/accounts/grants.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { signedInCustomer, type SignedInCustomer } from '../../helpers/customers.ts';
import { ownedServersFile } from '../../helpers/owned-servers.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { waitFor } from '../../helpers/until.ts';

/**
 * "My servers" with the local driver, both dialects (docs/decisions.md 80-81): each customer sees
 * the servers the servers file gives their verified address, a server that is not theirs answers
 * as an unknown one on every /api/panel route (read from the OpenAPI document) and on the console
 * socket, and a server shared with console only allows exactly that, until it is removed.
 */

const panelCookieOf = (response: LightMyRequestResponse) => {
  const set = response.cookies.find((c) => c.name === 'hf_panel');
  if (!set) throw new Error(`no panel cookie: ${response.statusCode} ${response.body}`);
  return `hf_panel=${set.value}`;
};

/** A valid request of each /api/panel route (so what refuses it is the access check, not the input). */
function requestFor(method: string, url: string): { url: string; payload?: unknown; headers?: Record<string, string> } {
  const path = url
    .replace(':serverId', 'tools-mc')
    .replace(':shareId', '00000000-0000-4000-8000-000000000000')
    .replace(':id', 'b1')
    .replace(':list', 'bans')
    .replace(':name', 'Someone');
  const schedule = {
    name: 'n',
    timetable: { minute: '0', hour: '4', dayOfMonth: '*', month: '*', dayOfWeek: '*' },
    timeZone: 'UTC',
    enabled: true,
    onlyWhenOnline: false,
    tasks: [],
  };
  const bodies: Record<string, unknown> = {
    'POST /api/panel/power': { signal: 'start' },
    'POST /api/panel/command': { command: 'say hi' },
    'PUT /api/panel/files/content': { content: 'x' },
    'POST /api/panel/files/rename': { from: 'a.txt', to: 'b.txt' },
    'POST /api/panel/files/folder': { path: 'new' },
    'POST /api/panel/backups': { name: 'b' },
    'POST /api/panel/backups/:id/lock': { locked: true },
    'POST /api/panel/schedules': schedule,
    'PUT /api/panel/schedules/:id': schedule,
    'POST /api/panel/minecraft/players/:list': { name: 'Someone' },
    'PUT /api/panel/minecraft/settings': { difficulty: 'hard' },
    'PUT /api/panel/minecraft/startup/variable': { key: 'MINECRAFT_VERSION', value: '1.21.4' },
    'POST /api/panel/my-servers/:serverId/shares': { email: 'x@example.test', grants: ['console'] },
    'PUT /api/panel/my-servers/:serverId/shares/:shareId': { grants: ['console'] },
  };
  const query = /\/files(\/content|\/download)?$/.test(url)
    ? '?path=a.txt'
    : url.endsWith('/files/upload')
      ? '?path=up.txt'
      : url === '/api/panel/history'
        ? '?range=1h'
        : '';
  const key = `${method} ${url}`;
  if (key === 'POST /api/panel/files/upload') return { url: path + query, payload: 'abc', headers: { 'content-type': 'application/octet-stream' } };
  return { url: path + query, ...(key in bodies ? { payload: bodies[key] } : {}) };
}

describe.each(dialects)('My servers with the local driver on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;
  let servers: ReturnType<typeof ownedServersFile>;
  let alice: SignedInCustomer;
  let bob: SignedInCustomer;
  const headersOf = (...cookies: string[]) => ({ cookie: cookies.join('; ') });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    servers = ownedServersFile({ 'test-mc': { owner: 'Alice@Example.test', location: 'India - 01' }, 'tools-mc': { owner: 'bob@example.test' } });
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: servers.file }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    alice = await signedInCustomer(app, 'alice@example.test');
    bob = await signedInCustomer(app, 'bob@example.test');
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    servers.remove();
  });

  const open = (customer: SignedInCustomer, serverId: string) =>
    app.inject({ method: 'POST', url: `/api/panel/my-servers/${serverId}/open`, headers: headersOf(customer.cookie) });

  it('lists only each customer’s own servers, with what the engine and the file say', async () => {
    const mine = await app.inject({ url: '/api/panel/my-servers', headers: headersOf(alice.cookie) });
    expect(mine.statusCode).toBe(200);
    const answer = mine.json();
    expect(answer.signedIn).toBe(true);
    expect(answer.owned.map((s: { id: string }) => s.id)).toEqual(['test-mc']);
    expect(answer.owned[0]).toMatchObject({
      name: 'Fixture Survival',
      location: 'India - 01',
      state: 'offline',
      status: null,
      role: 'owner',
      plan: '1 GB memory · 2 GB disk · 100% CPU',
    });
    expect(answer.shared).toEqual([]);
    const bobs = (await app.inject({ url: '/api/panel/my-servers', headers: headersOf(bob.cookie) })).json();
    expect(bobs.owned.map((s: { id: string }) => s.id)).toEqual(['tools-mc']);
    expect((await app.inject({ url: '/api/panel/my-servers' })).json()).toEqual({ signedIn: false, signInOffered: false, owned: [], shared: [] });
  });

  it('answers a server that is not yours exactly as an unknown one', async () => {
    const others = await open(alice, 'tools-mc');
    const unknown = await open(alice, 'no-such-server');
    expect(others.statusCode).toBe(404);
    expect(others.body).toBe(unknown.body);
    expect(others.headers['set-cookie']).toBeUndefined();
    const opened = await open(alice, 'test-mc');
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ server: { id: 'test-mc' }, role: 'owner' });
    const panel = panelCookieOf(opened);
    expect((await app.inject({ url: '/api/panel/server', headers: headersOf(alice.cookie, panel) })).json().id).toBe('test-mc');
    // The panel cookie alone, or with another customer's, is not enough: the session is the customer's.
    expect((await app.inject({ url: '/api/panel/server', headers: headersOf(panel) })).statusCode).toBe(401);
  });

  it('reaches no route of another customer’s server: every /api/panel route of the OpenAPI document, and the console', async () => {
    const document = (await app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/panel/'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') })));
    expect(routes.length).toBeGreaterThan(30);
    const notSessionRoutes = new Set(['POST /api/panel/session', 'DELETE /api/panel/session', 'GET /api/panel/my-servers']);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (notSessionRoutes.has(key)) continue;
      // Every session route says what it needs of a shared server's person.
      if (!route.url.startsWith('/api/panel/my-servers/')) expect(routeGrants[key], key).toBeDefined();
      // Bob's own live panel session each time, as if Alice had taken its cookie.
      const bobsPanel = panelCookieOf(await open(bob, 'tools-mc'));
      expect((await app.inject({ url: '/api/panel/server', headers: headersOf(bob.cookie, bobsPanel) })).statusCode).toBe(200);
      const request = requestFor(route.method, route.url);
      const response = await app.inject({
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
    const bobsPanel = panelCookieOf(await open(bob, 'tools-mc'));
    await app.inject({ url: '/api/panel/resources', headers: headersOf(alice.cookie, bobsPanel) });
    // That cookie is no longer anyone's session: the check ended it.
    expect((await app.inject({ url: '/api/panel/server', headers: headersOf(bob.cookie, bobsPanel) })).statusCode).toBe(401);

    const again = panelCookieOf(await open(bob, 'tools-mc'));
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/panel/console`, { headers: headersOf(alice.cookie, again) });
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(status).toBe(401);
    // Nothing was done to Bob's server on Alice's behalf.
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target', '=', 'tools-mc').execute();
    expect(audit.filter((entry) => entry.actor_id === alice.id)).toEqual([]);
  });

  it('shares with console only: the rest answers 403 with a sentence, and removal closes the open console and refuses the next call', async () => {
    const invited = await app.inject({
      method: 'POST',
      url: '/api/panel/my-servers/test-mc/shares',
      headers: headersOf(alice.cookie),
      payload: { email: 'Carol@Example.test', grants: ['console'] },
    });
    expect(invited.statusCode).toBe(201);
    const share = invited.json();
    expect(share).toMatchObject({ email: 'carol@example.test', grants: ['console'] });
    const carol = await signedInCustomer(app, 'carol@example.test');
    const list = (await app.inject({ url: '/api/panel/my-servers', headers: headersOf(carol.cookie) })).json();
    expect(list.owned).toEqual([]);
    expect(list.shared).toEqual([expect.objectContaining({ id: 'test-mc', role: 'shared', grants: ['console'] })]);
    // Sharing is the owner's.
    const notOwner = await app.inject({ url: '/api/panel/my-servers/test-mc/shares', headers: headersOf(carol.cookie) });
    expect(notOwner.statusCode).toBe(403);

    const opened = await open(carol, 'test-mc');
    expect(opened.json()).toMatchObject({ role: 'shared', grants: ['console'] });
    const panel = panelCookieOf(opened);
    const as = headersOf(carol.cookie, panel);
    expect((await app.inject({ url: '/api/panel/server', headers: as })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'POST', url: '/api/panel/power', headers: as, payload: { signal: 'start' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/^You may not start, stop or restart the server: the owner shared this server with you without "power"\./);
    for (const url of ['/api/panel/files?path=', '/api/panel/backups', '/api/panel/schedules']) {
      const answer = await app.inject({ url, headers: as });
      expect(`${url} ${answer.statusCode} ${answer.json().error.code}`).toBe(`${url} 403 not_granted`);
    }
    const permissions = (await app.inject({ url: '/api/panel/permissions', headers: as })).json();
    expect(Object.values(permissions.files)).toEqual([false, false, false, false, false]);

    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/panel/console`, { headers: as });
    const messages: Array<{ type: string }> = [];
    socket.on('message', (data) => messages.push(...(JSON.parse(String(data)) as typeof messages)));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await waitFor(() => messages.some((m) => m.type === 'state'), 'the shared console', { timeoutMs: 10_000, everyMs: 20 });

    const removed = await app.inject({ method: 'DELETE', url: `/api/panel/my-servers/test-mc/shares/${share.id}`, headers: headersOf(alice.cookie) });
    expect(removed.statusCode).toBe(204);
    expect(await closed).toBe(4401);
    expect((await app.inject({ url: '/api/panel/server', headers: as })).statusCode).toBe(401);
    expect((await open(carol, 'test-mc')).statusCode).toBe(404);

    const entries = await app.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target', '=', 'test-mc')
      .where('action', 'like', 'panel.share.%')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['panel.share.invite', 'panel.share.accept', 'panel.share.remove']);
    expect(JSON.parse(String(entries[0]!.detail))).toEqual({ email: 'carol@example.test', grants: 'console' });
  });

  it('signing out closes that browser’s console and refuses its next call; the account’s other devices keep theirs', async () => {
    const laptop = await signedInCustomer(app, 'alice@example.test');
    const phone = await signedInCustomer(app, 'alice@example.test');
    const onLaptop = headersOf(laptop.cookie, panelCookieOf(await open(laptop, 'test-mc')));
    const onPhone = headersOf(phone.cookie, panelCookieOf(await open(phone, 'test-mc')));
    const consoleOf = async (headers: Record<string, string>) => {
      const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/panel/console`, { headers });
      const messages: Array<{ type: string }> = [];
      socket.on('message', (data) => messages.push(...(JSON.parse(String(data)) as typeof messages)));
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await waitFor(() => messages.some((m) => m.type === 'state'), 'a console', { timeoutMs: 10_000, everyMs: 20 });
      return { socket, closed };
    };
    const laptopConsole = await consoleOf(onLaptop);
    const phoneConsole = await consoleOf(onPhone);
    expect((await app.inject({ method: 'POST', url: '/api/account/signout', headers: headersOf(laptop.cookie) })).statusCode).toBe(204);
    expect(await laptopConsole.closed).toBe(4401);
    expect((await app.inject({ url: '/api/panel/server', headers: onLaptop })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/panel/server', headers: onPhone })).statusCode).toBe(200);
    expect(phoneConsole.socket.readyState).toBe(WebSocket.OPEN);
    phoneConsole.socket.close();
  });

  it('never sends the site’s own key to the browser', async () => {
    const key = localAccountKey(app.config.sessionSecret);
    const responses = [
      await app.inject({ url: '/api/panel/my-servers', headers: headersOf(alice.cookie) }),
      await open(alice, 'test-mc'),
      await app.inject({ url: '/api/panel/session', headers: headersOf(alice.cookie, panelCookieOf(await open(alice, 'test-mc'))) }),
    ];
    for (const response of responses) expect(JSON.stringify(response.headers) + response.body).not.toContain(key);
  });
});
