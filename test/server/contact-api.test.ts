import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { dialects, createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';
import { until } from '../helpers/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const valid = { name: 'Asha Rao', email: 'asha@example.com', subject: 'Plan question', message: 'Which plan fits 20 players?' };

describe.each(dialects)('POST /api/contact (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    app = await buildApp(testConfig(database.url));
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  const post = (body: unknown, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    app.inject({ method: 'POST', url: '/api/contact', payload: body as object, remoteAddress: extra.remoteAddress, headers: extra.headers });

  it('stores a valid message before answering 202 with its id', async () => {
    const response = await post({ ...valid, name: '  Asha Rao  ' });
    expect(response.statusCode).toBe(202);
    const { id } = response.json() as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await app.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...valid, ip: '127.0.0.1' });
    expect(Math.abs(row.created_at - Date.now())).toBeLessThan(10_000);
  });

  it('takes the longest allowed fields', async () => {
    const response = await post({ name: 'n'.repeat(100), email: valid.email, subject: 's'.repeat(200), message: 'm'.repeat(5000) });
    expect(response.statusCode).toBe(202);
  });

  it('refuses a body over 32 KB with 413', async () => {
    const response = await post({ ...valid, message: 'm'.repeat(33 * 1024) });
    expect(response.statusCode).toBe(413);
    expect((response.json() as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('accepts a filled honeypot silently and stores nothing', async () => {
    const response = await post({ ...valid, website: 'http://cheap-pills.example' });
    expect(response.statusCode).toBe(202);
    expect((response.json() as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await app.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(0);
  });

  it('takes 5 messages per address in 10 minutes, then 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid, { remoteAddress: '203.0.113.7' })).statusCode).toBe(202);
    const limited = await post(valid, { remoteAddress: '203.0.113.7' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect((limited.json() as { error: { code: string } }).error.code).toBe('rate_limited');
    // Another address is not affected, and mistakes do not count.
    expect((await post(valid, { remoteAddress: '203.0.113.8' })).statusCode).toBe(202);
    for (let i = 0; i < 6; i++) expect((await post({}, { remoteAddress: '203.0.113.9' })).statusCode).toBe(400);
    expect((await post(valid, { remoteAddress: '203.0.113.9' })).statusCode).toBe(202);
    expect(await app.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(7);
  });

  it('refuses a post from another site', async () => {
    const response = await post(valid, { headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
  });

  it('takes an ordinary form post and redirects to /contact?sent=1', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...valid, website: '' }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/contact?sent=1#sent');
    expect(await app.db.selectFrom('contact_messages').selectAll().execute()).toMatchObject([valid]);
  });

  it('answers a form post with mistakes with the form again, filled in, errors at their fields', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: '   ', email: 'asha@example', subject: 'Hi <b>there</b>', message: 'Line one\nLine "two"' }).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/id="contact-name"[^>]*aria-invalid="true" aria-describedby="contact-name-error"/);
    expect(html).toMatch(/id="contact-email"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="contact-subject"[^>]*aria-invalid="false"/);
    expect(html).toContain('Please enter your name.');
    expect(html).not.toContain('__hf_');
    expect(html).toContain('value="Hi &lt;b&gt;there&lt;/b&gt;"');
    expect(html).toContain('>Line one\nLine &quot;two&quot;</textarea>');
    expect(html).toContain('action="/api/contact"');
    expect(await app.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(0);
  });

  it('answers a form post over 32 KB with a page, status 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...valid, message: 'm'.repeat(40 * 1024) }).toString(),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Your message is too long. Please shorten it and send it again.');
  });

  it('answers a rate-limited form post with a page that says when to try again', async () => {
    const form = new URLSearchParams(valid).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'POST', url: '/api/contact', headers, payload: form })).statusCode).toBe(303);
    const limited = await app.inject({ method: 'POST', url: '/api/contact', headers, payload: form });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(limited.body).toContain('Please try again in 10 minutes');
    expect(limited.body).toContain('value="Asha Rao"');
  });
});

/** Refused input stores nothing and is not counted by the rate limit: one app serves every case. */
describe.each(dialects)('POST /api/contact with refused input (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    app = await buildApp(testConfig(database.url));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const post = (body: unknown) => app.inject({ method: 'POST', url: '/api/contact', payload: body as object });

  it.each([
    ['name missing', { ...valid, name: undefined }, ['name']],
    ['name blank', { ...valid, name: '   ' }, ['name']],
    ['email missing', { ...valid, email: undefined }, ['email']],
    ['email invalid', { ...valid, email: 'asha@example' }, ['email']],
    ['subject blank', { ...valid, subject: '\n\t' }, ['subject']],
    ['message missing', { ...valid, message: undefined }, ['message']],
    ['name too long', { ...valid, name: 'n'.repeat(101) }, ['name']],
    ['subject too long', { ...valid, subject: 's'.repeat(201) }, ['subject']],
    ['message too long', { ...valid, message: 'm'.repeat(5001) }, ['message']],
    ['not text', { ...valid, name: 5 }, ['name']],
    ['everything wrong', {}, ['email', 'message', 'name', 'subject']],
  ])('answers 400 with field errors: %s', async (_case, body, fields) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    const error = (response.json() as { error: { code: string; message: string; fields: Record<string, string> } }).error;
    expect(error.code).toBe('invalid');
    expect(error.message).toBeTruthy();
    expect(Object.keys(error.fields).sort()).toEqual(fields);
    expect(await app.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(0);
  });

  it.each(['$`', "$'", '$&', '$1', "a $` b $' c $& d $1 e $$"])(
    'puts what the visitor typed into the answer page as it is, never read as a pattern: %s',
    async (typed) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ name: '   ', email: valid.email, subject: typed, message: typed }).toString(),
      });
      expect(response.statusCode).toBe(400);
      const html = response.body;
      const escaped = typed.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
      expect(html).toContain(`value="${escaped}"`);
      expect(html).toContain(`>${escaped}</textarea>`);
      expect(html.match(/<html/g)).toHaveLength(1);
      expect(html.match(/<\/html>/g)).toHaveLength(1);
      expect(html).not.toContain('__hf_');
    },
  );
});

describe.each(dialects)('delivery after POST /api/contact (%s)', (dialect) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await app.close();
    await receiver.close();
    await database.drop();
  });

  it('delivers a stored message to the webhook and records the attempt', async () => {
    app = await buildApp(testConfig(database.url, { CONTACT_WEBHOOK_URL: receiver.url }));
    const response = await app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(response.statusCode).toBe(202);
    const { id } = response.json() as { id: string };
    await receiver.waitFor((r) => r.accepted().length === 1);
    const body = receiver.requests[0]!.body;
    expect(receiver.requests[0]!.url).toContain('wait=true');
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds[0].fields).toEqual([
      { name: 'Name', value: 'Asha Rao', inline: true },
      { name: 'Email', value: 'asha@example.com', inline: true },
      { name: 'Subject', value: 'Plan question', inline: false },
    ]);
    expect(body.embeds[0].footer.text).toContain(id);
    await expect
      .poll(async () => (await app.db.selectFrom('contact_deliveries').selectAll().where('message_id', '=', id).executeTakeFirst())?.status)
      .toBe('delivered');
    const attempts = await app.db.selectFrom('contact_delivery_attempts').selectAll().where('message_id', '=', id).execute();
    expect(attempts).toMatchObject([{ channel: 'webhook', attempt: 1, outcome: 'delivered', status_code: 204 }]);
  });

  it('finishes and records the send in flight when the app closes', async () => {
    receiver.answer(() => ({ status: 204, delayMs: 600 }));
    app = await buildApp(testConfig(database.url, { CONTACT_WEBHOOK_URL: receiver.url }));
    const { id } = (await app.inject({ method: 'POST', url: '/api/contact', payload: valid })).json() as { id: string };
    await receiver.waitFor((r) => r.requests.length === 1);
    await app.close();
    expect(receiver.accepted()).toHaveLength(1);
    const check = openDatabase(database.url).db;
    try {
      const delivery = await check.selectFrom('contact_deliveries').selectAll().where('message_id', '=', id).executeTakeFirstOrThrow();
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, claimed_until: null });
    } finally {
      await check.destroy();
    }
  });

  it('stores messages with no channel configured and says so at start', async () => {
    const lines: string[] = [];
    const config = testConfig(database.url);
    app = await buildApp(config);
    // Capture what the app logs from here on.
    const original = app.log.warn.bind(app.log);
    app.log.warn = ((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
      return (original as (...a: unknown[]) => void)(...args);
    }) as typeof app.log.warn;
    await app.ready();
    expect(lines.join('\n')).toContain('contact messages are stored only: no delivery channel is configured');
    const response = await app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(response.statusCode).toBe(202);
    expect(await app.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(1);
    expect(await app.db.selectFrom('contact_deliveries').select('id').execute()).toHaveLength(0);
  });
});

describe.each(dialects)('contact retention (%s)', (dialect) => {
  it('deletes delivered messages past CONTACT_RETENTION_DAYS when the server starts, and keeps pending ones', async () => {
    const database = await createTestDatabase(dialect, { migrated: true });
    const receiver = await startWebhookReceiver();
    try {
      // Two old messages: one that reached the webhook, one still waiting for an unreachable one.
      const first = await buildApp(testConfig(database.url, { CONTACT_WEBHOOK_URL: receiver.url }));
      await first.ready();
      const delivered = (await first.inject({ method: 'POST', url: '/api/contact', payload: valid })).json<{ id: string }>().id;
      await receiver.waitFor((r) => r.accepted().length === 1);
      const stateOf = async () =>
        (await first.db.selectFrom('contact_deliveries').select('status').where('message_id', '=', delivered).executeTakeFirst())?.status;
      await expect.poll(stateOf, { timeout: 10_000 }).toBe('delivered');
      await first.close();
      const second = await buildApp(testConfig(database.url, { CONTACT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable' }));
      await second.ready();
      const pending = (await second.inject({ method: 'POST', url: '/api/contact', payload: { ...valid, subject: 'Still waiting' } })).json<{ id: string }>().id;
      await second.close();
      const { db } = openDatabase(database.url);
      await db
        .updateTable('contact_messages')
        .set({ created_at: Date.now() - 31 * 86_400_000 })
        .execute();
      await db.destroy();

      const app = await buildApp(testConfig(database.url, { CONTACT_RETENTION_DAYS: '30' }));
      await app.ready();
      // Retention runs as a background job once the server is ready.
      const messagesLeft = () => app.db.selectFrom('contact_messages').select('id').execute();
      let left: { id: string }[];
      try {
        left = await until(messagesLeft, (rows) => rows.length <= 1, 'retention to purge the delivered message', 5000);
      } finally {
        await app.close();
      }
      expect(left.map((r) => r.id)).toEqual([pending]);
      expect(left.map((r) => r.id)).not.toContain(delivered);
    } finally {
      await receiver.close();
      await database.drop();
    }
  });
});
