import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database, Db } from '../db/schema.ts';
import { claimDue, type DeliveryState, type OutboxQueue, pendingDelivery, toDeliveryState } from '../outbox/outbox-repository.ts';
import type { StockMailKind, StockWatchTable } from './stock-tables.ts';

export interface StockWatch {
  id: number;
  email: string;
  line: string;
  plan: string;
  location: string;
  createdAt: number;
  confirmedAt: number | null;
  notifiedAt: number | null;
}

/** One mail of the "tell me" queue, as the outbox claims it: what it is and the request it is for. */
export interface StockMail extends DeliveryState {
  id: number;
  channel: 'email';
  kind: StockMailKind;
  watch: StockWatch;
}

const toWatch = (r: Selectable<StockWatchTable>): StockWatch => ({
  id: Number(r.id),
  email: r.email,
  line: r.line_id,
  plan: r.plan_id,
  location: r.location_id,
  createdAt: Number(r.created_at),
  confirmedAt: r.confirmed_at === null ? null : Number(r.confirmed_at),
  notifiedAt: r.notified_at === null ? null : Number(r.notified_at),
});

export const stockMailQueue: OutboxQueue<StockMail, 'stock_mail_attempts'> = {
  deliveries: 'stock_mail_deliveries',
  attempts: 'stock_mail_attempts',
  attemptOwner: (mail) => ({ delivery_id: mail.id }),
};

async function queue(trx: Db, watchId: number, kind: StockMailKind, now: number, maxAgeMs: number): Promise<void> {
  await trx
    .insertInto('stock_mail_deliveries')
    .values({ watch_id: watchId, kind, channel: 'email', ...pendingDelivery(now, now + maxAgeMs) })
    .execute();
}

/**
 * Records a request and queues its confirmation, unless the address already waits for this plan
 * there (confirmed, not yet told) or had `maxPerDay` requests in the last day: then nothing.
 * Returns whether a confirmation was queued.
 */
export async function requestWatch(
  db: Kysely<Database>,
  input: { email: string; line: string; plan: string; location: string },
  options: { now: number; maxAgeMs: number; maxPerDay: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom('stock_watch')
      .select('id')
      .where('email', '=', input.email)
      .where('line_id', '=', input.line)
      .where('plan_id', '=', input.plan)
      .where('location_id', '=', input.location)
      .where('confirmed_at', 'is not', null)
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    if (waiting) return false;
    const today = await trx
      .selectFrom('stock_watch')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('email', '=', input.email)
      .where('created_at', '>', options.now - 24 * 60 * 60 * 1000)
      .executeTakeFirst();
    if (Number(today?.n ?? 0) >= options.maxPerDay) return false;
    const row = await trx
      .insertInto('stock_watch')
      .values({
        email: input.email,
        line_id: input.line,
        plan_id: input.plan,
        location_id: input.location,
        created_at: options.now,
        confirmed_at: null,
        notified_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queue(trx, Number(row.id), 'confirm', options.now, options.maxAgeMs);
    return true;
  });
}

export async function watchById(db: Db, id: number): Promise<StockWatch | undefined> {
  const row = await db.selectFrom('stock_watch').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toWatch(row) : undefined;
}

export async function confirmWatch(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('stock_watch').set({ confirmed_at: now }).where('id', '=', id).where('confirmed_at', 'is', null).execute();
}

/** Confirmed requests nobody has told yet. */
export async function waitingWatches(db: Db): Promise<StockWatch[]> {
  const rows = await db.selectFrom('stock_watch').selectAll().where('confirmed_at', 'is not', null).where('notified_at', 'is', null).execute();
  return rows.map(toWatch);
}

/**
 * Marks a request told and queues its one "it is back" mail, in one transaction; the mark is
 * made only where none was, so of instances doing this together exactly one queues the mail.
 */
export async function notifyWatch(db: Kysely<Database>, id: number, now: number, maxAgeMs: number): Promise<boolean> {
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const marked = await trx.updateTable('stock_watch').set({ notified_at: now }).where('id', '=', id).where('notified_at', 'is', null).executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    await queue(trx, id, 'back', now, maxAgeMs);
    return true;
  });
}

/** Requests never confirmed by `unconfirmedBefore`, and told ones older than `toldBefore`: deleted with their mail. */
export async function purgeWatches(db: Db, unconfirmedBefore: number, toldBefore: number): Promise<number> {
  const a = await db.deleteFrom('stock_watch').where('confirmed_at', 'is', null).where('created_at', '<', unconfirmedBefore).executeTakeFirst();
  const b = await db.deleteFrom('stock_watch').where('notified_at', 'is not', null).where('notified_at', '<', toldBefore).executeTakeFirst();
  return Number(a.numDeletedRows) + Number(b.numDeletedRows);
}

export async function claimDueStockMail(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { now: number; limit: number; leaseMs: number; worker: string },
): Promise<StockMail[]> {
  return claimDue(db, dialect, 'stock_mail_deliveries', { ...options, channel: 'email' }, async (trx, ids) => {
    const rows = await trx
      .selectFrom('stock_mail_deliveries as d')
      .innerJoin('stock_watch as w', 'w.id', 'd.watch_id')
      .selectAll('d')
      .select(['w.email', 'w.line_id', 'w.plan_id', 'w.location_id', 'w.created_at as watch_created_at', 'w.confirmed_at', 'w.notified_at'])
      .where('d.id', 'in', ids)
      .orderBy('d.id')
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      channel: r.channel,
      kind: r.kind,
      watch: toWatch({
        id: r.watch_id,
        email: r.email,
        line_id: r.line_id,
        plan_id: r.plan_id,
        location_id: r.location_id,
        created_at: r.watch_created_at,
        confirmed_at: r.confirmed_at,
        notified_at: r.notified_at,
      } as Selectable<StockWatchTable>),
      ...toDeliveryState(r),
    }));
  });
}
