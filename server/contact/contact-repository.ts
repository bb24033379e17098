import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { containsPattern } from '../db/like-pattern.ts';
import {
  claimDue as claimDueDeliveries,
  type DeliveryState,
  type OutboxQueue,
  pendingBacklog,
  pendingDelivery,
  toDeliveryState,
} from '../outbox/outbox-repository.ts';
import type { AttemptRecord } from '../outbox/outbox-tables.ts';
import type { ContactChannelName, ContactDeliveriesTable, ContactDeliveryAttemptsTable, ContactMessagesTable } from './contact-tables.ts';

/** A stored contact message. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The sender's address as the server saw it. */
  ip: string;
  userAgent: string | null;
  createdAt: number;
}

/** A message as stored, with what the staff console keeps about it. */
export interface StoredMessage extends ContactMessage {
  /** When a staff member marked it answered; null while unanswered. */
  answeredAt: number | null;
  /** Their e-mail as it was then. */
  answeredBy: string | null;
}

/** One channel's delivery of one message: its state in the outbox. */
export interface ContactDelivery extends DeliveryState {
  id: number;
  messageId: string;
  channel: ContactChannelName;
  updatedAt: number;
}

/** One delivery attempt, kept for operators. */
export interface ContactAttempt extends AttemptRecord {
  id: number;
  deliveryId: number;
  messageId: string;
  channel: ContactChannelName;
  attempt: number;
}

/** A claimed delivery with the message it carries. */
export interface ClaimedDelivery {
  delivery: ContactDelivery;
  message: ContactMessage;
}

const toMessage = (r: Selectable<ContactMessagesTable>): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  ip: r.ip,
  userAgent: r.user_agent,
  createdAt: r.created_at,
});

const toStored = (r: Selectable<ContactMessagesTable>): StoredMessage => ({
  ...toMessage(r),
  answeredAt: r.answered_at === null ? null : Number(r.answered_at),
  answeredBy: r.answered_by,
});

const toDelivery = (r: Selectable<ContactDeliveriesTable>): ContactDelivery => ({
  id: r.id,
  messageId: r.message_id,
  channel: r.channel,
  ...toDeliveryState(r),
  updatedAt: r.updated_at,
});

const toAttempt = (r: Selectable<ContactDeliveryAttemptsTable>): ContactAttempt => ({
  id: r.id,
  deliveryId: r.delivery_id,
  messageId: r.message_id,
  channel: r.channel,
  attempt: r.attempt,
  outcome: r.outcome,
  statusCode: r.status_code,
  error: r.error,
  startedAt: r.started_at,
  durationMs: r.duration_ms,
  worker: r.worker,
});

/**
 * Stores a message and one pending delivery per channel in one transaction: once this
 * returns, the message is safe whatever happens to the process.
 */
export async function insertMessage(
  db: Kysely<Database>,
  message: ContactMessage,
  channels: readonly ContactChannelName[],
  expiresAt: number,
  alsoInTransaction?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('contact_messages')
      .values({
        id: message.id,
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
        ip: message.ip,
        user_agent: message.userAgent,
        created_at: message.createdAt,
      })
      .execute();
    await alsoInTransaction?.(trx);
    if (channels.length === 0) return;
    await trx
      .insertInto('contact_deliveries')
      .values(channels.map((channel) => newDelivery(message.id, channel, message.createdAt, expiresAt)))
      .execute();
  });
}

function newDelivery(messageId: string, channel: ContactChannelName, now: number, expiresAt: number) {
  return { message_id: messageId, channel, ...pendingDelivery(now, expiresAt) };
}

/**
 * Gives messages stored since `since` a delivery for each channel they lack (a channel
 * configured after they arrived, or none configured then). Idempotent.
 */
export async function addMissingDeliveries(
  db: Kysely<Database>,
  channels: readonly ContactChannelName[],
  since: number,
  now: number,
  maxAgeMs: number,
): Promise<number> {
  let added = 0;
  for (const channel of channels) {
    const missing = await db
      .selectFrom('contact_messages as m')
      .select(['m.id', 'm.created_at'])
      .where('m.created_at', '>=', since)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('contact_deliveries as d').select('d.id').whereRef('d.message_id', '=', 'm.id').where('d.channel', '=', channel))),
      )
      .execute();
    for (const row of missing) {
      const result = await db
        .insertInto('contact_deliveries')
        .values(newDelivery(row.id, channel, now, row.created_at + maxAgeMs))
        .onConflict((oc) => oc.columns(['message_id', 'channel']).doNothing())
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return added;
}

/** The contact outbox's tables, for the shared delivery bookkeeping (server/outbox/outbox-repository.ts). */
export const contactQueue: OutboxQueue<ContactDelivery, 'contact_delivery_attempts'> = {
  deliveries: 'contact_deliveries',
  attempts: 'contact_delivery_attempts',
  attemptOwner: (delivery) => ({ delivery_id: delivery.id, message_id: delivery.messageId }),
};

/**
 * Claims up to `limit` due deliveries of one channel for `worker` until now + leaseMs, with
 * their messages (the shared claim: FOR UPDATE SKIP LOCKED on PostgreSQL).
 */
export async function claimDue(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { channel: ContactChannelName; now: number; limit: number; leaseMs: number; worker: string },
): Promise<ClaimedDelivery[]> {
  return claimDueDeliveries(db, dialect, 'contact_deliveries', options, async (trx, ids) => {
    const deliveries = (await trx.selectFrom('contact_deliveries').selectAll().where('id', 'in', ids).execute()).map(toDelivery);
    const messages = await trx
      .selectFrom('contact_messages')
      .selectAll()
      .where(
        'id',
        'in',
        deliveries.map((d) => d.messageId),
      )
      .execute();
    const byId = new Map(messages.map((m) => [m.id, toMessage(m)]));
    return deliveries
      .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id)
      .map((delivery) => ({ delivery, message: byId.get(delivery.messageId)! }));
  });
}

// ----- For operators (the CLI and the staff console) -----

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

/**
 * Deletes the messages received before `before` that need nothing more: delivered to every
 * channel, or stored only. A message with a delivery still pending or failed is kept, since it
 * has not reached anyone yet. Deliveries and attempts go with their message (foreign keys
 * cascade). Returns how many were deleted, and how many that old were kept for that reason.
 */
export async function purgeMessages(db: Kysely<Database>, before: number): Promise<{ deleted: number; kept: number }> {
  return db.transaction().execute(async (trx) => {
    const open = trx.selectFrom('contact_deliveries').select('message_id').where('status', '!=', 'delivered');
    const result = await trx.deleteFrom('contact_messages').where('created_at', '<', before).where('id', 'not in', open).executeTakeFirst();
    const left = await trx
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('created_at', '<', before)
      .executeTakeFirstOrThrow();
    return { deleted: Number(result.numDeletedRows), kept: Number(left.count) };
  });
}

/** Ids of every message with a delivery that failed for good. */
export async function failedMessageIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('contact_deliveries').select('message_id').distinct().where('status', '=', 'failed').execute();
  return rows.map((r) => r.message_id);
}

/** Per channel: deliveries still pending and when the oldest of them was stored (for metrics and readiness). */
export async function outboxBacklog(db: Kysely<Database>): Promise<{ channel: ContactChannelName; pending: number; oldestCreatedAt: number | null }[]> {
  return pendingBacklog(db, 'contact_deliveries');
}
