import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { testConfig } from '../helpers/test-config.ts';
import { incidentPayload, quietMonitorsFile, writeEvent } from './subscription-fixtures.ts';

const fast = { outbox: { pollIntervalMs: 50, sendTimeoutMs: 3_000, backoff: { baseMs: 20, maxMs: 200 } }, fanOutEveryMs: 60_000 };
const json = { 'content-type': 'application/json' };
const day = 24 * 60 * 60 * 1000;
const confirmPage = 'http://localhost:4321/network-status/confirm#token=';
const unsubscribePage = 'http://localhost:4321/network-status/unsubscribe#token=';

describe.each(dialects)('subscription link tokens (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let inbox: SmtpInbox & { failNext(count: number): void };
  let clock: number;
  const monitorsFile = quietMonitorsFile();

  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(async () => {
    await inbox.close();
  });
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    inbox.mails.splice(0);
    clock = Date.now();
    app = await buildApp(testConfig(database.url, { SMTP_URL: inbox.url, MONITORS_FILE: monitorsFile, PUBLIC_URL: 'http://localhost:4321' }), {
      now: () => clock,
      subscriptions: fast,
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  const subscribe = (address: string, ip = '203.0.113.7') =>
    app.inject({ method: 'POST', url: '/api/status/subscriptions/', headers: json, payload: JSON.stringify({ channel: 'email', address }), remoteAddress: ip });
  const post = (url: string, body: unknown) => app.inject({ method: 'POST', url, headers: json, payload: JSON.stringify(body) });
  const tokenIn = (text: string, page: string) => new URL(linkIn(text, page)!).hash.replace('#token=', '');
  const tokens = () => app.db.selectFrom('subscription_token').select(['purpose', 'expires_at']).orderBy('purpose').execute();
  const subscriptions = () => app.db.selectFrom('subscription').select('status').execute();
  const retention = () => app.jobs.runNow('unconfirmed subscriptions retention');

  it('hands out one link per subscriber and per confirmation request, however many attempts and messages carry it', async () => {
    inbox.failNext(4);
    expect((await subscribe('retry@example.com')).statusCode).toBe(202);
    await inbox.waitFor((i) => i.mails.length === 1);
    const attempts = () => app.db.selectFrom('subscription_attempt').select('outcome').execute();
    await expect.poll(async () => (await attempts()).length).toBe(5);
    // Five attempts, two links: the request's confirm link and the subscriber's unsubscribe link.
    expect(await tokens()).toEqual([
      { purpose: 'confirm', expires_at: expect.anything() },
      { purpose: 'unsubscribe', expires_at: expect.anything() },
    ]);

    // A second request (another client): its own confirm link, the same unsubscribe link.
    expect((await subscribe('retry@example.com', '198.51.100.2')).statusCode).toBe(202);
    await inbox.waitFor((i) => i.mails.length === 2);
    const [first, second] = inbox.mails.map((m) => m.text);
    expect(tokenIn(second!, unsubscribePage)).toBe(tokenIn(first!, unsubscribePage));
    expect(tokenIn(second!, confirmPage)).not.toBe(tokenIn(first!, confirmPage));
    expect((await tokens()).map((t) => t.purpose)).toEqual(['confirm', 'confirm', 'unsubscribe']);

    expect((await post('/api/status/subscriptions/confirm', { token: tokenIn(second!, confirmPage) })).statusCode).toBe(200);
    // Three notices, a second apart on the app's clock: the one unsubscribe link is carried again, and lasts a year from the last.
    for (let n = 0; n < 3; n++) {
      clock += 1000;
      await writeEvent(app.db, 'incident.created', incidentPayload({ id: `inc-${n}`, title: `Incident ${n}` }));
      await app.jobs.runNow('status notifications fan-out');
      await inbox.waitFor((i) => i.mails.length === 3 + n);
      expect(tokenIn(inbox.mails.at(-1)!.text, unsubscribePage)).toBe(tokenIn(first!, unsubscribePage));
    }
    expect(await tokens()).toEqual([{ purpose: 'unsubscribe', expires_at: clock + 365 * day }]);
  });

  it('purges a request never confirmed, with its links, a week after it was made (moving the app clock)', async () => {
    await subscribe('later@example.com');
    await inbox.waitFor((i) => i.mails.length === 1);
    const confirmToken = tokenIn(inbox.mails[0]!.text, confirmPage);
    clock += 6 * day;
    await retention();
    expect(await subscriptions()).toEqual([{ status: 'pending' }]);
    expect(await tokens()).toHaveLength(2);
    clock += day + 60_000;
    await retention();
    expect(await subscriptions()).toEqual([]);
    expect(await tokens()).toEqual([]);
    expect((await post('/api/status/subscriptions/confirm', { token: confirmToken })).statusCode).toBe(404);
  });

  it('lets an unsubscribe link work for a year after the last message that carried it, then purges it', async () => {
    await subscribe('quiet@example.com');
    await inbox.waitFor((i) => i.mails.length === 1);
    const { text } = inbox.mails[0]!;
    expect((await post('/api/status/subscriptions/confirm', { token: tokenIn(text, confirmPage) })).statusCode).toBe(200);
    clock += 364 * day;
    await retention();
    expect(await tokens()).toHaveLength(1);
    clock += 2 * day;
    await retention();
    expect(await tokens()).toEqual([]);
    // The same answer as ever, and the subscription stays: an expired link ends nothing.
    expect((await post('/api/status/subscriptions/unsubscribe', { token: tokenIn(text, unsubscribePage) })).statusCode).toBe(200);
    expect(await subscriptions()).toEqual([{ status: 'confirmed' }]);
  });
});
