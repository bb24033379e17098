import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { stockJobName } from '../../server/stock/stock-plugin.ts';
import type { StockAnswer, StockEntry } from '../../contracts/stock.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { requireBuild } from '../helpers/built-site.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { type SmtpInbox, startSmtpInbox } from '../helpers/smtp-inbox.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';

/**
 * Stock (docs/decisions.md 101-103) over the Pterodactyl / Pelican application API, both
 * dialects: the fake panel's nodes at each location (its documented shapes, paged), a node that
 * fills makes a plan sold out there, an admin's override wins either way, GET /api/catalog/stock
 * answers the billing portal, and "tell me when it is back" mails once, through a real SMTP
 * server, when the node empties and the round (the clock moved) sees it.
 */

const refreshMs = 60_000;
const gib = 1024;

describe.each(dialects)('stock from the panel on %s', (dialect) => {
  let database: TestDatabase;
  let panel: FakePterodactyl;
  let inbox: SmtpInbox;
  let app: FastifyInstance;
  let admin: StaffUser;
  let support: StaffUser;
  let now = Date.UTC(2026, 10, 28, 9, 0);
  let singaporeNode = 0;

  const stock = async (query = '') => {
    const response = await app.inject({ method: 'GET', url: `/api/catalog/stock${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StockAnswer>();
  };
  const one = async (line: string, plan: string, location: string): Promise<StockEntry> => {
    const answer = await stock(`?line=${line}&plan=${plan}&location=${location}`);
    expect(answer.stock).toHaveLength(1);
    return answer.stock[0]!;
  };
  /** The next round: the clock past the interval, then the job on the app's scheduler. */
  const nextRound = async () => {
    now += refreshMs;
    await app.jobs.runNow(stockJobName);
  };

  beforeAll(async () => {
    requireBuild();
    database = await createTestDatabase(dialect, { migrated: true });
    inbox = await startSmtpInbox();
    panel = await startFakePterodactyl();
    const nodes = panel.accounts.nodes;
    // Two per page, so reading every node takes the panel's pagination.
    nodes.perPage = 2;
    const delhi = nodes.addLocation('in-del', 'India - Delhi NCR');
    const singapore = nodes.addLocation('singapore', 'Singapore');
    nodes.addLocation('de-fra', 'Frankfurt');
    // Delhi: a full public node, a private node and one in maintenance (neither may take orders), and one with room for 3 × 8 GiB.
    nodes.addNode({ locationId: delhi.id, memory: 16 * gib, allocated: { memory: 16 * gib, disk: 0 } });
    nodes.addNode({ locationId: delhi.id, public: false, memory: 64 * gib });
    nodes.addNode({ locationId: delhi.id, maintenanceMode: true, memory: 64 * gib });
    nodes.addNode({ locationId: delhi.id, memory: 24 * gib, allocated: { memory: 0, disk: 0 } });
    // Singapore: 16 GiB with 25% overallocation (20 GiB), 14 GiB of it allocated: one 4 GiB plan fits, an 8 GiB one does not.
    singaporeNode = nodes.addNode({ locationId: singapore.id, memory: 16 * gib, memoryOverallocate: 25, allocated: { memory: 14 * gib, disk: 50 * gib } }).id;
    // Frankfurt has no node at all.
    app = await buildApp(
      testConfig(database.url, {
        PANEL_DRIVER: 'pterodactyl',
        PANEL_URL: panel.url,
        PANEL_APPLICATION_KEY: panel.keys.application,
        STOCK_PANEL_LOCATIONS: 'delhi-ncr=in-del,frankfurt=de-fra',
        STOCK_REFRESH_SECONDS: String(refreshMs / 1000),
        SMTP_URL: inbox.url,
      }),
      { now: () => now, stock: { outbox: { pollIntervalMs: 50, backoff: { baseMs: 20, maxMs: 200 } } } },
    );
    await app.ready();
    await app.jobs.runNow(stockJobName);
    admin = await staffUser(app, 'admin@example.test', 'admin');
    support = await staffUser(app, 'support@example.test', 'support');
  });

  afterAll(async () => {
    await app?.close();
    await panel?.close();
    await inbox?.close();
    await database?.drop();
  });

  it('says each plan is orderable where a node fits its memory and disk, as the panel deploys', async () => {
    const answer = await stock();
    expect(answer.refreshedAt).toBe(new Date(now).toISOString());
    expect(answer.locations.map((l) => l.id)).toEqual(['delhi-ncr', 'singapore', 'frankfurt']);
    // Delhi: only the 24 GiB public node counts: three 8 GiB Diamonds, one 16 GiB Obsidian, no 32 GiB Crystal.
    expect(await one('minecraft-amd', 'diamond', 'delhi-ncr')).toEqual({
      line: 'minecraft-amd',
      plan: 'diamond',
      location: 'delhi-ncr',
      orderable: true,
      state: 'low',
      left: 3,
      source: 'panel',
    });
    expect(await one('minecraft-amd', 'obsidian', 'delhi-ncr')).toMatchObject({ orderable: true, left: 1 });
    // Plenty: "In stock", and the public answer keeps the number to itself (198 bots of 124 MB fit; the console sees it).
    expect(await one('discord-bot', 'starter', 'delhi-ncr')).toMatchObject({ orderable: true, state: 'in_stock', left: null, source: 'panel' });
    expect(await one('minecraft-amd', 'crystal', 'delhi-ncr')).toMatchObject({ orderable: false, state: 'sold_out', left: 0 });
    // Singapore: 20 GiB with overallocation, 14 allocated: 6 GiB left.
    expect(await one('minecraft-amd', 'diamond', 'singapore')).toMatchObject({ orderable: false, state: 'sold_out', left: 0 });
    expect(await one('minecraft-intel', 'lite', 'singapore')).toMatchObject({ orderable: true, state: 'low', left: 3 });
    // Frankfurt: no node, nothing orderable that the panel provisions; a VPS line (not the panel's) stays in stock.
    expect(await one('minecraft-intel', 'lite', 'frankfurt')).toMatchObject({ orderable: false, state: 'sold_out' });
    expect(await one('budget-vps', (await stock('?line=budget-vps')).stock[0]!.plan, 'frankfurt')).toMatchObject({
      orderable: true,
      state: 'in_stock',
      left: null,
      source: 'manual',
    });
    // Every node was read, across the pages.
    expect(panel.requests.filter((r) => r.path.startsWith('/api/application/nodes')).map((r) => new URL(r.path, 'http://x').searchParams.get('page'))).toEqual(
      expect.arrayContaining(['1', '2', '3']),
    );
  });

  it('answers a bad query with a 400 naming the field, and documents the route in the OpenAPI', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/catalog/stock?location=Sing%20apore' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('location');
    const openapi = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(openapi.json().paths['/api/catalog/stock'].get).toBeDefined();
  });

  it('sells out a location whose node fills, at the next round', async () => {
    expect(await one('minecraft-intel', 'lite', 'singapore')).toMatchObject({ orderable: true });
    panel.accounts.nodes.allocate(singaporeNode, { memory: 19 * gib, disk: 50 * gib });
    // The same interval: another round is not due, the figures stand.
    await app.jobs.runNow(stockJobName);
    expect(await one('minecraft-intel', 'lite', 'singapore')).toMatchObject({ orderable: true });
    await nextRound();
    expect(await one('minecraft-intel', 'lite', 'singapore')).toMatchObject({ orderable: false, state: 'sold_out', left: 0, source: 'panel' });
  });

  it('lets an admin override either way, shown as an override, audited; support may not', async () => {
    const put = (cookie: string, payload: object) => app.inject({ method: 'PUT', url: '/api/staff/stock/overrides', headers: { cookie }, payload });
    expect((await put(support.cookie, { line: 'minecraft-amd', plan: 'diamond', location: 'delhi-ncr', mode: 'sold_out' })).statusCode).toBe(403);
    const missing = await put(admin.cookie, { line: 'minecraft-amd', plan: 'diamond', location: 'delhi-ncr', mode: 'count' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('count');
    const unknown = await put(admin.cookie, { line: 'minecraft-amd', plan: 'netherite', location: 'delhi-ncr', mode: 'sold_out' });
    expect(unknown.statusCode).toBe(400);

    const forced = await put(admin.cookie, { line: 'minecraft-amd', plan: 'diamond', location: 'delhi-ncr', mode: 'sold_out' });
    expect(forced.statusCode, forced.body).toBe(200);
    const row = forced.json().rows.find((r: { plan: string; location: string }) => r.plan === 'diamond' && r.location === 'delhi-ncr');
    expect(row).toMatchObject({
      orderable: false,
      source: 'override',
      measured: { left: 3, source: 'panel' },
      override: { mode: 'sold_out', by: 'admin@example.test' },
    });
    expect(await one('minecraft-amd', 'diamond', 'delhi-ncr')).toMatchObject({ orderable: false, state: 'sold_out', source: 'override' });

    // A manual count opens a location the panel says is full.
    await put(admin.cookie, { line: 'minecraft-amd', plan: 'crystal', location: 'delhi-ncr', mode: 'count', count: 2 });
    expect(await one('minecraft-amd', 'crystal', 'delhi-ncr')).toMatchObject({ orderable: true, state: 'low', left: 2, source: 'override' });
    // It outlives rounds.
    await nextRound();
    expect(await one('minecraft-amd', 'crystal', 'delhi-ncr')).toMatchObject({ orderable: true, left: 2, source: 'override' });

    const cleared = await app.inject({
      method: 'DELETE',
      url: '/api/staff/stock/overrides?line=minecraft-amd&plan=diamond&location=delhi-ncr',
      headers: { cookie: admin.cookie },
    });
    expect(cleared.statusCode).toBe(200);
    expect(await one('minecraft-amd', 'diamond', 'delhi-ncr')).toMatchObject({ orderable: true, left: 3, source: 'panel' });

    const audit = await app.inject({ method: 'GET', url: '/api/staff/audit?action=stock.override', headers: { cookie: admin.cookie } });
    expect(audit.body).toContain('minecraft-amd/crystal at delhi-ncr');
    const console_ = await app.inject({ method: 'GET', url: '/api/staff/stock', headers: { cookie: admin.cookie } });
    const bots = console_
      .json()
      .rows.find((r: { line: string; plan: string; location: string }) => r.line === 'discord-bot' && r.plan === 'starter' && r.location === 'delhi-ncr');
    expect(bots).toMatchObject({ left: null, measured: { left: 198, source: 'panel' } });
  });

  it('mails "tell me" once, after the address confirmed, when the plan is orderable there again', async () => {
    const address = 'waiting@example.test';
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/api/catalog/stock/watch',
        payload: { line: 'minecraft-intel', plan: 'lite', location: 'singapore', email: address },
      });
    const asked = await ask();
    expect(asked.statusCode, asked.body).toBe(202);
    await inbox.waitFor((i) => i.to(address).length === 1);
    const confirmMail = inbox.to(address)[0]!;
    expect(confirmMail.headers.get('subject')).toContain('Confirm');
    const link = /https?:\/\/\S+\/stock\/confirm#token=(\S+)/.exec(confirmMail.text);
    expect(link, confirmMail.text).not.toBeNull();

    // Capacity comes back before the address is confirmed: nothing is sent to an unconfirmed address.
    panel.accounts.nodes.allocate(singaporeNode, { memory: 4 * gib, disk: 0 });
    await nextRound();
    await app.stock.outbox!.idle();
    expect(inbox.to(address)).toHaveLength(1);
    panel.accounts.nodes.allocate(singaporeNode, { memory: 20 * gib, disk: 0 });
    await nextRound();

    const wrong = await app.inject({ method: 'POST', url: '/api/catalog/stock/watch/confirm', payload: { token: `${link![1]!}x` } });
    expect(wrong.statusCode).toBe(404);
    const confirmed = await app.inject({ method: 'POST', url: '/api/catalog/stock/watch/confirm', payload: { token: link![1]! } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ planName: 'Minecraft Intel Lite', locationName: 'Singapore' });
    // Asking again while waiting queues nothing more.
    expect((await ask()).statusCode).toBe(202);
    await app.stock.outbox!.idle();
    expect(inbox.to(address)).toHaveLength(1);

    // Still sold out: rounds pass, no mail.
    await nextRound();
    await app.stock.outbox!.idle();
    expect(inbox.to(address)).toHaveLength(1);

    // The node empties: the next round sees it, and exactly one mail goes.
    panel.accounts.nodes.allocate(singaporeNode, { memory: 0, disk: 0 });
    await nextRound();
    await inbox.waitFor((i) => i.to(address).length === 2);
    const back = inbox.to(address)[1]!;
    expect(back.headers.get('subject')).toBe('Minecraft Intel Lite is back at Singapore');
    expect(back.text).toContain('/minecraft-intel');
    for (let i = 0; i < 3; i++) await nextRound();
    await app.stock.outbox!.idle();
    expect(inbox.to(address)).toHaveLength(2);
    const rows = await app.inject({ method: 'GET', url: '/api/staff/stock', headers: { cookie: admin.cookie } });
    expect(rows.json().rows.find((r: { plan: string; location: string }) => r.plan === 'lite' && r.location === 'singapore')).toMatchObject({ waiting: 0 });
  });

  it('refuses a request for a plan or location the catalogue does not sell, naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/catalog/stock/watch',
      payload: { line: 'minecraft-intel', plan: 'lite', location: 'mars', email: 'a@example.test' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.location).toContain('not sold at');
  });
});

describe.each(dialects)('stock from this machine (local driver) on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const now = Date.UTC(2026, 10, 28, 9, 0);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('sells out every game-panel plan when the machine may give less memory than the smallest needs', async () => {
    requireBuild();
    database = await createTestDatabase(dialect, { migrated: true });
    // Lite takes 2 GiB: 5,000 MiB give two of them, nothing of 8 GiB and above; the disk is this machine's own free space.
    app = await buildApp(testConfig(database.url, { STOCK_LOCAL_MEMORY_MB: '5000', STOCK_LOCAL_LOCATIONS: 'delhi-ncr' }), { now: () => now });
    await app.ready();
    await app.jobs.runNow(stockJobName);
    const answer = (await app.inject({ method: 'GET', url: '/api/catalog/stock?line=minecraft-intel' })).json<StockAnswer>();
    const at = (plan: string, location: string) => answer.stock.find((e) => e.plan === plan && e.location === location);
    expect(at('lite', 'delhi-ncr')).toMatchObject({ orderable: true, state: 'low', left: 2, source: 'local' });
    expect(at('pro', 'delhi-ncr')).toMatchObject({ orderable: false, state: 'sold_out', left: 0, source: 'local' });
    // A location this machine does not serve has nothing to give.
    expect(at('lite', 'singapore')).toMatchObject({ orderable: false, state: 'sold_out' });
    await app.close();

    // A lower limit than the smallest plan (the bot line's 124 MB): nothing fits.
    app = await buildApp(testConfig(database.url, { STOCK_LOCAL_MEMORY_MB: '100' }), { now: () => now + 3_600_000 });
    await app.ready();
    await app.jobs.runNow(stockJobName);
    const low = (await app.inject({ method: 'GET', url: '/api/catalog/stock' })).json<StockAnswer>();
    const game = low.stock.filter((e) => e.line.startsWith('minecraft') || e.line === 'discord-bot');
    expect(game.length).toBeGreaterThan(10);
    expect(game.filter((e) => e.orderable && e.source !== 'manual')).toEqual([]);
    // Lines the game panel does not provision are not weighed against it.
    expect(low.stock.filter((e) => e.line === 'premium-vps').every((e) => e.orderable && e.source === 'manual')).toBe(true);
  });
});

describe.each(dialects)('two instances on one %s database', (dialect) => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  let now = Date.UTC(2026, 10, 28, 12, 0);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it('measure once per interval between them, whichever asks first', async () => {
    requireBuild();
    database = await createTestDatabase(dialect, { migrated: true });
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(testConfig(database.url, { STOCK_REFRESH_SECONDS: '60' }), { now: () => now });
      apps.push(app);
    }
    // Not started (no at-start round): the test calls the rounds.
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const together = await Promise.all([a.stock.service.refresh(), b.stock.service.refresh()]);
    expect(together.filter(Boolean)).toHaveLength(1);
    expect(await b.stock.service.refresh()).toBe(false);
    const first = (await b.stock.service.entries()).refreshedAt;
    expect(first).toBe(new Date(now).toISOString());
    // The next interval: the other instance may take it, and both read its figures.
    now += 60_000;
    expect(await b.stock.service.refresh()).toBe(true);
    expect(await a.stock.service.refresh()).toBe(false);
    expect((await a.stock.service.entries()).refreshedAt).toBe(new Date(now).toISOString());
  });
});
