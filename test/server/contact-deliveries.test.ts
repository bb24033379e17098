import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InboxPage } from '../../contracts/staff-contact.ts';
import { buildApp } from '../../server/app.ts';
import { SupportService } from '../../server/support/support-service.ts';
import { claimDue, contactQueue } from '../../server/contact/contact-repository.ts';
import { markAttemptFailed, markDelivered } from '../../server/outbox/outbox-repository.ts';
import { purgeOldMessages, storeContactMessage } from '../../server/contact/contact-service.ts';
import type { ContactChannelName } from '../../server/contact/contact-tables.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { auditRows, staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const day = 86_400_000;
const meta = { ip: '198.51.100.7', userAgent: 'Firefox' };

describe.each(dialects)("contact messages' deliveries in the staff console (%s)", (dialect) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let app: FastifyInstance;
  let support: StaffUser;
  const base = Date.now() - 10 * 60_000;

  const as = (user: StaffUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const page = async (query: string): Promise<InboxPage> => {
    const response = await as(support, 'GET', `/api/staff/contact/messages${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Stores a message as the form does, `minutes` after the base time. */
  const store = (minutes: number, fields: { name: string; email: string; subject: string; message: string }, channels: ContactChannelName[] = ['webhook']) =>
    storeContactMessage(app.db, fields, meta, channels, day, base + minutes * 60_000);

  /** Claims every due webhook delivery and records an attempt for each: delivered, or failed for good. */
  async function settle(outcome: (messageId: string) => 'delivered' | 'failed'): Promise<void> {
    const now = Date.now();
    const claimed = await claimDue(app.db, dialect, { channel: 'webhook', now, limit: 50, leaseMs: 10_000, worker: 'test' });
    for (const { delivery } of claimed) {
      const record = { startedAt: now, durationMs: 15, worker: 'test' };
      if (outcome(delivery.messageId) === 'delivered')
        await markDelivered(app.db, contactQueue, delivery, { ...record, outcome: 'delivered', statusCode: 204, error: null }, now);
      else
        await markAttemptFailed(
          app.db,
          contactQueue,
          delivery,
          { ...record, outcome: 'failed', statusCode: 500, error: 'HTTP 500: Internal Server Error' },
          { nextAttemptAt: now, final: true, now },
        );
    }
  }

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    receiver = await startWebhookReceiver();
    // The outbox starts with the first request; messages stored before that are settled by the test.
    app = await buildApp(testConfig(database.url, { CONTACT_WEBHOOK_URL: receiver.url }));
  });
  afterEach(async () => {
    await app.close();
    await receiver.close();
    await database.drop();
  });

  describe('with a few messages', () => {
    const ids: Record<string, string> = {};
    beforeEach(async () => {
      ids.fiona = (await store(1, { name: 'Fiona Failed', email: 'fiona@example.com', subject: 'Refund please', message: 'My card was charged twice.' })).id;
      ids.dev = (await store(2, { name: 'Dev Delivered', email: 'dev@example.org', subject: 'Thanks', message: 'Uptime is 100% this month!' })).id;
      ids.ann = (await store(3, { name: 'Ann Under_score', email: 'ann@example.net', subject: 'DDoS question', message: 'Do you filter 1000 requests/s?' })).id;
      ids.ümit = (await store(4, { name: 'Ümit Öz', email: 'umit@example.com', subject: 'Größe', message: 'Wie groß ist der RAM?' })).id;
      ids.back = (await store(5, { name: 'Back Slash', email: 'bs@example.com', subject: 'Path', message: 'C:\\Games\\server and more' })).id;
      await settle((id) => (id === ids.fiona ? 'failed' : 'delivered'));
      support = await staffUser(app, 'sam@example.com', 'support');
    });

    it('lists every message newest first, with its deliveries, and counts the unanswered', async () => {
      const all = await page('');
      expect(all.messages.map((m) => m.id)).toEqual([ids.back, ids.ümit, ids.ann, ids.dev, ids.fiona]);
      expect(all).toMatchObject({ total: 5, unanswered: 5, nextCursor: null, channels: ['webhook'] });
      const fiona = all.messages.at(-1)!;
      expect(fiona).toMatchObject({
        name: 'Fiona Failed',
        subject: 'Refund please',
        preview: 'My card was charged twice.',
        answeredAt: null,
        answeredBy: null,
      });
      expect(fiona.deliveries).toEqual([
        expect.objectContaining({
          channel: 'webhook',
          status: 'failed',
          attempts: 1,
          lastError: 'HTTP 500: Internal Server Error',
          retryable: true,
          configured: true,
        }),
      ]);
      expect(all.messages[0]!.deliveries[0]).toMatchObject({ status: 'delivered', retryable: false });
      expect((await as(support, 'GET', '/api/staff/contact/counts')).json()).toEqual({ unanswered: 5, failed: 1 });
      expect((await page('?view=failed')).messages.map((m) => m.id)).toEqual([ids.fiona]);
    });

    it('searches name, e-mail, subject and text, ignoring case, with % _ and \\ matching themselves', async () => {
      const found = async (q: string) => (await page(`?q=${encodeURIComponent(q)}`)).messages.map((m) => m.id);
      expect(await found('REFUND')).toEqual([ids.fiona]);
      expect(await found('fiona failed')).toEqual([ids.fiona]);
      expect(await found('EXAMPLE.ORG')).toEqual([ids.dev]);
      expect(await found('charged TWICE')).toEqual([ids.fiona]);
      expect(await found('ddos')).toEqual([ids.ann]);
      // Every word must match somewhere; the words may be in different fields.
      expect(await found('ann 1000')).toEqual([ids.ann]);
      expect(await found('ann refund')).toEqual([]);
      // LIKE's wildcards typed by a person are plain characters.
      expect(await found('100%')).toEqual([ids.dev]);
      expect(await found('%')).toEqual([ids.dev]);
      expect(await found('_')).toEqual([ids.ann]);
      expect(await found('unde_')).toEqual([]);
      expect(await found('\\games\\')).toEqual([ids.back]);
      expect(await found('Ümit groß')).toEqual([ids.ümit]);
      // PostgreSQL's ILIKE folds every letter; SQLite's LIKE folds ASCII letters only.
      if (dialect === 'postgres') expect(await found('ümit GRÖ')).toEqual([ids.ümit]);
      const counted = await page('?q=example.com');
      expect(counted.total).toBe(3);
    });

    it('pages newest first with a cursor, the total on every page', async () => {
      const first = await page('?limit=2');
      expect(first.messages.map((m) => m.id)).toEqual([ids.back, ids.ümit]);
      expect(first.total).toBe(5);
      expect(first.nextCursor).toMatch(/^\d+:[0-9a-f-]{36}$/);
      const second = await page(`?limit=2&cursor=${first.nextCursor}`);
      expect(second.messages.map((m) => m.id)).toEqual([ids.ann, ids.dev]);
      const third = await page(`?limit=2&cursor=${second.nextCursor}`);
      expect(third.messages.map((m) => m.id)).toEqual([ids.fiona]);
      expect(third.nextCursor).toBeNull();
      // Two messages in the same millisecond are both listed, once each.
      const twin = await storeContactMessage(
        app.db,
        { name: 'Twin', email: 't@example.com', subject: 'Same time', message: 'x' },
        meta,
        [],
        day,
        base + 5 * 60_000,
      );
      const ids2: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const next: InboxPage = await page(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        ids2.push(...next.messages.map((m) => m.id));
        cursor = next.nextCursor;
      }
      expect(ids2.sort()).toEqual([...Object.values(ids), twin.id].sort());
    });

    it('counts a message answered once a person answers its conversation or resolves it', async () => {
      // The contact form's messages are conversations with the same id (the form's service starts them).
      for (const id of [ids.dev, ids.ann]) {
        const message = (await page('')).messages.find((m) => m.id === id)!;
        await app.db
          .transaction()
          .execute((trx) =>
            SupportService.startFromContact(trx, { ...message, message: 'text', ip: meta.ip, userAgent: meta.userAgent, createdAt: message.createdAt }),
          );
      }
      expect((await as(support, 'GET', '/api/staff/contact/counts')).json().unanswered).toBe(5);
      // An internal note is not an answer; a reply is.
      const note = await as(support, 'POST', `/api/staff/conversations/${ids.dev}/messages`, { text: 'Checking the card.', kind: 'note', clientId: 'c1' });
      expect(note.statusCode, note.body).toBe(201);
      expect((await as(support, 'GET', '/api/staff/contact/counts')).json().unanswered).toBe(5);
      const reply = await as(support, 'POST', `/api/staff/conversations/${ids.dev}/messages`, { text: 'Thank you!', kind: 'message', clientId: 'c2' });
      expect(reply.statusCode, reply.body).toBe(201);
      // Resolved without a reply counts too.
      expect((await as(support, 'POST', `/api/staff/conversations/${ids.ann}/resolve`)).statusCode).toBe(200);
      expect((await as(support, 'GET', '/api/staff/contact/counts')).json().unanswered).toBe(3);
      expect((await page('?view=answered')).messages.map((m) => m.id).sort()).toEqual([ids.dev, ids.ann].sort());
      expect((await page('?view=unanswered')).messages).toHaveLength(3);
      expect((await app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(/^hostfront_contact_unanswered_messages 3$/m);
      // The console no longer marks messages by hand: the conversation's state says it.
      expect((await as(support, 'PUT', `/api/staff/contact/messages/${ids.fiona}/answered`, { answered: true })).statusCode).toBe(404);
    });

    it('shows a message in full with its deliveries and every attempt', async () => {
      const response = await as(support, 'GET', `/api/staff/contact/messages/${ids.fiona}`);
      expect(response.statusCode).toBe(200);
      const detail = response.json();
      expect(detail).toMatchObject({
        name: 'Fiona Failed',
        message: 'My card was charged twice.',
        ip: '198.51.100.7',
        userAgent: 'Firefox',
        missingChannels: [],
      });
      expect(detail.attempts).toEqual([
        {
          id: expect.any(String),
          channel: 'webhook',
          attempt: 1,
          outcome: 'failed',
          statusCode: 500,
          error: 'HTTP 500: Internal Server Error',
          startedAt: expect.any(Number),
          durationMs: 15,
        },
      ]);
      const unknown = await as(support, 'GET', '/api/staff/contact/messages/00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('not_found');
    });

    it('retries a failed delivery from the console: the webhook receives it, and the audit log says who', async () => {
      const retried = await as(support, 'POST', `/api/staff/contact/messages/${ids.fiona}/retry`, { channel: 'webhook' });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().queued).toEqual(['webhook']);
      // The outbox was woken: no wait for its poll.
      await receiver.waitFor((r) => r.accepted().length === 1, 4000);
      const fields = receiver.accepted()[0]!.body.embeds[0].fields as { name: string; value: string }[];
      expect(fields.find((f) => f.name === 'Subject')?.value).toBe('Refund please');
      await expect
        .poll(async () => (await as(support, 'GET', `/api/staff/contact/messages/${ids.fiona}`)).json().deliveries[0].status, { timeout: 4000 })
        .toBe('delivered');
      const detail = (await as(support, 'GET', `/api/staff/contact/messages/${ids.fiona}`)).json();
      expect(detail.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['failed', 'delivered']);
      expect((await as(support, 'GET', '/api/staff/contact/counts')).json().failed).toBe(0);

      const [entry] = await auditRows(app, 'contact.retry');
      expect(entry).toMatchObject({ actor_kind: 'staff', actor_id: support.id, actor_label: 'sam@example.com', target: ids.fiona, outcome: 'ok' });
      expect(JSON.parse(entry!.detail!)).toEqual({ channel: 'webhook', previously: 'failed', attempts: 1 });

      // Delivered now: nothing to retry.
      const again = await as(support, 'POST', `/api/staff/contact/messages/${ids.fiona}/retry`, { channel: 'webhook' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('already_delivered');
      // A channel this server does not deliver to.
      const email = await as(support, 'POST', `/api/staff/contact/messages/${ids.dev}/retry`, { channel: 'email' });
      expect(email.statusCode).toBe(409);
      expect(email.json().error.code).toBe('channel_not_configured');
      expect(await auditRows(app, 'contact.retry')).toHaveLength(1);
    });

    it('answers bad input with 400 and a message per field, and unknown people with 401', async () => {
      const cases: [method: 'GET' | 'POST' | 'PUT', url: string, payload: object | undefined, field: string][] = [
        ['GET', '/api/staff/contact/messages?view=spam', undefined, 'view'],
        ['GET', '/api/staff/contact/messages?limit=0', undefined, 'limit'],
        ['GET', '/api/staff/contact/messages?limit=many', undefined, 'limit'],
        ['GET', '/api/staff/contact/messages?cursor=yesterday', undefined, 'cursor'],
        ['GET', `/api/staff/contact/messages?q=${'a'.repeat(201)}`, undefined, 'q'],
        ['GET', '/api/staff/contact/messages/not-an-id', undefined, 'id'],
        ['POST', `/api/staff/contact/messages/${ids.fiona}/retry`, { channel: 'sms' }, 'channel'],
        ['POST', `/api/staff/contact/messages/${ids.fiona}/retry`, {}, 'channel'],
      ];
      for (const [method, url, payload, field] of cases) {
        const response = await as(support, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        const error = response.json().error;
        expect(error.code).toBe('invalid');
        expect(Object.keys(error.fields), `${method} ${url}`).toEqual([field]);
      }
      expect((await as(support, 'GET', '/api/staff/contact/messages?cursor=yesterday')).json().error.fields.cursor).toBe(
        'must be the nextCursor of a previous page',
      );
      expect((await as(support, 'GET', '/api/staff/contact/messages/not-an-id')).json().error.fields.id).toBe('must be a message id');
      expect(await auditRows(app, 'contact.retry')).toHaveLength(0);

      for (const [method, url] of [
        ['GET', '/api/staff/contact/messages'],
        ['GET', '/api/staff/contact/counts'],
        ['GET', `/api/staff/contact/messages/${ids.fiona}`],
      ] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, url).toBe(401);
      }
      const anonymous = await app.inject({ method: 'POST', url: `/api/staff/contact/messages/${ids.fiona}/retry`, payload: { channel: 'webhook' } });
      expect(anonymous.statusCode).toBe(401);
      expect((await as(support, 'GET', '/api/staff/contact/counts')).json().unanswered).toBe(5);
    });

    it('lets both roles handle contact messages', async () => {
      const admin = await staffUser(app, 'ada@example.com', 'admin');
      expect((await as(admin, 'GET', '/api/staff/contact/counts')).statusCode).toBe(200);
      expect((await as(admin, 'GET', `/api/staff/contact/messages/${ids.ann}`)).json().name).toBe('Ann Under_score');
    });

    it('keeps retention working: old delivered messages go, undelivered ones stay', async () => {
      const { deleted, kept } = await purgeOldMessages(app.db, 1, Date.now() + 2 * day);
      expect({ deleted, kept }).toEqual({ deleted: 4, kept: 1 });
      expect((await page('')).messages.map((m) => m.id)).toEqual([ids.fiona]);
      expect((await as(support, 'GET', '/api/staff/contact/counts')).json()).toEqual({ unanswered: 1, failed: 1 });
    });
  });

  it('offers a retry for a delivery pending too long, and for a channel a message came before', async () => {
    // Queued 20 minutes ago and tried since, without success: stuck.
    const stuck = await storeContactMessage(
      app.db,
      { name: 'Stuck', email: 's@example.com', subject: 'Stuck', message: 'x' },
      meta,
      ['webhook'],
      day,
      Date.now() - 20 * 60_000,
    );
    const fresh = await storeContactMessage(
      app.db,
      { name: 'Fresh', email: 'f@example.com', subject: 'Fresh', message: 'y' },
      meta,
      ['webhook'],
      day,
      Date.now(),
    );
    const storedOnly = await storeContactMessage(
      app.db,
      { name: 'Old', email: 'o@example.com', subject: 'Before the webhook', message: 'z' },
      meta,
      [],
      day,
      Date.now() - 3 * day,
    );
    const now = Date.now();
    for (const { delivery } of await claimDue(app.db, dialect, { channel: 'webhook', now, limit: 10, leaseMs: 10_000, worker: 'test' })) {
      await markAttemptFailed(
        app.db,
        contactQueue,
        delivery,
        { outcome: 'failed', statusCode: 502, error: 'HTTP 502', startedAt: now, durationMs: 5, worker: 'test' },
        { nextAttemptAt: now + 3_600_000, final: false, now },
      );
    }
    receiver.answer(() => ({ status: 204 }));
    support = await staffUser(app, 'sam@example.com', 'support');
    const list = await page('');
    const byId = new Map(list.messages.map((m) => [m.id, m]));
    expect(byId.get(stuck.id)!.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1, retryable: true });
    expect(byId.get(fresh.id)!.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1, retryable: false });
    // The outbox adds channels only to messages of the last 24 h; an older one gets it from the console.
    const old = (await as(support, 'GET', `/api/staff/contact/messages/${storedOnly.id}`)).json();
    expect(old).toMatchObject({ deliveries: [], missingChannels: ['webhook'] });

    expect((await as(support, 'POST', `/api/staff/contact/messages/${stuck.id}/retry`, { channel: 'webhook' })).statusCode).toBe(200);
    expect((await as(support, 'POST', `/api/staff/contact/messages/${storedOnly.id}/retry`, { channel: 'webhook' })).json().queued).toEqual(['webhook']);
    await receiver.waitFor((r) => r.accepted().length === 2, 4000);
    const subjects = receiver.accepted().map((r) => (r.body.embeds[0].fields as { name: string; value: string }[]).find((f) => f.name === 'Subject')?.value);
    expect(subjects.sort()).toEqual(['Before the webhook', 'Stuck']);
    // The fresh one waits for its own backoff: the console did not touch it.
    const freshNow = (await as(support, 'GET', `/api/staff/contact/messages/${fresh.id}`)).json();
    expect(freshNow.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });
});
