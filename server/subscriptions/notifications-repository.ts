import type { Kysely, Selectable, Transaction } from 'kysely';
import type { SubscriptionChannel } from '../../contracts/subscriptions-rules.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { claimDue, type DeliveryState, type OutboxQueue, pendingBacklog, pendingDelivery, toDeliveryState } from '../outbox/outbox-repository.ts';
import type { StatusEvent } from '../status-events/status-event-map.ts';
import { previousStatusEvent, statusEventsAfter, statusEventsByIds, statusEventWaiting } from '../status-events/status-events-repository.ts';
import { confirmedSubscriptions, toSubscription, type Subscription } from './subscriptions-repository.ts';
import type { SubscriptionNotificationTable } from './subscriptions-tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One notification's delivery state in the queue. */
export interface NotificationDelivery extends DeliveryState {
  id: number;
  subscriptionId: number;
  eventId: number | null;
  kind: string;
  channel: SubscriptionChannel;
}

/** A claimed notification with what it needs to be written: its subscriber and its event. */
export interface ClaimedNotification {
  delivery: NotificationDelivery;
  subscription: Subscription;
  /** Null for a confirmation request, or when the event is no longer stored. */
  event: StatusEvent | null;
}

const toDelivery = (r: Selectable<SubscriptionNotificationTable>): NotificationDelivery => ({
  id: Number(r.id),
  subscriptionId: Number(r.subscription_id),
  eventId: r.event_id === null ? null : Number(r.event_id),
  kind: r.kind,
  channel: r.channel,
  ...toDeliveryState(r),
});

/** Decides who hears of an event (the service's rule), given the event before it about the same subject. */
export type Audience = (event: StatusEvent, previous: StatusEvent | undefined, subscriptions: readonly Subscription[]) => readonly Subscription[];

/**
 * Fans the next events of the log out to notification rows, in one transaction with the cursor
 * that says how far the log has been read: the cursor row is locked (FOR UPDATE on PostgreSQL;
 * SQLite has one writer), the rows are inserted (at most one per subscription and event, by a
 * unique key), and the cursor moves past the events. Run by any number of instances, each event
 * is fanned out exactly once. Returns how many events were read and rows created.
 */
export async function fanOutEvents(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { limit: number; now: number; expiresAt: number; audience: Audience },
): Promise<{ events: number; created: number }> {
  const { now } = options;
  return db.transaction().execute(async (trx) => {
    let cursorQuery = trx.selectFrom('subscription_cursor').select('last_event_id').where('name', '=', 'notifications');
    if (dialect === 'postgres') cursorQuery = cursorQuery.forUpdate();
    const cursor = await cursorQuery.executeTakeFirstOrThrow();
    const events = await statusEventsAfter(trx, Number(cursor.last_event_id), options.limit);
    if (events.length === 0) return { events: 0, created: 0 };
    const subscriptions = await confirmedSubscriptions(trx);
    let created = 0;
    for (const event of events) {
      const previous = subscriptions.length ? await previousStatusEvent(trx, event) : undefined;
      const audience = subscriptions.length ? options.audience(event, previous, subscriptions) : [];
      for (let i = 0; i < audience.length; i += 500) {
        const rows = audience.slice(i, i + 500).map((s) => ({
          subscription_id: s.id,
          event_id: event.id,
          kind: event.kind,
          channel: s.channel,
          ...pendingDelivery(now, options.expiresAt),
        }));
        const result = await trx
          .insertInto('subscription_notification')
          .values(rows)
          .onConflict((oc) => oc.columns(['subscription_id', 'event_id']).doNothing())
          .executeTakeFirst();
        created += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
    }
    await trx
      .updateTable('subscription_cursor')
      .set({ last_event_id: events.at(-1)!.id, updated_at: now })
      .where('name', '=', 'notifications')
      .execute();
    return { events: events.length, created };
  });
}

/** Whether the log has events the fan-out has not read yet (a cheap look before the transaction). */
export async function eventsWaiting(db: Db): Promise<boolean> {
  const cursor = await db.selectFrom('subscription_cursor').select('last_event_id').where('name', '=', 'notifications').executeTakeFirst();
  return statusEventWaiting(db, Number(cursor?.last_event_id ?? 0));
}

/** The notification queue's tables, for the shared delivery bookkeeping (server/outbox/outbox-repository.ts). */
export const notificationQueue: OutboxQueue<NotificationDelivery, 'subscription_attempt'> = {
  deliveries: 'subscription_notification',
  attempts: 'subscription_attempt',
  attemptOwner: (delivery) => ({ notification_id: delivery.id }),
};

/**
 * Claims up to `limit` due notifications of one channel for `worker` until now + leaseMs, with
 * their subscriber and event (the shared claim: FOR UPDATE SKIP LOCKED on PostgreSQL).
 */
export async function claimDueNotifications(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { channel: SubscriptionChannel; now: number; limit: number; leaseMs: number; worker: string },
): Promise<ClaimedNotification[]> {
  return claimDue(db, dialect, 'subscription_notification', options, async (trx, ids) => {
    const deliveries = (await trx.selectFrom('subscription_notification').selectAll().where('id', 'in', ids).execute()).map(toDelivery);
    const subscriptions = new Map(
      (
        await trx
          .selectFrom('subscription')
          .selectAll()
          .where('id', 'in', [...new Set(deliveries.map((d) => d.subscriptionId))])
          .execute()
      ).map((r) => [Number(r.id), toSubscription(r)]),
    );
    const eventIds = [...new Set(deliveries.flatMap((d) => (d.eventId === null ? [] : [d.eventId])))];
    const events = await statusEventsByIds(trx, eventIds);
    return deliveries
      .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id)
      .map((delivery) => ({
        delivery,
        // The subscription exists: deleting it deletes its notifications (cascade) first.
        subscription: subscriptions.get(delivery.subscriptionId)!,
        event: delivery.eventId === null ? null : (events.get(delivery.eventId) ?? null),
      }));
  });
}

/** Per channel: notifications waiting and when the oldest was queued (metrics). */
export async function notificationBacklog(db: Db): Promise<{ channel: SubscriptionChannel; pending: number; oldestCreatedAt: number | null }[]> {
  return pendingBacklog(db, 'subscription_notification');
}

/** Deletes sent and failed notifications queued before `before` (their attempts go with them). */
export async function purgeNotifications(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('subscription_notification').where('status', '!=', 'pending').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
