import type { Kysely, Transaction } from 'kysely';
import type { IncidentImpact, IncidentState } from '../../contracts/incidents.ts';
import type { Database } from '../db/schema.ts';
import type { IncidentTable, IncidentUpdateTable, MaintenanceTable } from './incidents-tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One entry of an incident's timeline. Times in epoch ms. */
export interface UpdateRecord {
  id: number;
  state: IncidentState;
  message: string;
  at: number;
  editedAt: number | null;
}

export interface IncidentRecord {
  id: string;
  title: string;
  impact: IncidentImpact;
  monitorIds: string[];
  state: IncidentState;
  startedAt: number;
  resolvedAt: number | null;
  updatedAt: number;
  /** Oldest first. */
  updates: UpdateRecord[];
}

export interface MaintenanceRecord {
  id: string;
  title: string;
  message: string;
  monitorIds: string[];
  startsAt: number;
  endsAt: number;
  cancelledAt: number | null;
  startedAnnouncedAt: number | null;
  completedAnnouncedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

const ids = (json: string): string[] => JSON.parse(json) as string[];

function updateOf(r: IncidentUpdateTable & { id: number }): UpdateRecord {
  return {
    id: Number(r.id),
    state: r.state as IncidentState,
    message: r.message,
    at: Number(r.at),
    editedAt: r.edited_at === null ? null : Number(r.edited_at),
  };
}

function incidentOf(r: IncidentTable, updates: UpdateRecord[]): IncidentRecord {
  return {
    id: r.id,
    title: r.title,
    impact: r.impact as IncidentImpact,
    monitorIds: ids(r.monitor_ids),
    state: r.state as IncidentState,
    startedAt: Number(r.started_at),
    resolvedAt: r.resolved_at === null ? null : Number(r.resolved_at),
    updatedAt: Number(r.updated_at),
    updates,
  };
}

function maintenanceOf(r: MaintenanceTable): MaintenanceRecord {
  const time = (value: number | null) => (value === null ? null : Number(value));
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    monitorIds: ids(r.monitor_ids),
    startsAt: Number(r.starts_at),
    endsAt: Number(r.ends_at),
    cancelledAt: time(r.cancelled_at),
    startedAnnouncedAt: time(r.started_announced_at),
    completedAnnouncedAt: time(r.completed_announced_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** Incidents with their timelines, in the order of the rows given. */
async function withUpdates(db: Db, rows: IncidentTable[]): Promise<IncidentRecord[]> {
  if (rows.length === 0) return [];
  const updates = await db
    .selectFrom('incident_update')
    .selectAll()
    .where(
      'incident_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  const byIncident = new Map<string, UpdateRecord[]>();
  for (const u of updates) {
    const list = byIncident.get(u.incident_id);
    const update = updateOf(u as IncidentUpdateTable & { id: number });
    if (list) list.push(update);
    else byIncident.set(u.incident_id, [update]);
  }
  return rows.map((r) => incidentOf(r, byIncident.get(r.id) ?? []));
}

export async function insertIncident(
  db: Db,
  incident: {
    id: string;
    title: string;
    impact: IncidentImpact;
    monitorIds: readonly string[];
    state: IncidentState;
    startedAt: number;
    resolvedAt: number | null;
  },
): Promise<void> {
  await db
    .insertInto('incident')
    .values({
      id: incident.id,
      title: incident.title,
      impact: incident.impact,
      monitor_ids: JSON.stringify(incident.monitorIds),
      state: incident.state,
      started_at: incident.startedAt,
      resolved_at: incident.resolvedAt,
      updated_at: incident.startedAt,
    })
    .execute();
}

export async function insertUpdate(db: Db, incidentId: string, update: { state: IncidentState; message: string; at: number }): Promise<number> {
  const row = await db
    .insertInto('incident_update')
    .values({ incident_id: incidentId, state: update.state, message: update.message, at: update.at, edited_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findIncident(db: Db, id: string): Promise<IncidentRecord | undefined> {
  const row = await db.selectFrom('incident').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return (await withUpdates(db, [row]))[0];
}

/** Open incidents, newest first. */
export async function openIncidents(db: Db): Promise<IncidentRecord[]> {
  const rows = await db.selectFrom('incident').selectAll().where('resolved_at', 'is', null).orderBy('started_at', 'desc').orderBy('id').execute();
  return withUpdates(db, rows);
}

/** Incidents open at some moment since `since` (open ones included), newest first. */
export async function incidentsSince(db: Db, since: number, options: { timelines: boolean } = { timelines: true }): Promise<IncidentRecord[]> {
  const rows = await db
    .selectFrom('incident')
    .selectAll()
    .where((eb) => eb.or([eb('started_at', '>=', since), eb('resolved_at', 'is', null), eb('resolved_at', '>=', since)]))
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .execute();
  return options.timelines ? withUpdates(db, rows) : rows.map((r) => incidentOf(r, []));
}

/**
 * A new state after an update. Only an open incident changes (the condition is in the UPDATE,
 * so two people resolving at once resolve it once); false when it was resolved already.
 */
export async function setIncidentState(db: Db, id: string, state: IncidentState, at: number): Promise<boolean> {
  const result = await db
    .updateTable('incident')
    .set({ state, updated_at: at, ...(state === 'resolved' ? { resolved_at: at } : {}) })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Corrects an update's text; false when the incident has no such update. */
export async function editUpdate(db: Db, incidentId: string, updateId: number, message: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('incident_update')
    .set({ message, edited_at: at })
    .where('id', '=', updateId)
    .where('incident_id', '=', incidentId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db.updateTable('incident').set({ updated_at: at }).where('id', '=', incidentId).execute();
  return true;
}

export async function insertMaintenance(
  db: Db,
  m: Omit<MaintenanceRecord, 'cancelledAt' | 'startedAnnouncedAt' | 'completedAnnouncedAt' | 'updatedAt'>,
): Promise<void> {
  await db
    .insertInto('maintenance')
    .values({
      id: m.id,
      title: m.title,
      message: m.message,
      monitor_ids: JSON.stringify(m.monitorIds),
      starts_at: m.startsAt,
      ends_at: m.endsAt,
      cancelled_at: null,
      started_announced_at: null,
      completed_announced_at: null,
      created_at: m.createdAt,
      updated_at: m.createdAt,
    })
    .execute();
}

export async function findMaintenance(db: Db, id: string): Promise<MaintenanceRecord | undefined> {
  const row = await db.selectFrom('maintenance').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? maintenanceOf(row) : undefined;
}

/** Maintenance not cancelled that has not ended by `now` (scheduled or in progress), soonest first. */
export async function currentMaintenance(db: Db, now: number): Promise<MaintenanceRecord[]> {
  const rows = await db
    .selectFrom('maintenance')
    .selectAll()
    .where('cancelled_at', 'is', null)
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  return rows.map(maintenanceOf);
}

/** Maintenance that touches the time since `since` or is still to come, newest start first. */
export async function maintenanceSince(db: Db, since: number): Promise<MaintenanceRecord[]> {
  const rows = await db.selectFrom('maintenance').selectAll().where('ends_at', '>=', since).orderBy('starts_at', 'desc').orderBy('id').execute();
  return rows.map(maintenanceOf);
}

/** A later end for a window that is neither cancelled nor over; false otherwise. */
export async function extendMaintenance(db: Db, id: string, endsAt: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('maintenance')
    .set({ ends_at: endsAt, updated_at: now })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .where('ends_at', '>', now)
    .where('ends_at', '<', endsAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels a window that is neither cancelled nor over; false otherwise. */
export async function cancelMaintenance(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('maintenance')
    .set({ cancelled_at: now, updated_at: now })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .where('ends_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Windows whose start or end is due to be announced. */
export async function dueAnnouncements(db: Db, now: number): Promise<MaintenanceRecord[]> {
  const rows = await db
    .selectFrom('maintenance')
    .selectAll()
    .where('cancelled_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('started_announced_at', 'is', null), eb('starts_at', '<=', now)]),
        eb.and([eb('completed_announced_at', 'is', null), eb('ends_at', '<=', now)]),
      ]),
    )
    .orderBy('starts_at')
    .execute();
  return rows.map(maintenanceOf);
}

/**
 * Claims the announcement of a window's start (or end): the conditional UPDATE succeeds for
 * exactly one caller across instances, which then records the event in the same transaction.
 */
export async function claimAnnouncement(db: Db, id: string, which: 'started' | 'completed', now: number): Promise<boolean> {
  const query =
    which === 'started'
      ? db.updateTable('maintenance').set({ started_announced_at: now }).where('started_announced_at', 'is', null).where('starts_at', '<=', now)
      : db
          .updateTable('maintenance')
          .set({ completed_announced_at: now })
          .where('completed_announced_at', 'is', null)
          .where('started_announced_at', 'is not', null)
          .where('ends_at', '<=', now);
  const result = await query.where('id', '=', id).where('cancelled_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
