import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runContactCli } from '../../server/contact/contact-cli.ts';
import { storeContactMessage } from '../../server/contact/contact-service.ts';
import { claimDue, contactQueue } from '../../server/contact/contact-repository.ts';
import { markAttemptFailed, markDelivered } from '../../server/outbox/outbox-repository.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/schema.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { runCliInProcess, spawnCli } from '../helpers/operator-cli.ts';

/** `npm run contact -- args` as a process of its own: the first test and the errors go this way. */
const spawnedContactCli = (args: string[], env: Record<string, string>) => spawnCli('contact', args, env);
/** The same command's logic called in this process as scripts/contact.ts calls it (the other cases). */
const contactCli = (args: string[], env: Record<string, string>) => runCliInProcess('contact', runContactCli, args, env);

describe.each(dialects)('npm run contact (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let env: Record<string, string>;
  const ids: Record<'failed' | 'delivered' | 'storedOnly', string> = { failed: '', delivered: '', storedOnly: '' };

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    env = { DATABASE_URL: database.url };
    const handle = openDatabase(database.url);
    db = handle.db;
    await migrateToLatest(db, handle.dialect);
    const meta = { ip: '198.51.100.4', userAgent: 'Firefox' };
    const base = Date.now() - 60_000;
    const failed = await storeContactMessage(
      db,
      { name: 'Failed Fiona', email: 'fiona@example.com', subject: 'Refund please', message: 'Line one\nLine two' },
      meta,
      ['webhook'],
      1000,
      base,
    );
    const delivered = await storeContactMessage(
      db,
      { name: 'Delivered Dev', email: 'dev@example.com', subject: 'Thanks', message: 'All good' },
      meta,
      ['webhook'],
      86_400_000,
      base + 1000,
    );
    const storedOnly = await storeContactMessage(
      db,
      { name: 'Stored Sam', email: 'sam@example.com', subject: 'Hello', message: 'Anyone?' },
      meta,
      [],
      86_400_000,
      base + 2000,
    );
    Object.assign(ids, { failed: failed.id, delivered: delivered.id, storedOnly: storedOnly.id });
    const claimed = await claimDue(db, dialect, { channel: 'webhook', now: Date.now(), limit: 10, leaseMs: 10_000, worker: 'test' });
    const now = Date.now();
    for (const { delivery } of claimed) {
      const record = { startedAt: now, durationMs: 12, worker: 'test' };
      if (delivery.messageId === failed.id) {
        await markAttemptFailed(
          db,
          contactQueue,
          delivery,
          { ...record, outcome: 'failed', statusCode: 404, error: 'HTTP 404: Unknown Webhook' },
          { nextAttemptAt: now, final: true, now },
        );
      } else {
        await markDelivered(db, contactQueue, delivery, { ...record, outcome: 'delivered', statusCode: 204, error: null }, now);
      }
    }
  });
  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  it('lists messages newest first with their delivery state', async () => {
    const { code, stdout } = await spawnedContactCli(['list'], env);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+RECEIVED\s+FROM\s+SUBJECT\s+DELIVERY$/);
    expect(lines[1]).toContain(ids.storedOnly.slice(0, 8));
    expect(lines[1]).toContain('stored only (no channel)');
    expect(lines[2]).toContain(ids.delivered.slice(0, 8));
    expect(lines[2]).toContain('webhook delivered');
    expect(lines[3]).toContain(ids.failed.slice(0, 8));
    expect(lines[3]).toContain('Failed Fiona <fiona@example.com>');
    expect(lines[3]).toContain('webhook FAILED (1 attempt)');
    expect(stdout).toContain('3 messages, newest first');
  });

  it('lists only the failed ones with --failed', async () => {
    const { code, stdout } = await contactCli(['list', '--failed'], env);
    expect(code).toBe(0);
    expect(stdout).toContain(ids.failed.slice(0, 8));
    expect(stdout).not.toContain(ids.delivered.slice(0, 8));
    expect(stdout).toContain('1 message with a failed delivery');
  });

  it('shows one message in full with its attempts, by a prefix of its id', async () => {
    const { code, stdout } = await contactCli(['show', ids.failed.slice(0, 8)], env);
    expect(code).toBe(0);
    expect(stdout).toContain(`Message ${ids.failed}`);
    expect(stdout).toContain('From:     Failed Fiona <fiona@example.com>');
    expect(stdout).toContain('IP:       198.51.100.4  (Firefox)');
    expect(stdout).toContain('Line one\nLine two');
    expect(stdout).toContain('webhook FAILED (1 attempt); last error: HTTP 404: Unknown Webhook');
    expect(stdout).toMatch(/webhook\s+#1\s+failed\s+12 ms\s+HTTP 404: Unknown Webhook/);
  });

  it('retries a failed message with a fresh window, and --failed finds none left', async () => {
    const before = Date.now();
    const { code, stdout } = await contactCli(['retry', ids.failed], env);
    expect(code).toBe(0);
    expect(stdout).toContain(`Message ${ids.failed} queued again for webhook`);
    const delivery = await db.selectFrom('contact_deliveries').selectAll().where('message_id', '=', ids.failed).executeTakeFirstOrThrow();
    expect(delivery.status).toBe('pending');
    expect(delivery.next_attempt_at).toBeGreaterThanOrEqual(before);
    expect(delivery.expires_at).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    const again = await contactCli(['retry', '--failed'], env);
    expect(again).toMatchObject({ code: 0, stdout: 'No message has a failed delivery.\n' });
  });

  it('retries every failed message with --failed', async () => {
    const { code, stdout } = await contactCli(['retry', '--failed'], env);
    expect(code).toBe(0);
    expect(stdout).toContain(`${ids.failed.slice(0, 8)}  queued again: webhook`);
    expect(stdout).toContain('1 message queued again');
  });

  it('queues a stored-only message for the channels configured here', async () => {
    const refused = await contactCli(['retry', ids.storedOnly], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('no channel is configured here');
    const queued = await contactCli(['retry', ids.storedOnly], { ...env, CONTACT_WEBHOOK_URL: 'http://127.0.0.1:9/hook' });
    expect(queued.code).toBe(0);
    expect(queued.stdout).toContain('queued again for webhook');
    const delivery = await db.selectFrom('contact_deliveries').selectAll().where('message_id', '=', ids.storedOnly).executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ channel: 'webhook', status: 'pending', attempts: 0 });
  });

  it('says there is nothing to retry for a delivered message', async () => {
    const { code, stdout } = await contactCli(['retry', ids.delivered], env);
    expect(code).toBe(0);
    expect(stdout).toContain('Nothing to retry');
  });

  it('purges delivered and stored-only messages past the given age, and keeps undelivered ones', async () => {
    const countOf = async (table: 'contact_messages' | 'contact_deliveries' | 'contact_delivery_attempts') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Nothing is old enough yet.
    expect(await contactCli(['purge', '--older-than', '30'], env)).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Deleted 0 messages older than 30 days'),
    });
    expect(await countOf('contact_messages')).toBe(3);

    // All three were received 40 days ago; a fourth, recent one stays whatever it is.
    await db
      .updateTable('contact_messages')
      .set({ created_at: Date.now() - 40 * 86_400_000 })
      .execute();
    const recent = await storeContactMessage(
      db,
      { name: 'New Nia', email: 'nia@example.com', subject: 'Hi', message: 'Recent' },
      { ip: '198.51.100.5', userAgent: undefined },
      [],
      86_400_000,
    );
    const { code, stdout } = await contactCli(['purge', '--older-than', '30'], env);
    expect(code).toBe(0);
    expect(stdout).toContain('Deleted 2 messages older than 30 days.');
    expect(stdout).toContain('Kept 1 as old whose delivery is pending or failed');
    const left = await db.selectFrom('contact_messages').select('id').orderBy('created_at').execute();
    expect(left.map((r) => r.id)).toEqual([ids.failed, recent.id]);
    // The delivered message's delivery and attempt went with it; the failed one's stay.
    expect(await countOf('contact_deliveries')).toBe(1);
    expect(await countOf('contact_delivery_attempts')).toBe(1);

    // By default the configured retention applies; 0 means keep everything and asks for a number.
    expect(await contactCli(['purge'], { ...env, CONTACT_RETENTION_DAYS: '0' })).toMatchObject({ code: 2, stderr: expect.stringContaining('--older-than') });
    expect(await contactCli(['purge', '--older-than', 'soon'], env)).toMatchObject({ code: 2 });
    expect(await contactCli(['purge'], { ...env, CONTACT_RETENTION_DAYS: '400' })).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Deleted 0 messages older than 400 days'),
    });
  });

  it('exits non-zero on errors', async () => {
    expect(await contactCli(['show', 'ffffffff'], env)).toMatchObject({ code: 1, stderr: expect.stringContaining('No contact message with id ffffffff') });
    expect(await contactCli(['show'], env)).toMatchObject({ code: 2 });
    expect(await spawnedContactCli(['frobnicate'], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown command frobnicate') });
    expect(await contactCli(['list', '--limit', 'x'], env)).toMatchObject({ code: 2 });
    expect(await spawnedContactCli(['list'], { DATABASE_URL: 'mysql://nope' })).toMatchObject({ code: 1, stderr: expect.stringContaining('DATABASE_URL') });
  });
});
