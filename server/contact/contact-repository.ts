import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
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

export const toMessage = (r: Selectable<ContactMessagesTable>): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  ip: r.ip,
  userAgent: r.user_agent,
  createdAt: r.created_at,
});

export const toStored = (r: Selectable<ContactMessagesTable>): StoredMessage => ({
  ...toMessage(r),
  answeredAt: r.answered_at === null ? null : Number(r.answered_at),
  answeredBy: r.answered_by,
});

export const toDelivery = (r: Selectable<ContactDeliveriesTable>): ContactDelivery => ({
  id: r.id,
  messageId: r.message_id,
  channel: r.channel,
  ...toDeliveryState(r),
  updatedAt: r.updated_at,
});

export const toAttempt = (r: Selectable<ContactDeliveryAttemptsTable>): ContactAttempt => ({
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

export function newDelivery(messageId: string, channel: ContactChannelName, now: number, expiresAt: number) {
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

/** Per channel: deliveries still pending and when the oldest of them was stored (for metrics and readiness). */
export async function outboxBacklog(db: Kysely<Database>): Promise<{ channel: ContactChannelName; pending: number; oldestCreatedAt: number | null }[]> {
  return pendingBacklog(db, 'contact_deliveries');
}
