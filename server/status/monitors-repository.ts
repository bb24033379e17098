import { sql, type Kysely, type Transaction } from 'kysely';
import type { MonitorEdit, MonitorInput } from '../../contracts/monitors.ts';
import type { Database } from '../db/schema.ts';
import type { Selectable } from 'kysely';
import type { StatusMonitorTable } from './status-tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A monitor as stored: its target as written, whether it is paused, and when it changed. */
export interface StoredMonitor extends MonitorInput {
  paused: boolean;
  position: number;
  createdAt: number;
  updatedAt: number;
}

function monitorOf(r: Selectable<StatusMonitorTable>): StoredMonitor {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    target: r.target,
    settings: JSON.parse(r.settings) as Record<string, unknown>,
    intervalSeconds: Number(r.interval_seconds),
    timeoutSeconds: Number(r.timeout_seconds),
    degradedAboveMs: Number(r.degraded_above_ms),
    failuresBeforeDown: Number(r.failures_before_down),
    ...(r.quorum !== null && r.quorum !== undefined ? { quorum: Number(r.quorum) } : {}),
    paused: Number(r.paused) === 1,
    position: Number(r.position),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

const settingsColumns = (m: MonitorEdit) => ({
  name: m.name,
  type: m.type,
  target: m.target,
  settings: JSON.stringify(m.settings),
  interval_seconds: m.intervalSeconds,
  timeout_seconds: m.timeoutSeconds,
  degraded_above_ms: m.degradedAboveMs,
  failures_before_down: m.failuresBeforeDown,
  quorum: m.quorum ?? null,
});

/** Every monitor in the board's order. */
export async function listMonitors(db: Db): Promise<StoredMonitor[]> {
  const rows = await db.selectFrom('status_monitor').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map(monitorOf);
}

/** The ids among these that are monitors (an incident or maintenance checks them in its own transaction). */
export async function existingMonitorIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('status_monitor')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function findMonitor(db: Db, id: string): Promise<StoredMonitor | undefined> {
  const row = await db.selectFrom('status_monitor').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? monitorOf(row) : undefined;
}

/**
 * A cheap summary that changes whenever a monitor is added, changed or deleted (every change
 * moves updated_at forward): the prober compares it to notice changes made elsewhere (the CLI).
 */
export async function monitorsFingerprint(db: Db): Promise<string> {
  const row = await db
    .selectFrom('status_monitor')
    .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(updated_at)`.as('latest'), sql<number | null>`sum(updated_at)`.as('total')])
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}:${Number(row?.latest ?? 0)}:${Number(row?.total ?? 0)}`;
}

/** Adds a monitor at the end of the board; false when the id is taken. */
export async function insertMonitor(db: Db, monitor: MonitorInput, now: number): Promise<boolean> {
  const last = await db.selectFrom('status_monitor').select(sql<number | null>`max(position)`.as('p')).executeTakeFirst();
  const result = await db
    .insertInto('status_monitor')
    .values({ id: monitor.id, ...settingsColumns(monitor), paused: 0, position: Number(last?.p ?? -1) + 1, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A change's time: now, or just after the last change (the fingerprint must move). */
function nextTime(previous: number, now: number): number {
  return now > previous ? now : previous + 1;
}

/** Replaces a monitor's settings (not its id, pause or place); false when there is no such monitor. */
export async function updateMonitor(db: Db, id: string, settings: MonitorEdit, now: number): Promise<boolean> {
  const current = await findMonitor(db, id);
  if (!current) return false;
  await db
    .updateTable('status_monitor')
    .set({ ...settingsColumns(settings), updated_at: nextTime(current.updatedAt, now) })
    .where('id', '=', id)
    .execute();
  return true;
}

export async function setMonitorPaused(db: Db, id: string, paused: boolean, now: number): Promise<boolean> {
  const current = await findMonitor(db, id);
  if (!current) return false;
  await db
    .updateTable('status_monitor')
    .set({ paused: paused ? 1 : 0, updated_at: nextTime(current.updatedAt, now) })
    .where('id', '=', id)
    .execute();
  return true;
}

export async function deleteMonitor(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('status_monitor').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Whether a one-time import (status_seed) has run. */
export async function seedDone(db: Db, name: string): Promise<boolean> {
  return (await db.selectFrom('status_seed').select('name').where('name', '=', name).executeTakeFirst()) !== undefined;
}

/** Whether the database has any monitor at all. */
export async function anyMonitor(db: Db): Promise<boolean> {
  return (await db.selectFrom('status_monitor').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Marks a one-time import as done; false when it was done already (by this instance earlier,
 * or by another starting at the same moment: only one insert wins).
 */
export async function claimSeed(db: Db, name: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('status_seed')
    .values({ name, at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
