import type { Kysely, Selectable } from 'kysely';
import type { Database, Db } from '../db/schema.ts';
import type { AlertTable } from './alerts-tables.ts';

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

export const numberOrNull = (value: number | null) => (value === null ? null : Number(value));

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

/** The incident a published draft became. */
export async function linkIncident(db: Db, id: number, incidentId: string, now: number): Promise<void> {
  await db.updateTable('alert').set({ incident_id: incidentId, updated_at: now }).where('id', '=', id).execute();
}

/** Opens a claimed draft again, after its incident could not be written. */
export async function reopenDraft(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('alert').set({ draft_state: 'draft', updated_at: now }).where('id', '=', id).execute();
}

/** Deletes sent and failed messages queued before `before`, and alerts recovered before it. */
export async function purgeAlerts(db: Kysely<Database>, before: number): Promise<{ deliveries: number; alerts: number }> {
  const deliveries = await db.deleteFrom('alert_delivery').where('status', '!=', 'pending').where('created_at', '<', before).executeTakeFirst();
  const alerts = await db.deleteFrom('alert').where('state', '=', 'recovered').where('recovered_at', '<', before).executeTakeFirst();
  return { deliveries: Number(deliveries.numDeletedRows), alerts: Number(alerts.numDeletedRows) };
}
