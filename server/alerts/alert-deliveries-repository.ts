import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database, Db } from '../db/schema.ts';
import { claimDue, type DeliveryState, type OutboxQueue, pendingDelivery, toDeliveryState } from '../outbox/outbox-repository.ts';
import { type AlertChannelRecord, toChannel } from './alert-channels-repository.ts';
import { type AlertRecord, numberOrNull, toAlert } from './alerts-repository.ts';
import type { AlertDeliveryTable } from './alerts-tables.ts';

// The alert queue: messages to channels (first, recovered, reminders, tests, notices) and their claim.

export type AlertMessageKind = 'down' | 'recovered' | 'reminder' | 'test' | 'notice';

/** One message's delivery state in the alert queue. */
export interface AlertDelivery extends DeliveryState {
  id: number;
  channel: string;
  channelId: string;
  alertId: number | null;
  kind: AlertMessageKind;
  seq: number;
  payload: string | null;
}

/** A claimed delivery with what it needs to be written: its channel and its alert. */
export interface ClaimedAlertDelivery {
  delivery: AlertDelivery;
  channel: AlertChannelRecord;
  alert: AlertRecord | null;
}

const toDelivery = (r: Selectable<AlertDeliveryTable>): AlertDelivery => ({
  id: Number(r.id),
  channel: r.channel,
  channelId: r.channel_id,
  alertId: numberOrNull(r.alert_id),
  kind: r.kind as AlertMessageKind,
  seq: Number(r.seq),
  payload: r.payload,
  ...toDeliveryState(r),
});

export interface QueuedMessage {
  channel: AlertChannelRecord;
  alertId: number | null;
  kind: AlertMessageKind;
  seq?: number;
  payload?: unknown;
}

/** Queues messages (at most one per alert, channel, kind and number: a repeat is ignored); returns the new ids. */
export async function queueMessages(db: Db, messages: readonly QueuedMessage[], now: number, expiresAt: number): Promise<number[]> {
  const ids: number[] = [];
  for (const m of messages) {
    const row = await db
      .insertInto('alert_delivery')
      .values({
        channel_id: m.channel.id,
        alert_id: m.alertId,
        kind: m.kind,
        seq: m.seq ?? 0,
        payload: m.payload === undefined ? null : JSON.stringify(m.payload),
        channel: m.channel.kind,
        ...pendingDelivery(now, expiresAt),
      })
      .onConflict((oc) => oc.columns(['alert_id', 'channel_id', 'kind', 'seq']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) ids.push(Number(row.id));
  }
  return ids;
}

/** Drops an alert's reminders not yet sent (it was acknowledged or recovered). */
export async function dropPendingReminders(db: Db, alertId: number): Promise<void> {
  await db.deleteFrom('alert_delivery').where('alert_id', '=', alertId).where('kind', '=', 'reminder').where('status', '=', 'pending').execute();
}

/** The channels that were sent the alert's first message (its recovery goes to the same). */
export async function channelsAlerted(db: Db, alertId: number): Promise<string[]> {
  const rows = await db.selectFrom('alert_delivery').select('channel_id').where('alert_id', '=', alertId).where('kind', '=', 'down').execute();
  return rows.map((r) => r.channel_id);
}

/** The highest reminder number queued per channel for an alert. */
export async function lastReminders(db: Db, alertId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('alert_delivery')
    .select(['channel_id', (eb) => eb.fn.max('seq').as('seq')])
    .where('alert_id', '=', alertId)
    .where('kind', '=', 'reminder')
    .groupBy('channel_id')
    .execute();
  return new Map(rows.map((r) => [r.channel_id, Number(r.seq)]));
}

export interface DeliverySummary {
  alertId: number;
  channelName: string;
  kind: string;
  status: string;
  lastError: string | null;
}

export async function deliveriesOf(db: Db, alertIds: readonly number[]): Promise<DeliverySummary[]> {
  if (alertIds.length === 0) return [];
  const rows = await db
    .selectFrom('alert_delivery')
    .innerJoin('alert_channel', 'alert_channel.id', 'alert_delivery.channel_id')
    .select([
      'alert_delivery.alert_id',
      'alert_channel.name',
      'alert_delivery.kind',
      'alert_delivery.seq',
      'alert_delivery.status',
      'alert_delivery.last_error',
    ])
    .where('alert_delivery.alert_id', 'in', alertIds)
    .orderBy('alert_delivery.id')
    .execute();
  return rows.map((r) => ({
    alertId: Number(r.alert_id),
    channelName: r.name,
    kind: r.kind === 'reminder' ? `reminder ${r.seq}` : r.kind,
    status: r.status,
    lastError: r.last_error,
  }));
}

export async function findDelivery(db: Db, id: number): Promise<AlertDelivery | undefined> {
  const row = await db.selectFrom('alert_delivery').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDelivery(row) : undefined;
}

/** The HTTP status of a delivery's last attempt (null for none, or mail). */
export async function lastAttemptStatusCode(db: Db, deliveryId: number): Promise<number | null> {
  const row = await db.selectFrom('alert_attempt').select('status_code').where('delivery_id', '=', deliveryId).orderBy('id', 'desc').executeTakeFirst();
  return row?.status_code ?? null;
}

/** The alert queue's tables, for the shared delivery bookkeeping (server/outbox/outbox-repository.ts). */
export const alertQueue: OutboxQueue<AlertDelivery, 'alert_attempt'> = {
  deliveries: 'alert_delivery',
  attempts: 'alert_attempt',
  attemptOwner: (delivery) => ({ delivery_id: delivery.id }),
};

/** Claims up to `limit` due messages of one lane with their channel and alert (the shared claim). */
export async function claimDueAlertDeliveries(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { channel: string; now: number; limit: number; leaseMs: number; worker: string },
): Promise<ClaimedAlertDelivery[]> {
  return claimDue(db, dialect, 'alert_delivery', options, async (trx, ids) => {
    const deliveries = (await trx.selectFrom('alert_delivery').selectAll().where('id', 'in', ids).execute()).map(toDelivery);
    const channels = new Map(
      (
        await trx
          .selectFrom('alert_channel')
          .selectAll()
          .where('id', 'in', [...new Set(deliveries.map((d) => d.channelId))])
          .execute()
      ).map((r) => [r.id, toChannel(r)]),
    );
    const alertIds = [...new Set(deliveries.flatMap((d) => (d.alertId === null ? [] : [d.alertId])))];
    const alerts = new Map<number, AlertRecord>();
    if (alertIds.length) for (const r of await trx.selectFrom('alert').selectAll().where('id', 'in', alertIds).execute()) alerts.set(Number(r.id), toAlert(r));
    return deliveries
      .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id)
      .map((delivery) => ({
        delivery,
        // Deleting a channel or an alert deletes its deliveries (cascade) first.
        channel: channels.get(delivery.channelId)!,
        alert: delivery.alertId === null ? null : (alerts.get(delivery.alertId) ?? null),
      }));
  });
}
