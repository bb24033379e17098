import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { DeliveryStatus, OutboxAttemptColumns, OutboxDeliveryColumns } from './outbox-tables.ts';
import type { AttemptRecord } from './outbox-tables.ts';

/**
 * The outbox's delivery bookkeeping in SQL, once for every queue (contact deliveries, status
 * notifications): claims, outcomes with their attempt rows, releases, the next due time and the
 * backlog. Each function is told which of a queue's tables it works on; the queue's repository
 * keeps what is its own (which rows to queue, what a claimed row carries).
 */

/**
 * The tables of the database that have every delivery column of the outbox. A query on this
 * union is checked against the columns they share, so one function serves every queue.
 */
export type DeliveryTable = { [T in keyof Database]: Database[T] extends OutboxDeliveryColumns ? T : never }[keyof Database];
/** The tables of the database that have every attempt column of the outbox. */
export type AttemptTable = { [T in keyof Database]: Database[T] extends OutboxAttemptColumns ? T : never }[keyof Database];
/** A channel name of any queue. */
export type DeliveryChannel = Database[DeliveryTable]['channel'];

/** What an attempt row of table `A` has besides the outbox's columns: what ties it to its delivery. */
export type AttemptOwner<A extends AttemptTable> = Omit<Insertable<Database[A]>, keyof OutboxAttemptColumns>;

/** What the bookkeeping reads of a queue's delivery. */
export interface QueuedDelivery {
  id: number;
  channel: DeliveryChannel;
  /** Attempts made so far. */
  attempts: number;
}

/** One queue's tables, and the columns its attempt rows fill from the delivery. */
export interface OutboxQueue<Delivery extends QueuedDelivery, A extends AttemptTable = AttemptTable> {
  deliveries: DeliveryTable;
  attempts: A;
  attemptOwner(delivery: Delivery): AttemptOwner<A>;
}

/** A delivery's state in its queue, as each queue's repository returns it beside its own fields. */
export interface DeliveryState {
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  /** After this, a failure is final. */
  expiresAt: number;
  claimedUntil: number | null;
  claimedBy: string | null;
  lastError: string | null;
  deliveredAt: number | null;
  createdAt: number;
}

export const toDeliveryState = (r: Selectable<OutboxDeliveryColumns>): DeliveryState => ({
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: Number(r.next_attempt_at),
  expiresAt: Number(r.expires_at),
  claimedUntil: r.claimed_until === null ? null : Number(r.claimed_until),
  claimedBy: r.claimed_by,
  lastError: r.last_error,
  deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
  createdAt: Number(r.created_at),
});

/** The delivery columns of a row just queued: pending, due `now`, failing for good after `expiresAt`. */
export function pendingDelivery(now: number, expiresAt: number) {
  return {
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: now,
    expires_at: expiresAt,
    claimed_until: null,
    claimed_by: null,
    last_error: null,
    delivered_at: null,
    created_at: now,
    updated_at: now,
  };
}

export interface ClaimOptions {
  channel: DeliveryChannel;
  now: number;
  limit: number;
  leaseMs: number;
  worker: string;
}

/**
 * Claims up to `limit` due deliveries of one channel for `worker` until now + leaseMs, and
 * reads them (`read`, in the same transaction, given the claimed ids). On PostgreSQL the rows
 * are locked with FOR UPDATE SKIP LOCKED, so instances never claim the same row; a row whose
 * lease ran out (its claimer died) is due again.
 */
export async function claimDue<Job>(
  db: Kysely<Database>,
  dialect: Dialect,
  table: DeliveryTable,
  options: ClaimOptions,
  read: (trx: Transaction<Database>, ids: number[]) => Promise<Job[]>,
): Promise<Job[]> {
  const { channel, now, limit, leaseMs, worker } = options;
  return db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom(table)
      .select('id')
      .where('status', '=', 'pending')
      .where('channel', '=', channel)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit);
    if (dialect === 'postgres') due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    await trx
      .updateTable(table)
      .set({ claimed_until: now + leaseMs, claimed_by: worker, updated_at: now })
      .where('id', 'in', ids)
      .execute();
    return read(trx, ids);
  });
}

async function insertAttempt<Delivery extends QueuedDelivery>(
  trx: Transaction<Database>,
  queue: OutboxQueue<Delivery>,
  delivery: Delivery,
  attempt: number,
  record: AttemptRecord,
): Promise<void> {
  await trx
    .insertInto(queue.attempts)
    .values({
      ...queue.attemptOwner(delivery),
      channel: delivery.channel,
      attempt,
      outcome: record.outcome,
      status_code: record.statusCode,
      error: record.error,
      started_at: record.startedAt,
      duration_ms: record.durationMs,
      worker: record.worker,
    })
    .execute();
}

/** Marks a delivery done (right after the channel accepted it) and records the attempt. */
export async function markDelivered<Delivery extends QueuedDelivery>(
  db: Kysely<Database>,
  queue: OutboxQueue<Delivery>,
  delivery: Delivery,
  record: AttemptRecord,
  now: number,
): Promise<void> {
  const attempt = delivery.attempts + 1;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable(queue.deliveries)
      .set({ status: 'delivered', attempts: attempt, delivered_at: now, claimed_until: null, claimed_by: null, last_error: null, updated_at: now })
      .where('id', '=', delivery.id)
      .execute();
    await insertAttempt(trx, queue, delivery, attempt, record);
  });
}

/**
 * Records a failed attempt: the delivery is due again at `nextAttemptAt`, or, when `final`,
 * marked failed for good.
 */
export async function markAttemptFailed<Delivery extends QueuedDelivery>(
  db: Kysely<Database>,
  queue: OutboxQueue<Delivery>,
  delivery: Delivery,
  record: AttemptRecord,
  options: { nextAttemptAt: number; final: boolean; now: number },
): Promise<void> {
  const attempt = delivery.attempts + 1;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable(queue.deliveries)
      .set({
        status: options.final ? 'failed' : 'pending',
        attempts: attempt,
        next_attempt_at: options.nextAttemptAt,
        claimed_until: null,
        claimed_by: null,
        last_error: record.error,
        updated_at: options.now,
      })
      .where('id', '=', delivery.id)
      .execute();
    await insertAttempt(trx, queue, delivery, attempt, record);
  });
}

/** Hands claimed rows back without an attempt (the channel is paused, or the worker stops). */
export async function releaseClaims(db: Kysely<Database>, table: DeliveryTable, ids: readonly number[], notBefore: number, now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable(table)
    // Claimed rows were due (next_attempt_at <= now <= notBefore), so this only moves them later.
    .set({ claimed_until: null, claimed_by: null, next_attempt_at: notBefore, updated_at: now })
    .where('id', 'in', [...ids])
    .where('status', '=', 'pending')
    .execute();
}

/** Frees every claim (SQLite runs one instance, so any claim at start-up is a dead process's). */
export async function releaseAllClaims(db: Kysely<Database>, table: DeliveryTable, now: number): Promise<number> {
  const result = await db
    .updateTable(table)
    .set({ claimed_until: null, claimed_by: null, updated_at: now })
    .where('claimed_until', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The soonest time a pending delivery of the channel is due, if any. */
export async function nextDueAt(db: Kysely<Database>, table: DeliveryTable, channel: DeliveryChannel): Promise<number | undefined> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('status', '=', 'pending')
    .where('channel', '=', channel)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? undefined : Number(row.next);
}

/** Per channel: deliveries still pending and when the oldest of them was queued (metrics, readiness). */
export async function pendingBacklog<T extends DeliveryTable>(
  db: Kysely<Database> | Transaction<Database>,
  table: T,
): Promise<{ channel: Database[T]['channel']; pending: number; oldestCreatedAt: number | null }[]> {
  const rows = await db
    .selectFrom(table as DeliveryTable)
    .select((eb) => ['channel', eb.fn.countAll<number | string>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .groupBy('channel')
    .execute();
  return rows.map((r) => ({
    channel: r.channel as Database[T]['channel'],
    pending: Number(r.pending),
    oldestCreatedAt: r.oldest === null ? null : Number(r.oldest),
  }));
}
