import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AlertChannelKind } from '../../contracts/alerts-rules.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { claimDue, type DeliveryState, type OutboxQueue, pendingDelivery, toDeliveryState } from '../outbox/outbox-repository.ts';
import type { AlertChannelTable, AlertDeliveryTable, AlertTable } from './alerts-tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A channel as stored, secrets included (never leaves the server). */
export interface AlertChannelRecord {
  id: string;
  name: string;
  kind: AlertChannelKind;
  target: string;
  token: string | null;
  monitorIds: string[];
  enabled: boolean;
  remindEveryMinutes: number;
  supportNotices: boolean;
  source: 'console' | 'file';
  createdAt: number;
  updatedAt: number;
}

export type AlertRecordState = 'held' | 'firing' | 'acknowledged' | 'recovered';

export interface AlertRecord {
  id: number;
  monitorId: string;
  state: AlertRecordState;
  eventId: number;
  startedAt: number;
  firedAt: number | null;
  detail: string | null;
  locations: string[];
  acknowledgedAt: number | null;
  acknowledgedBy: string | null;
  recoveredAt: number | null;
  draftState: 'draft' | 'published' | 'dismissed' | null;
  draftTitle: string | null;
  incidentId: string | null;
  createdAt: number;
}

export type AlertMessageKind = 'down' | 'recovered' | 'reminder' | 'test' | 'notice';

/** One message's delivery state in the alert queue. */
export interface AlertDelivery extends DeliveryState {
  id: number;
  channel: AlertChannelKind;
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

export const toChannel = (r: Selectable<AlertChannelTable>): AlertChannelRecord => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  target: r.target,
  token: r.token,
  monitorIds: JSON.parse(r.monitor_ids) as string[],
  enabled: Number(r.enabled) === 1,
  remindEveryMinutes: Number(r.remind_every_minutes),
  supportNotices: Number(r.support_notices) === 1,
  source: r.source === 'file' ? 'file' : 'console',
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const numberOrNull = (value: number | null) => (value === null ? null : Number(value));

export const toAlert = (r: Selectable<AlertTable>): AlertRecord => ({
  id: Number(r.id),
  monitorId: r.monitor_id,
  state: r.state as AlertRecordState,
  eventId: Number(r.event_id),
  startedAt: Number(r.started_at),
  firedAt: numberOrNull(r.fired_at),
  detail: r.detail,
  locations: r.locations ? (JSON.parse(r.locations) as string[]) : [],
  acknowledgedAt: numberOrNull(r.acknowledged_at),
  acknowledgedBy: r.acknowledged_by,
  recoveredAt: numberOrNull(r.recovered_at),
  draftState: r.draft_state as AlertRecord['draftState'],
  draftTitle: r.draft_title,
  incidentId: r.incident_id,
  createdAt: Number(r.created_at),
});

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

// Channels.

export async function listChannels(db: Db): Promise<AlertChannelRecord[]> {
  return (await db.selectFrom('alert_channel').selectAll().orderBy('created_at').orderBy('id').execute()).map(toChannel);
}

export async function findChannel(db: Db, id: string): Promise<AlertChannelRecord | undefined> {
  const row = await db.selectFrom('alert_channel').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toChannel(row) : undefined;
}

/** The channel's settings as columns. */
export function channelColumns(c: Omit<AlertChannelRecord, 'id' | 'createdAt' | 'updatedAt'>) {
  return {
    name: c.name,
    kind: c.kind,
    target: c.target,
    token: c.token,
    monitor_ids: JSON.stringify(c.monitorIds),
    enabled: c.enabled ? 1 : 0,
    remind_every_minutes: c.remindEveryMinutes,
    support_notices: c.supportNotices ? 1 : 0,
    source: c.source,
  };
}

export async function insertChannel(db: Db, c: Omit<AlertChannelRecord, 'createdAt' | 'updatedAt'>, now: number): Promise<void> {
  await db
    .insertInto('alert_channel')
    .values({ id: c.id, ...channelColumns(c), created_at: now, updated_at: now })
    .execute();
}

export async function updateChannel(db: Db, c: Omit<AlertChannelRecord, 'createdAt' | 'updatedAt'>, now: number): Promise<void> {
  await db
    .updateTable('alert_channel')
    .set({ ...channelColumns(c), updated_at: now })
    .where('id', '=', c.id)
    .execute();
}

export async function deleteChannel(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('alert_channel').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether a channel covers a monitor: its list names it, or it lists none (every monitor). */
export function covers(channel: AlertChannelRecord, monitorId: string): boolean {
  return channel.monitorIds.length === 0 || channel.monitorIds.includes(monitorId);
}

// Settings and the cursor.

export async function readSetting(db: Db, name: string): Promise<string | undefined> {
  return (await db.selectFrom('alert_setting').select('value').where('name', '=', name).executeTakeFirst())?.value;
}

export async function writeSetting(db: Db, name: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('alert_setting')
    .values({ name, value, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** The fan-out cursor, locked for the transaction (FOR UPDATE on PostgreSQL; SQLite has one writer). */
export async function lockCursor(trx: Transaction<Database>, dialect: Dialect): Promise<number> {
  let query = trx.selectFrom('alert_setting').select('value').where('name', '=', 'cursor');
  if (dialect === 'postgres') query = query.forUpdate();
  return Number((await query.executeTakeFirstOrThrow()).value);
}

/** Whether the log has monitor changes past the cursor (a cheap look before the transaction). */
export async function changesWaiting(db: Db): Promise<boolean> {
  const cursor = Number((await readSetting(db, 'cursor')) ?? 0);
  const next = await db.selectFrom('status_event').select('id').where('id', '>', cursor).where('kind', '=', 'monitor.changed').limit(1).executeTakeFirst();
  return next !== undefined;
}

// Alerts.

const openStates = ['held', 'firing', 'acknowledged'] as const;

/** The monitor's alert that is not over (held, firing or acknowledged), if any. */
export async function openAlertOf(db: Db, monitorId: string): Promise<AlertRecord | undefined> {
  const row = await db
    .selectFrom('alert')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .where('state', 'in', openStates)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? toAlert(row) : undefined;
}

export async function findAlert(db: Db, id: number): Promise<AlertRecord | undefined> {
  const row = await db.selectFrom('alert').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAlert(row) : undefined;
}

export async function insertAlert(
  db: Db,
  a: {
    monitorId: string;
    state: 'held' | 'firing';
    eventId: number;
    startedAt: number;
    firedAt: number | null;
    detail: string | null;
    locations: string[] | null;
    /** Prepare a draft incident (not for an alert held by maintenance: it gets one when it fires). */
    draft: boolean;
  },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('alert')
    .values({
      monitor_id: a.monitorId,
      state: a.state,
      event_id: a.eventId,
      started_at: a.startedAt,
      fired_at: a.firedAt,
      detail: a.detail,
      locations: a.locations ? JSON.stringify(a.locations) : null,
      acknowledged_at: null,
      acknowledged_by: null,
      recovered_at: null,
      draft_state: a.draft ? 'draft' : null,
      // Named when shown (the monitor's name as it is then); set only if someone retitles it.
      draft_title: null,
      incident_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Moves an alert from one of `from` states to another state; false when it was not in them (someone else moved it). */
export async function moveAlert(
  db: Db,
  id: number,
  from: readonly AlertRecordState[],
  to: { state: AlertRecordState } & Partial<
    Pick<Selectable<AlertTable>, 'fired_at' | 'acknowledged_at' | 'acknowledged_by' | 'recovered_at' | 'draft_state' | 'draft_title'>
  >,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('alert')
    .set({ ...to, updated_at: now })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAlert(db: Db, id: number): Promise<void> {
  await db.deleteFrom('alert').where('id', '=', id).execute();
}

/** Alerts in these states, oldest first. */
export async function alertsIn(db: Db, states: readonly AlertRecordState[]): Promise<AlertRecord[]> {
  return (await db.selectFrom('alert').selectAll().where('state', 'in', states).orderBy('id').execute()).map(toAlert);
}

/** What the console lists: every open alert, and those recovered since `since`, newest first. */
export async function alertsForConsole(db: Db, since: number, limit: number): Promise<AlertRecord[]> {
  const rows = await db
    .selectFrom('alert')
    .selectAll()
    .where((eb) => eb.or([eb('state', 'in', ['firing', 'acknowledged']), eb.and([eb('state', '=', 'recovered'), eb('recovered_at', '>=', since)])]))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toAlert);
}

/** Drafts of alerts fired at or before `before`, still drafts (the auto-publish looks for these). */
export async function draftsFiredBefore(db: Db, before: number): Promise<AlertRecord[]> {
  const rows = await db.selectFrom('alert').selectAll().where('draft_state', '=', 'draft').where('fired_at', '<=', before).orderBy('id').execute();
  return rows.map(toAlert);
}

/** Claims a draft for publishing: true for exactly one caller. */
export async function claimDraft(db: Db, id: number, to: 'published' | 'dismissed', incidentId: string | null, now: number): Promise<boolean> {
  const result = await db
    .updateTable('alert')
    .set({ draft_state: to, incident_id: incidentId, updated_at: now })
    .where('id', '=', id)
    .where('draft_state', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Deliveries.

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
  options: { channel: AlertChannelKind; now: number; limit: number; leaseMs: number; worker: string },
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

/** Deletes sent and failed messages queued before `before`, and alerts recovered before it. */
export async function purgeAlerts(db: Kysely<Database>, before: number): Promise<{ deliveries: number; alerts: number }> {
  const deliveries = await db.deleteFrom('alert_delivery').where('status', '!=', 'pending').where('created_at', '<', before).executeTakeFirst();
  const alerts = await db.deleteFrom('alert').where('state', '=', 'recovered').where('recovered_at', '<', before).executeTakeFirst();
  return { deliveries: Number(deliveries.numDeletedRows), alerts: Number(alerts.numDeletedRows) };
}
