import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { EmailChannel } from '../../server/contact/channels/email-channel.ts';
import { contactOutbox } from '../../server/contact/contact-outbox.ts';
import { storeContactMessage } from '../../server/contact/contact-service.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/schema.ts';
import type { OutboxWorker } from '../../server/outbox/outbox-worker.ts';
import { SmtpSender } from '../../server/outbox/smtp-sender.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { startSmtpInbox } from '../helpers/smtp-inbox.ts';

const mail = (to: string) => ({
  from: { name: 'Hostfront', address: 'noreply@hostfront.example' },
  to,
  subject: 'Hello',
  text: 'Body',
  messageId: '<test@hostfront.example>',
});

describe('the outbox SMTP sender against a real SMTP server', () => {
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  beforeEach(async () => {
    inbox = await startSmtpInbox();
  });
  afterEach(async () => {
    await inbox.close();
  });

  it.each([550, 551, 552, 553])('treats a %i refusal of the recipient as final, pooled or not', async (code) => {
    inbox.refuse('gone@example.com', code);
    for (const pool of [false, true]) {
      const sender = new SmtpSender(inbox.url, { pool });
      const result = await sender.send(mail('gone@example.com'), 5_000);
      await sender.close();
      expect(result).toMatchObject({ ok: false, statusCode: code, final: true });
    }
    expect(inbox.mails).toEqual([]);
  });

  it('leaves a temporary failure (451) to be tried again, and delivers when it passes', async () => {
    inbox.failNext(1);
    const sender = new SmtpSender(inbox.url, { pool: false });
    const first = await sender.send(mail('someone@example.com'), 5_000);
    expect(first).toMatchObject({ ok: false, statusCode: 451 });
    expect('final' in first && first.final).toBeFalsy();
    expect(await sender.send(mail('someone@example.com'), 5_000)).toEqual({ ok: true, statusCode: 250 });
    expect(inbox.to('someone@example.com')).toHaveLength(1);
  });
});

describe.each(dialects)('a contact mail to a mailbox that does not exist (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let outbox: OutboxWorker<unknown> | undefined;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    const handle = openDatabase(database.url);
    db = handle.db;
    await migrateToLatest(db, handle.dialect);
    inbox = await startSmtpInbox();
  });
  afterEach(async () => {
    await outbox?.stop();
    await inbox.close();
    await db.destroy();
    await database.drop();
  });

  it('is marked failed after one attempt, not retried for a day', async () => {
    inbox.refuse('support@hostfront.example');
    const message = await storeContactMessage(
      db,
      { name: 'Visitor', email: 'visitor@example.com', subject: 'Question', message: 'Hello there' },
      { ip: '127.0.0.1', userAgent: undefined },
      ['email'],
      24 * 3600_000,
    );
    outbox = contactOutbox(db, [new EmailChannel(inbox.url, 'support@hostfront.example', 'Hostfront')], pino({ level: 'silent' }), {
      dialect,
      pollIntervalMs: 50,
      backoff: { baseMs: 20, maxMs: 40 },
    });
    await outbox.start();
    const delivery = () => db.selectFrom('contact_deliveries').selectAll().where('message_id', '=', message.id).executeTakeFirstOrThrow();
    await expect.poll(async () => (await delivery()).status, { timeout: 10_000 }).toBe('failed');
    expect(await delivery()).toMatchObject({ attempts: 1, last_error: expect.stringContaining('550') });
    const attempts = await db.selectFrom('contact_delivery_attempts').select(['outcome', 'status_code']).execute();
    expect(attempts).toEqual([{ outcome: 'failed', status_code: 550 }]);
  });
});
