import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { containsPattern } from '../db/like-pattern.ts';
import {
  type ContactAttempt,
  type ContactDelivery,
  type ContactMessage,
  newDelivery,
  type StoredMessage,
  toAttempt,
  toDelivery,
  toMessage,
  toStored,
} from './contact-repository.ts';
import type { ContactChannelName } from './contact-tables.ts';

// Contact messages for operators (the CLI and the staff console): lists, searches, retries.

export interface MessageSummary {
  message: StoredMessage;
  deliveries: ContactDelivery[];
}

/** Which messages a list shows; every condition given must hold. */
export interface MessageFilter {
  /** Only messages with a delivery that failed for good. */
  failed?: boolean;
  /**
   * Only answered (true) or unanswered (false) messages: answered once a person of the team
   * answered its conversation or resolved it (or, before conversations, marked it answered).
   */
  answered?: boolean;
  /**
   * Words that must each appear in the name, e-mail, subject or text, ignoring case (SQLite's
   * LIKE folds ASCII letters only; PostgreSQL's ILIKE folds every letter). `%`, `_` and `\`
   * match themselves. Needs the dialect.
   */
  words?: readonly string[];
  dialect?: Dialect;
}

const searchedColumns = ['name', 'email', 'subject', 'message'] as const;

function matching(eb: ExpressionBuilder<Database, 'contact_messages'>, filter: MessageFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.failed) {
    conditions.push(
      eb.exists(eb.selectFrom('contact_deliveries as d').select('d.id').whereRef('d.message_id', '=', 'contact_messages.id').where('d.status', '=', 'failed')),
    );
  }
  if (filter.answered !== undefined) {
    const answered = eb.or([
      eb('contact_messages.answered_at', 'is not', null),
      eb.exists(
        eb
          .selectFrom('support_conversations as c')
          .select('c.id')
          .whereRef('c.contact_message_id', '=', 'contact_messages.id')
          .where((c) => c.or([c('c.first_answer_at', 'is not', null), c('c.state', '=', 'resolved')])),
      ),
    ]);
    conditions.push(filter.answered ? answered : eb.not(answered));
  }
  const operator = filter.dialect === 'postgres' ? 'ilike' : 'like';
  for (const word of filter.words ?? []) {
    const pattern = sql<string>`${containsPattern(word)} escape '\\'`;
    conditions.push(eb.or(searchedColumns.map((column) => eb(`contact_messages.${column}`, operator, pattern))));
  }
  return eb.and(conditions);
}

/**
 * Newest first (ties by id), one page: `before` is the last message of the previous page.
 * Reads one more row than `limit` to know whether another page follows.
 */
export async function listMessages(
  db: Kysely<Database>,
  options: MessageFilter & { limit: number; before?: { createdAt: number; id: string } },
): Promise<MessageSummary[]> {
  let query = db
    .selectFrom('contact_messages')
    .selectAll()
    .where((eb) => matching(eb, options))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(options.limit);
  const before = options.before;
  if (before) {
    query = query.where((eb) => eb.or([eb('created_at', '<', before.createdAt), eb.and([eb('created_at', '=', before.createdAt), eb('id', '>', before.id)])]));
  }
  const messages = (await query.execute()).map(toStored);
  return withDeliveries(db, messages);
}

/** How many messages the filter matches. */
export async function countMessages(db: Kysely<Database>, filter: MessageFilter): Promise<number> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where((eb) => matching(eb, filter))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One message by its full id. */
export async function messageById(db: Kysely<Database>, id: string): Promise<StoredMessage | undefined> {
  const row = await db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/** Finds a message by its id or a unique prefix of it (as `list` prints them). */
export async function findMessage(db: Kysely<Database>, idOrPrefix: string): Promise<ContactMessage | 'ambiguous' | undefined> {
  const prefix = idOrPrefix.toLowerCase();
  if (!/^[0-9a-f-]{1,36}$/.test(prefix)) return undefined;
  const rows = (await db.selectFrom('contact_messages').selectAll().where('id', 'like', `${prefix}%`).limit(2).execute()).map(toMessage);
  const exact = rows.find((r) => r.id === prefix);
  if (exact) return exact;
  if (rows.length > 1) return 'ambiguous';
  return rows[0];
}

export async function deliveriesOf(db: Kysely<Database>, messageId: string): Promise<ContactDelivery[]> {
  return (await db.selectFrom('contact_deliveries').selectAll().where('message_id', '=', messageId).orderBy('channel').execute()).map(toDelivery);
}

export async function attemptsOf(db: Kysely<Database>, messageId: string): Promise<ContactAttempt[]> {
  return (await db.selectFrom('contact_delivery_attempts').selectAll().where('message_id', '=', messageId).orderBy('started_at').orderBy('id').execute()).map(
    toAttempt,
  );
}

/**
 * Puts a message's undelivered deliveries back in the queue, due now, with a fresh 24 h
 * window, and adds a delivery for each given channel it lacks. With `only`, does that for that
 * one channel. Returns the deliveries queued.
 */
export async function retryMessage(
  db: Kysely<Database>,
  messageId: string,
  channels: readonly ContactChannelName[],
  now: number,
  maxAgeMs: number,
  options: { only?: ContactChannelName } = {},
): Promise<ContactChannelName[]> {
  const wanted = (channel: ContactChannelName) => options.only === undefined || options.only === channel;
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('contact_deliveries').selectAll().where('message_id', '=', messageId).execute();
    const queued: ContactChannelName[] = [];
    for (const delivery of existing) {
      if (delivery.status === 'delivered' || !wanted(delivery.channel)) continue;
      await trx
        .updateTable('contact_deliveries')
        .set({ status: 'pending', next_attempt_at: now, expires_at: now + maxAgeMs, claimed_until: null, claimed_by: null, updated_at: now })
        .where('id', '=', delivery.id)
        .execute();
      queued.push(delivery.channel);
    }
    for (const channel of channels) {
      if (existing.some((d) => d.channel === channel) || !wanted(channel)) continue;
      await trx
        .insertInto('contact_deliveries')
        .values(newDelivery(messageId, channel, now, now + maxAgeMs))
        .execute();
      queued.push(channel);
    }
    return queued;
  });
}

/** Ids of every message with a delivery that failed for good. */
export async function failedMessageIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('contact_deliveries').select('message_id').distinct().where('status', '=', 'failed').execute();
  return rows.map((r) => r.message_id);
}

async function withDeliveries(db: Kysely<Database>, messages: StoredMessage[]): Promise<MessageSummary[]> {
  if (messages.length === 0) return [];
  const deliveries = (
    await db
      .selectFrom('contact_deliveries')
      .selectAll()
      .where(
        'message_id',
        'in',
        messages.map((m) => m.id),
      )
      .orderBy('channel')
      .execute()
  ).map(toDelivery);
  return messages.map((message) => ({ message, deliveries: deliveries.filter((d) => d.messageId === message.id) }));
}
