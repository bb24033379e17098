import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { testConfig } from '../helpers/test-config.ts';
import { incidentPayload, maintenancePayload, quietMonitorsFile, writeEvent } from './subscription-fixtures.ts';

const fast = { outbox: { pollIntervalMs: 50, sendTimeoutMs: 3_000, backoff: { baseMs: 20, maxMs: 200 } }, fanOutEveryMs: 60_000 };
const json = { 'content-type': 'application/json' };
const day = 24 * 60 * 60 * 1000;
const confirmPage = 'http://localhost:4321/network-status/confirm#token=';
const unsubscribePage = 'http://localhost:4321/network-status/unsubscribe#token=';

describe.each(dialects)('status subscriptions by e-mail (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let inbox: SmtpInbox & { failNext(count: number): void };
  /**
   * How far the app's clock is ahead of real time. It runs on (the outbox's retries come due as
   * they would); the link-token tests move it on by days.
   */
  let skew: number;
  const monitorsFile = quietMonitorsFile();

  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(async () => {
    await inbox.close();
  });
  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    inbox.mails.splice(0);
    skew = 0;
    app = await buildApp(testConfig(database.url, { SMTP_URL: inbox.url, MONITORS_FILE: monitorsFile, PUBLIC_URL: 'http://localhost:4321' }), {
      now: () => Date.now() + skew,
      subscriptions: fast,
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  const subscribe = (body: unknown, ip = '203.0.113.7') =>
    app.inject({ method: 'POST', url: '/api/status/subscriptions/', headers: json, payload: JSON.stringify(body), remoteAddress: ip });
  const post = (url: string, body: unknown) => app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify(body) });
  const fanOut = () => app.jobs.runNow('status notifications fan-out');
  const tokenOf = (link: string) => new URL(link).hash.replace('#token=', '');
  /** Until the notification outbox has sent everything due: nothing more will arrive. */
  const settle = () => app.subscriptions.outbox.idle();

  it('offers the channels and the monitors', async () => {
    const response = await app.inject('/api/status/subscriptions/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      channels: ['email', 'webhook'],
      monitors: [
        { id: 'edge', name: 'Edge - 01' },
        { id: 'core', name: 'Core - 01' },
      ],
    });
  });

  it('sends nothing but the confirmation before it is confirmed, then the incident, with one-click unsubscribe', async () => {
    const answer = await subscribe({ channel: 'email', address: 'Asha@Example.com', monitorIds: ['edge'] });
    expect(answer.statusCode).toBe(202);
    await inbox.waitFor((i) => i.mails.length === 1);
    const confirmation = inbox.mails[0]!;
    expect(confirmation.to.map((a) => a.toLowerCase())).toEqual(['asha@example.com']);
    expect(confirmation.headers.get('subject')).toBe('[Hostfront status] Confirm your status notifications');
    expect(confirmation.headers.get('from')).toBe('Hostfront Status <status@localhost>');
    expect(confirmation.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/localhost:4321\/api\/status\/subscriptions\/one-click\?token=[\w-]{43}>$/);
    expect(confirmation.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(confirmation.text).toContain('about Edge - 01');
    const confirmLink = linkIn(confirmation.text, 'http://localhost:4321/network-status/confirm#token=')!;
    expect(confirmLink).toMatch(/#token=[\w-]{43}$/);
    expect(confirmation.text).toContain('http://localhost:4321/network-status/unsubscribe#token=');

    // An incident before confirmation reaches nobody.
    await writeEvent(app.db, 'incident.created', incidentPayload());
    await fanOut();
    await settle();
    expect(inbox.mails).toHaveLength(1);

    const confirmed = await post('/api/status/subscriptions/confirm', { token: tokenOf(confirmLink) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ channel: 'email', allMonitors: false, monitors: [{ id: 'edge', name: 'Edge - 01' }] });
    // The link works once.
    const again = await post('/api/status/subscriptions/confirm', { token: tokenOf(confirmLink) });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('link_expired');

    await writeEvent(
      app.db,
      'incident.updated',
      incidentPayload({
        state: 'identified',
        updates: [
          ...incidentPayload().updates,
          { id: 'u2', state: 'identified', message: 'A faulty line card; traffic is rerouted.', at: new Date().toISOString(), editedAt: null },
        ],
      }),
    );
    await fanOut();
    await inbox.waitFor((i) => i.mails.length === 2);
    const notice = inbox.mails[1]!;
    expect(notice.headers.get('subject')).toBe('[Hostfront status] Incident update: Packet loss in Frankfurt');
    expect(notice.text).toContain('Status: Identified');
    expect(notice.text).toContain('A faulty line card; traffic is rerouted.');
    expect(notice.text).toContain('Affects: Edge - 01');
    expect(notice.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(notice.headers.get('message-id')).toMatch(/^<notification-\d+@status\.localhost>$/);
    const oneClick = /^<(.+)>$/.exec(notice.headers.get('list-unsubscribe')!)![1]!;

    // RFC 8058: the mail client posts List-Unsubscribe=One-Click to the header's URL.
    const url = new URL(oneClick);
    const unsubscribed = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json()).toEqual({ unsubscribed: true });
    expect(await app.db.selectFrom('subscription').selectAll().execute()).toEqual([]);

    await writeEvent(app.db, 'incident.resolved', incidentPayload({ state: 'resolved' }));
    await fanOut();
    await settle();
    expect(inbox.mails).toHaveLength(2);
  });

  it('answers the same whether or not the address is known, and limits confirmations per address', async () => {
    const first = await subscribe({ channel: 'email', address: 'known@example.com' }, '198.51.100.1');
    await inbox.waitFor((i) => i.mails.length === 1);
    const token = tokenOf(linkIn(inbox.mails[0]!.text, 'http://localhost:4321/network-status/confirm#token=')!);
    expect((await post('/api/status/subscriptions/confirm', { token })).statusCode).toBe(200);
    const known = await subscribe({ channel: 'email', address: 'known@example.com' }, '198.51.100.2');
    const unknown = await subscribe({ channel: 'email', address: 'stranger@example.com' }, '198.51.100.3');
    for (const response of [first, known, unknown]) {
      expect(response.statusCode).toBe(202);
      expect(response.body).toBe(first.body);
    }
    // Many clients asking for one address: at most three confirmations a day reach it.
    for (let i = 10; i < 16; i++) expect((await subscribe({ channel: 'email', address: 'victim@example.com' }, `198.51.100.${i}`)).body).toBe(first.body);
    await inbox.waitFor((i) => i.to('victim@example.com').length === 3);
    await settle();
    expect(inbox.to('victim@example.com')).toHaveLength(3);
  });

  it('a confirmed subscriber changes their monitors only by confirming the change', async () => {
    await subscribe({ channel: 'email', address: 'ops@example.com', monitorIds: ['edge'] });
    await inbox.waitFor((i) => i.mails.length === 1);
    await post('/api/status/subscriptions/confirm', { token: tokenOf(linkIn(inbox.mails[0]!.text, 'http://localhost:4321/network-status/confirm#token=')!) });
    await subscribe({ channel: 'email', address: 'ops@example.com', monitorIds: ['core'] });
    await inbox.waitFor((i) => i.mails.length === 2);
    expect(inbox.mails[1]!.text).toContain('about Core - 01');
    // Until then, the old choice holds: a core maintenance is not sent.
    await writeEvent(app.db, 'maintenance.scheduled', maintenancePayload());
    await fanOut();
    await settle();
    expect(inbox.mails).toHaveLength(2);
    const confirmed = await post('/api/status/subscriptions/confirm', {
      token: tokenOf(linkIn(inbox.mails[1]!.text, 'http://localhost:4321/network-status/confirm#token=')!),
    });
    expect(confirmed.json().monitors).toEqual([{ id: 'core', name: 'Core - 01' }]);
    await writeEvent(app.db, 'maintenance.started', maintenancePayload({ state: 'in_progress' }));
    await fanOut();
    await inbox.waitFor((i) => i.mails.length === 3);
    expect(inbox.mails[2]!.headers.get('subject')).toBe('[Hostfront status] Maintenance started: Router firmware upgrade');
    expect(inbox.mails[2]!.text).toContain('Window: 10 Jan 2030, 02:00 UTC – 10 Jan 2030, 03:00 UTC');
  });

  it('announces new timeline entries and moved windows, not corrected typos', async () => {
    await subscribe({ channel: 'email', address: 'all@example.com' });
    await inbox.waitFor((i) => i.mails.length === 1);
    await post('/api/status/subscriptions/confirm', { token: tokenOf(linkIn(inbox.mails[0]!.text, 'http://localhost:4321/network-status/confirm#token=')!) });
    const created = incidentPayload();
    await writeEvent(app.db, 'incident.created', created);
    // A typo corrected in the first update: the same number of entries.
    await writeEvent(app.db, 'incident.updated', {
      ...created,
      updates: [{ ...created.updates[0]!, message: 'We are looking into packet loss on the edge routers (fixed typo).', editedAt: new Date().toISOString() }],
    });
    await writeEvent(app.db, 'maintenance.scheduled', maintenancePayload());
    await writeEvent(app.db, 'maintenance.updated', maintenancePayload({ message: 'Reworded only.' }));
    await writeEvent(app.db, 'maintenance.updated', maintenancePayload({ endsAt: '2030-01-10T04:00:00.000Z' }));
    await writeEvent(app.db, 'maintenance.cancelled', maintenancePayload({ state: 'cancelled', cancelledAt: new Date().toISOString() }));
    await fanOut();
    await inbox.waitFor((i) => i.mails.length === 5);
    await settle();
    expect(inbox.mails.slice(1).map((m) => m.headers.get('subject')!.replace('[Hostfront status] ', ''))).toEqual([
      'New incident: Packet loss in Frankfurt',
      'Maintenance scheduled: Router firmware upgrade',
      'Maintenance rescheduled: Router firmware upgrade',
      'Maintenance cancelled: Router firmware upgrade',
    ]);
  });

  it('retries a mail the server refused for a while, and records every attempt', async () => {
    inbox.failNext(2);
    await subscribe({ channel: 'email', address: 'retry@example.com' });
    await inbox.waitFor((i) => i.mails.length === 1);
    // The mail server has the mail before the worker records that it was accepted.
    const attempts = () => app.db.selectFrom('subscription_attempt').select(['outcome', 'status_code']).orderBy('id').execute();
    await expect.poll(async () => (await attempts()).length).toBe(3);
    expect(await attempts()).toEqual([
      { outcome: 'failed', status_code: 451 },
      { outcome: 'failed', status_code: 451 },
      { outcome: 'delivered', status_code: 250 },
    ]);
  });

  it('refuses bad input with field messages and stores nothing', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ channel: 'email', address: 'not-an-address' }, 'address', /valid e-mail address/],
      [{ channel: 'email', address: '' }, 'address', /enter your e-mail address/],
      [{ channel: 'pigeon', address: 'a@b.co' }, 'channel', /e-mail or webhook/],
      [{ channel: 'webhook', address: 'discord.com/api/webhooks/1/x' }, 'address', /starting with https:\/\//],
      [{ channel: 'email', address: 'a@b.co', monitorIds: ['edge', 'mars'] }, 'monitorIds', /Unknown monitor: mars/],
      [{ channel: 'email', address: 'a@b.co', extra: 1 }, 'body', /unknown field: extra/],
    ];
    for (const [body, field, message] of cases) {
      const response = await subscribe(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field]).toMatch(message);
    }
    expect((await post('/api/status/subscriptions/confirm', { token: 'short' })).json().error.fields.token).toMatch(/incomplete/);
    expect(await app.db.selectFrom('subscription').selectAll().execute()).toEqual([]);
  });

  it('rate limits subscribing per client address (an IPv6 client by its /64)', async () => {
    for (let i = 0; i < 5; i++) expect((await subscribe({ channel: 'email', address: `r${i}@example.com` }, `2001:db8:1:2::${i + 1}`)).statusCode).toBe(202);
    const limited = await subscribe({ channel: 'email', address: 'r9@example.com' }, '2001:db8:1:2::99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/at most 5 every 10 minutes/);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await subscribe({ channel: 'email', address: 'r9@example.com' }, '2001:db8:9:9::1')).statusCode).toBe(202);
  });

  it('unsubscribes from the page once, and again without complaint; a GET of the one-click URL changes nothing', async () => {
    await subscribe({ channel: 'email', address: 'page@example.com' });
    await inbox.waitFor((i) => i.mails.length === 1);
    const token = tokenOf(linkIn(inbox.mails[0]!.text, 'http://localhost:4321/network-status/unsubscribe#token=')!);
    const scanned = await app.inject({ method: 'GET', url: `/api/status/subscriptions/one-click?token=${token}` });
    expect(scanned.statusCode).toBe(303);
    expect(scanned.headers.location).toBe(`/network-status/unsubscribe#token=${token}`);
    expect(await app.db.selectFrom('subscription').selectAll().execute()).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const response = await post('/api/status/subscriptions/unsubscribe', { token });
      expect(response.statusCode).toBe(200);
    }
    expect(await app.db.selectFrom('subscription').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('subscription_token').selectAll().execute()).toEqual([]);
  });

  it('keeps link tokens out of the database and the logs', async () => {
    await subscribe({ channel: 'email', address: 'hash@example.com' });
    await inbox.waitFor((i) => i.mails.length === 1);
    const token = tokenOf(linkIn(inbox.mails[0]!.text, 'http://localhost:4321/network-status/confirm#token=')!);
    const stored = await app.db.selectFrom('subscription_token').select('token_hash').execute();
    expect(stored.length).toBe(2);
    for (const row of stored) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toContain(token);
    }
  });

  describe('link tokens', () => {
    const tokenIn = (text: string, page: string) => new URL(linkIn(text, page)!).hash.replace('#token=', '');
    const tokens = () => app.db.selectFrom('subscription_token').select(['purpose', 'expires_at']).orderBy('purpose').execute();
    const subscriptions = () => app.db.selectFrom('subscription').select('status').execute();
    const retention = () => app.jobs.runNow('unconfirmed subscriptions retention');

    it('hands out one link per subscriber and per confirmation request, however many attempts and messages carry it', async () => {
      inbox.failNext(4);
      expect((await subscribe({ channel: 'email', address: 'retry@example.com' })).statusCode).toBe(202);
      await inbox.waitFor((i) => i.mails.length === 1);
      const attempts = () => app.db.selectFrom('subscription_attempt').select('outcome').execute();
      await expect.poll(async () => (await attempts()).length).toBe(5);
      // Five attempts, two links: the request's confirm link and the subscriber's unsubscribe link.
      expect(await tokens()).toEqual([
        { purpose: 'confirm', expires_at: expect.anything() },
        { purpose: 'unsubscribe', expires_at: expect.anything() },
      ]);

      // A second request (another client): its own confirm link, the same unsubscribe link.
      expect((await subscribe({ channel: 'email', address: 'retry@example.com' }, '198.51.100.2')).statusCode).toBe(202);
      await inbox.waitFor((i) => i.mails.length === 2);
      const [first, second] = inbox.mails.map((m) => m.text);
      expect(tokenIn(second!, unsubscribePage)).toBe(tokenIn(first!, unsubscribePage));
      expect(tokenIn(second!, confirmPage)).not.toBe(tokenIn(first!, confirmPage));
      expect((await tokens()).map((t) => t.purpose)).toEqual(['confirm', 'confirm', 'unsubscribe']);

      expect((await post('/api/status/subscriptions/confirm', { token: tokenIn(second!, confirmPage) })).statusCode).toBe(200);
      // Three notices, a second apart on the app's clock: the one unsubscribe link is carried again, and lasts a year from the last.
      let last = { from: 0, to: 0 };
      for (let n = 0; n < 3; n++) {
        skew += 1000;
        const from = Date.now() + skew;
        await writeEvent(app.db, 'incident.created', incidentPayload({ id: `inc-${n}`, title: `Incident ${n}` }));
        await app.jobs.runNow('status notifications fan-out');
        await inbox.waitFor((i) => i.mails.length === 3 + n);
        expect(tokenIn(inbox.mails.at(-1)!.text, unsubscribePage)).toBe(tokenIn(first!, unsubscribePage));
        last = { from, to: Date.now() + skew };
      }
      const left = await tokens();
      expect(left).toEqual([{ purpose: 'unsubscribe', expires_at: expect.any(Number) }]);
      expect(left[0]!.expires_at).toBeGreaterThanOrEqual(last.from + 365 * day);
      expect(left[0]!.expires_at).toBeLessThanOrEqual(last.to + 365 * day);
    });

    it('purges a request never confirmed, with its links, a week after it was made (moving the app clock)', async () => {
      await subscribe({ channel: 'email', address: 'later@example.com' });
      await inbox.waitFor((i) => i.mails.length === 1);
      const confirmToken = tokenIn(inbox.mails[0]!.text, confirmPage);
      skew += 6 * day;
      await retention();
      expect(await subscriptions()).toEqual([{ status: 'pending' }]);
      expect(await tokens()).toHaveLength(2);
      skew += day + 60_000;
      await retention();
      expect(await subscriptions()).toEqual([]);
      expect(await tokens()).toEqual([]);
      expect((await post('/api/status/subscriptions/confirm', { token: confirmToken })).statusCode).toBe(404);
    });

    it('lets an unsubscribe link work for a year after the last message that carried it, then purges it', async () => {
      await subscribe({ channel: 'email', address: 'quiet@example.com' });
      await inbox.waitFor((i) => i.mails.length === 1);
      const { text } = inbox.mails[0]!;
      expect((await post('/api/status/subscriptions/confirm', { token: tokenIn(text, confirmPage) })).statusCode).toBe(200);
      skew += 364 * day;
      await retention();
      expect(await tokens()).toHaveLength(1);
      skew += 2 * day;
      await retention();
      expect(await tokens()).toEqual([]);
      // The same answer as ever, and the subscription stays: an expired link ends nothing.
      expect((await post('/api/status/subscriptions/unsubscribe', { token: tokenIn(text, unsubscribePage) })).statusCode).toBe(200);
      expect(await subscriptions()).toEqual([{ status: 'confirmed' }]);
    });
  });
});

describe('link tokens in the logs', () => {
  it('masks the one-click token of a request URL', async () => {
    const database = await createTestDatabase('sqlite', { migrated: true });
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(testConfig(database.url, { LOG_LEVEL: 'info' }), { logStream });
    try {
      const token = 'A'.repeat(20) + 'b'.repeat(23);
      const response = await app.inject(`/api/status/subscriptions/one-click?token=${token}&x=1`);
      expect(response.statusCode).toBe(303);
      const log = lines.join('');
      expect(log).toContain('/api/status/subscriptions/one-click?token=[redacted]&x=1');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
