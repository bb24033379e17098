import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiscordWebhookChannel } from '../../server/contact/channels/discord-webhook.ts';
import { discordLimits, payloadTextLength } from '../../server/contact/channels/discord-payload.ts';
import { EmailChannel } from '../../server/contact/channels/email-channel.ts';
import { storeContactMessage } from '../../server/contact/contact-service.ts';
import { type ContactChannel, contactOutbox } from '../../server/contact/contact-outbox.ts';
import { claimDue } from '../../server/contact/contact-repository.ts';
import type { ContactChannelName } from '../../server/contact/contact-tables.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/schema.ts';
import type { OutboxOptions } from '../../server/outbox/outbox-options.ts';
import type { OutboxWorker } from '../../server/outbox/outbox-worker.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

/** A logger that keeps what it is told, for assertions. */
function captureLogger(): FastifyBaseLogger & { entries: { level: string; msg: string; obj: unknown }[] } {
  const entries: { level: string; msg: string; obj: unknown }[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) => {
    entries.push({ level, msg: typeof obj === 'string' ? obj : (msg ?? ''), obj });
  };
  const logger = {
    entries,
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger & { entries: typeof entries };
}

const fast: Partial<OutboxOptions> = {
  pollIntervalMs: 50,
  sendTimeoutMs: 2_000,
  backoff: { baseMs: 20, maxMs: 200 },
};

const sample = (n: number) => ({ name: `Visitor ${n}`, email: `visitor${n}@example.com`, subject: `Question ${n}`, message: `Message number ${n}` });

describe.each(dialects)('contact outbox (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let receiver: WebhookReceiver;
  const outboxes: OutboxWorker<unknown>[] = [];
  const extraDbs: Kysely<Database>[] = [];

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    const handle = openDatabase(database.url);
    db = handle.db;
    await migrateToLatest(db, handle.dialect);
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await Promise.all(outboxes.splice(0).map((o) => o.stop()));
    await Promise.all(extraDbs.splice(0).map((d) => d.destroy()));
    await receiver.close();
    await db.destroy();
    await database.drop();
  });

  function outbox(options: Partial<OutboxOptions> = {}, channels: ContactChannel[] = [new DiscordWebhookChannel(receiver.url, 'Hostfront')], onDb = db) {
    const log = captureLogger();
    const worker = contactOutbox(onDb, channels, log, { dialect, ...fast, ...options });
    outboxes.push(worker);
    return { worker, log };
  }

  async function store(n: number, channels: ContactChannelName[] = ['webhook'], maxAgeMs = 24 * 3600_000) {
    return storeContactMessage(db, sample(n), { ip: '127.0.0.1', userAgent: 'vitest' }, channels, maxAgeMs);
  }

  /** The message ids the receiver accepted, by how often each arrived. */
  function deliveredCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const r of receiver.accepted()) {
      const id = /message (\S+)$/.exec(r.body.embeds[0].footer.text)![1]!;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  it('rides out a 500, a timeout and a 429 with retry_after, then delivers every message once', async () => {
    const script: ('500' | 'hang' | '429')[] = ['500', 'hang', '429'];
    receiver.answer((_r, index) => {
      const step = script[index];
      if (step === '500') return { status: 500, body: { message: 'Internal Server Error' } };
      if (step === 'hang') return { hang: true };
      if (step === '429') return { status: 429, body: { message: 'You are being rate limited.', retry_after: 0.6, global: false } };
      return { status: 204 };
    });
    const ids = [(await store(1)).id, (await store(2)).id, (await store(3)).id];
    const { worker } = outbox({ sendTimeoutMs: 300 });
    await worker.start();
    await receiver.waitFor((r) => r.accepted().length === 3, 20_000);
    // Nothing more arrives afterwards: the worker finds nothing left to send.
    await worker.idle();
    const counts = deliveredCounts();
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()]).toEqual([1, 1, 1]);
    // The 429 was honoured: nothing was sent until retry_after had passed.
    const limitedAt = receiver.requests[2]!.at;
    expect(receiver.requests[3]!.at - limitedAt).toBeGreaterThanOrEqual(590);
    const attempts = await db.selectFrom('contact_delivery_attempts').selectAll().orderBy('id').execute();
    expect(attempts.map((a) => a.outcome)).toEqual(['failed', 'failed', 'rate_limited', 'delivered', 'delivered', 'delivered']);
    expect(attempts[0]).toMatchObject({ status_code: 500, error: expect.stringContaining('HTTP 500') });
    expect(attempts[1]).toMatchObject({ status_code: null, error: 'no answer within 300 ms' });
    expect(attempts[2]).toMatchObject({ status_code: 429 });
    const deliveries = await db.selectFrom('contact_deliveries').selectAll().execute();
    expect(deliveries.every((d) => d.status === 'delivered' && d.claimed_until === null)).toBe(true);
  });

  it('delivers 1,000 messages through random failures, none twice', { timeout: 60_000 }, async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    receiver.answer(() => {
      const roll = random();
      if (roll < 0.15) return { status: 500 };
      if (roll < 0.2) return { status: 502, body: 'Bad Gateway' };
      if (roll < 0.23) return { status: 429, body: { retry_after: 0.02 } };
      return { status: roll < 0.6 ? 204 : 200, body: roll < 0.6 ? undefined : { id: 'msg' } };
    });
    const total = 1000;
    const rows = [];
    for (let i = 0; i < total; i++) rows.push(await store(i));
    const { worker } = outbox({ batchSize: 25, backoff: { baseMs: 5, maxMs: 50 } });
    const started = Date.now();
    await worker.start();
    await receiver.waitFor((r) => r.accepted().length >= total, 55_000);
    await worker.idle();
    const counts = deliveredCounts();
    expect(counts.size).toBe(total);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(counts.keys()));
    const failures = receiver.requests.length - total;
    expect(failures).toBeGreaterThan(100);
    const pending = await db.selectFrom('contact_deliveries').select('id').where('status', '!=', 'delivered').execute();
    expect(pending).toEqual([]);
    const attempts = await db
      .selectFrom('contact_delivery_attempts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(attempts.n)).toBe(receiver.requests.length);
    console.log(`${dialect}: 1,000 messages, ${failures} failed attempts, all delivered once in ${Date.now() - started} ms`);
  });

  it('delivers a 5,000-character message with @everyone within Discord limits, pinging no one', async () => {
    const long = `@everyone @here <@123456> look at this [link](https://phish.example) ${'lorem ipsum dolor sit amet '.repeat(200)}`;
    const text = `${long.slice(0, 4990)} end.`;
    expect(text.length).toBeLessThanOrEqual(5000);
    const message = await storeContactMessage(
      db,
      { name: 'N'.repeat(100), email: `${'e'.repeat(60)}@example.com`, subject: 'S'.repeat(200), message: text },
      { ip: '127.0.0.1', userAgent: undefined },
      ['webhook'],
      24 * 3600_000,
    );
    const { worker } = outbox();
    await worker.start();
    await receiver.waitFor((r) => r.accepted().length === 1);
    const body = receiver.requests[0]!.body;
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.content).toBeUndefined();
    expect(body.embeds.length).toBeGreaterThanOrEqual(1);
    expect(body.embeds.length).toBeLessThanOrEqual(discordLimits.embeds);
    expect(payloadTextLength(body)).toBeLessThanOrEqual(discordLimits.total);
    for (const embed of body.embeds) {
      expect(embed.title.length).toBeLessThanOrEqual(discordLimits.title);
      expect(embed.description.length).toBeLessThanOrEqual(discordLimits.description);
      for (const field of embed.fields ?? []) {
        expect(field.name.length).toBeLessThanOrEqual(discordLimits.fieldName);
        expect(field.value.length).toBeLessThanOrEqual(discordLimits.fieldValue);
      }
      expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(discordLimits.footer);
    }
    const first = body.embeds[0];
    expect(first.title).toBeTruthy();
    expect(first.color).toBeTypeOf('number');
    expect(new Date(first.timestamp).getTime()).toBe(message.createdAt);
    expect(first.footer.text).toContain(message.id);
    expect(first.fields.map((f: { name: string }) => f.name)).toEqual(['Name', 'Email', 'Subject']);
    // The whole message arrived, escaped for Discord's markdown, split across embeds in order.
    const joined = body.embeds.map((e: { description: string }) => e.description).join('');
    const unescaped = joined.replace(/\\(.)/g, '$1');
    expect(unescaped.replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
    expect(joined).toContain('@everyone');
    expect(joined).toContain('\\[link\\]\\(https://phish.example\\)');
    expect(joined).toContain('\\<@123456\\>');
  });

  it('trims what cannot fit with a marker', async () => {
    // Every character needs escaping, so 5,000 characters become 10,000.
    const message = await storeContactMessage(
      db,
      { ...sample(1), message: '*'.repeat(5000) },
      { ip: '127.0.0.1', userAgent: undefined },
      ['webhook'],
      3600_000,
    );
    const { worker } = outbox();
    await worker.start();
    await receiver.waitFor((r) => r.accepted().length === 1);
    const body = receiver.requests[0]!.body;
    expect(payloadTextLength(body)).toBeLessThanOrEqual(discordLimits.total);
    const last = body.embeds.at(-1).description as string;
    expect(last).toMatch(/… \(trimmed: [\d,]+ more characters; the full message is stored, see npm run contact -- show /);
    expect(last).toContain(message.id);
    for (const embed of body.embeds) expect(embed.description.length).toBeLessThanOrEqual(discordLimits.description);
  });

  it('keeps each channel its own state: the webhook is not sent again while e-mail retries', async () => {
    let smtpFailures = 2;
    const mails: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          if (smtpFailures > 0) {
            smtpFailures -= 1;
            const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          mails.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    try {
      const message = await store(7, ['webhook', 'email']);
      const { worker } = outbox({}, [
        new DiscordWebhookChannel(receiver.url, 'Hostfront'),
        new EmailChannel(`smtp://127.0.0.1:${smtpPort}`, 'support@hostfront.example', 'Hostfront'),
      ]);
      await worker.start();
      await expect.poll(() => mails.length, { timeout: 15_000 }).toBe(1);
      await worker.idle();
      expect(receiver.accepted()).toHaveLength(1);
      expect(mails[0]).toContain('Subject: [Contact] Question 7');
      expect(mails[0]).toMatch(/Reply-To: "?Visitor 7"? <visitor7@example.com>/);
      expect(mails[0]).toContain('Message number 7');
      expect(mails[0]!.replace(/\r?\n\s+/g, ' ')).toContain(`Message-ID: <contact-${message.id}@hostfront.example>`);
      // The mail server has the mail before the worker records that it was accepted.
      const allAttempts = () => db.selectFrom('contact_delivery_attempts').selectAll().orderBy('id').execute();
      await expect.poll(async () => (await allAttempts()).filter((a) => a.outcome === 'delivered').length).toBe(2);
      const attempts = await allAttempts();
      expect(attempts.filter((a) => a.channel === 'webhook').map((a) => a.outcome)).toEqual(['delivered']);
      expect(attempts.filter((a) => a.channel === 'email').map((a) => [a.outcome, a.status_code])).toEqual([
        ['failed', 451],
        ['failed', 451],
        ['delivered', 250],
      ]);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('marks a delivery failed after its window and logs it', async () => {
    receiver.answer(() => ({ status: 503 }));
    // The app's clock runs on, and the test moves it a day ahead: the 24 h window passes without waiting for it.
    let ahead = 0;
    const clock = () => Date.now() + ahead;
    const message = await storeContactMessage(db, sample(1), { ip: '127.0.0.1', userAgent: 'vitest' }, ['webhook'], 24 * 3600_000, clock());
    const { worker, log } = outbox({ backoff: { baseMs: 40, maxMs: 80 }, clock });
    await worker.start();
    await receiver.waitFor((r) => r.requests.length >= 2);
    expect(log.entries.some((e) => e.msg.includes('marked failed'))).toBe(false);
    ahead = 24 * 3600_000;
    await expect
      .poll(async () => (await db.selectFrom('contact_deliveries').select('status').where('message_id', '=', message.id).executeTakeFirstOrThrow()).status, {
        timeout: 5_000,
      })
      .toBe('failed');
    expect(receiver.requests.length).toBeGreaterThanOrEqual(2);
    expect(log.entries.some((e) => e.level === 'error' && e.msg.includes('marked failed'))).toBe(true);
    const count = receiver.requests.length;
    await worker.idle();
    expect(receiver.requests.length).toBe(count);
  });

  // SQLite has one instance, so a claim found at start-up is a dead process's and is released at
  // once; on PostgreSQL another instance may be alive, so only an expired lease frees the rows.
  it('takes over a crashed claimer’s rows: at start on SQLite, when its lease runs out on PostgreSQL', async () => {
    const message = await store(1);
    // A worker that claimed the row and died without a word.
    const claimed = await claimDue(db, dialect, { channel: 'webhook', now: Date.now(), limit: 10, leaseMs: 700, worker: 'dead' });
    expect(claimed).toHaveLength(1);
    const { worker } = outbox();
    const started = Date.now();
    await worker.start();
    await receiver.waitFor((r) => r.accepted().length === 1);
    if (dialect === 'postgres') expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    else expect(Date.now() - started).toBeLessThan(600);
    expect(deliveredCounts().get(message.id)).toBe(1);
  });

  if (dialect === 'postgres')
    it('shares the queue between two instances without delivering anything twice', { timeout: 40_000 }, async () => {
      receiver.answer((_r, i) => ({ status: i % 7 === 3 ? 500 : 204, delayMs: 2 }));
      const total = 300;
      for (let i = 0; i < total; i++) await store(i);
      const otherDb = openDatabase(database.url).db;
      extraDbs.push(otherDb);
      const a = outbox({ workerId: 'instance-a', batchSize: 5 });
      const b = outbox({ workerId: 'instance-b', batchSize: 5 }, undefined, otherDb);
      await Promise.all([a.worker.start(), b.worker.start()]);
      await receiver.waitFor((r) => r.accepted().length >= total, 30_000);
      await Promise.all([a.worker.idle(), b.worker.idle()]);
      const counts = deliveredCounts();
      expect(counts.size).toBe(total);
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
      const byWorker = await db
        .selectFrom('contact_delivery_attempts')
        .select(['worker', (eb) => eb.fn.countAll().as('n')])
        .where('outcome', '=', 'delivered')
        .groupBy('worker')
        .execute();
      expect(byWorker.map((r) => r.worker).sort()).toEqual(['instance-a', 'instance-b']);
    });
});
