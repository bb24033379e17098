import type { ShownStatus } from '../../contracts/status-rules.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { dayMs, hourMs } from '../../contracts/time-units.ts';
import { deleteLocationDataOf, purgeLocationResults } from './location-results-repository.ts';

/** A stored state: one of the three, or pending before a monitor is first decided. */
export type StoredState = ShownStatus;

export interface ResultRow {
  monitorId: string;
  at: number;
  ok: boolean;
  latency: number;
  state: StoredState;
  /** Taken in a maintenance window of the monitor: stored, not counted in uptime (docs/decisions.md 38). */
  maintenance: boolean;
  /** What a Minecraft server said about itself. */
  players?: { online: number; max: number };
  version?: string;
}

/** One monitor's counts of one UTC day, from the hourly sums. */
export interface DayCounts extends UptimeCounts {
  /** Index of the day since the epoch (floor(ms / dayMs)). */
  day: number;
  /** Decided probes taken in maintenance windows (not in checks). */
  maintenance: number;
}

export interface UptimeCounts {
  /** Decided probes (pending ones are not counted). */
  checks: number;
  /** Probes that left the monitor up (operational or degraded). */
  up: number;
}

/** How long raw results and hourly sums are kept. */
export const retention = { rawMs: 7 * dayMs, hourlyMs: 90 * dayMs } as const;

const isUp = (state: StoredState): boolean => state === 'operational' || state === 'degraded';

// SQLite allows 32766 bound variables per statement; 6 per row leaves room for 500 rows.
const chunkSize = 500;

/**
 * Stores one round of results and adds them to their hourly sums, in one transaction. A round
 * holds at most one result per monitor.
 */
export async function insertResults(db: Kysely<Database>, rows: readonly ResultRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute((trx) => writeResults(trx, rows));
}

/** insertResults' work inside a transaction the caller holds (the prober adds its monitors' changes to it). */
export async function writeResults(trx: Transaction<Database>, rows: readonly ResultRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize);
    await trx
      .insertInto('status_result')
      .values(
        chunk.map((r) => ({
          monitor_id: r.monitorId,
          at: r.at,
          ok: r.ok ? 1 : 0,
          latency: r.latency,
          state: r.state,
          maintenance: r.maintenance ? 1 : 0,
          players_online: r.players?.online ?? null,
          players_max: r.players?.max ?? null,
          version: r.version ?? null,
        })),
      )
      .execute();
    const decided = chunk.filter((r) => r.state !== 'pending');
    if (decided.length === 0) continue;
    // A reading in a maintenance window counts in maintenance_checks only: the hour's uptime
    // is measured outside the windows (docs/decisions.md 38).
    await trx
      .insertInto('status_hourly')
      .values(
        decided.map((r) => ({
          monitor_id: r.monitorId,
          hour: Math.floor(r.at / hourMs) * hourMs,
          checks: r.maintenance ? 0 : 1,
          up: !r.maintenance && isUp(r.state) ? 1 : 0,
          ok: r.ok ? 1 : 0,
          latency_sum: r.ok ? r.latency : 0,
          maintenance_checks: r.maintenance ? 1 : 0,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['monitor_id', 'hour']).doUpdateSet({
          checks: sql`status_hourly.checks + excluded.checks`,
          up: sql`status_hourly.up + excluded.up`,
          ok: sql`status_hourly.ok + excluded.ok`,
          latency_sum: sql`status_hourly.latency_sum + excluded.latency_sum`,
          maintenance_checks: sql`status_hourly.maintenance_checks + excluded.maintenance_checks`,
        }),
      )
      .execute();
  }
}

/** Deletes raw results older than 7 days and hourly sums older than 90 days. */
export async function applyRetention(db: Kysely<Database>, now = Date.now()): Promise<{ raw: number; hourly: number }> {
  const raw = await db
    .deleteFrom('status_result')
    .where('at', '<', now - retention.rawMs)
    .executeTakeFirst();
  const hourly = await db
    .deleteFrom('status_hourly')
    .where('hour', '<', now - retention.hourlyMs)
    .executeTakeFirst();
  // What each location saw is kept as long as the decided results.
  const locations = await purgeLocationResults(db, now - retention.rawMs);
  return { raw: Number(raw.numDeletedRows) + locations, hourly: Number(hourly.numDeletedRows) };
}

const resultColumns = ['monitor_id', 'at', 'ok', 'latency', 'state', 'maintenance', 'players_online', 'players_max', 'version'] as const;

type StoredResult = {
  monitor_id: string;
  at: number;
  ok: number;
  latency: number;
  state: string;
  maintenance: number;
  players_online: number | null;
  players_max: number | null;
  version: string | null;
};

function resultOf(r: StoredResult): ResultRow {
  return {
    monitorId: r.monitor_id,
    at: Number(r.at),
    ok: Number(r.ok) === 1,
    latency: Number(r.latency),
    state: r.state as StoredState,
    maintenance: Number(r.maintenance) === 1,
    ...(r.players_online !== null && r.players_max !== null ? { players: { online: Number(r.players_online), max: Number(r.players_max) } } : {}),
    ...(r.version !== null ? { version: r.version } : {}),
  };
}

/** The newest `perMonitor` results of each monitor, oldest first within a monitor. */
export async function recentResults(db: Kysely<Database>, perMonitor: number): Promise<ResultRow[]> {
  const ranked = db
    .selectFrom('status_result')
    .select([...resultColumns, sql<number>`row_number() over (partition by monitor_id order by at desc, id desc)`.as('rn')])
    .as('ranked');
  const rows = await db.selectFrom(ranked).select(resultColumns).where('rn', '<=', perMonitor).orderBy('monitor_id').orderBy('at').execute();
  return rows.map(resultOf);
}

/** The results stored for one round (every result of a round carries the round's time). */
export async function resultsAt(db: Kysely<Database>, at: number): Promise<ResultRow[]> {
  const rows = await db.selectFrom('status_result').select(resultColumns).where('at', '=', at).execute();
  return rows.map(resultOf);
}

/** Deletes every stored reading of a monitor (it was deleted: a new monitor may take its id). */
export async function deleteResultsOf(db: Kysely<Database> | Transaction<Database>, monitorId: string): Promise<void> {
  await db.deleteFrom('status_result').where('monitor_id', '=', monitorId).execute();
  await db.deleteFrom('status_hourly').where('monitor_id', '=', monitorId).execute();
  await deleteLocationDataOf(db, monitorId);
}

/**
 * Each monitor's counts per UTC day since `since` (rounded down to its day), from the hourly
 * sums: what the 90-day bars are drawn from.
 */
export async function dailyCounts(db: Kysely<Database>, since: number): Promise<Map<string, DayCounts[]>> {
  const from = Math.floor(since / dayMs) * dayMs;
  const day = sql<number>`hour / ${sql.lit(dayMs)}`;
  const rows = await db
    .selectFrom('status_hourly')
    .select([
      'monitor_id',
      day.as('day'),
      sql<number>`sum(checks)`.as('checks'),
      sql<number>`sum(up)`.as('up'),
      sql<number>`sum(maintenance_checks)`.as('maintenance'),
    ])
    .where('hour', '>=', from)
    .groupBy(['monitor_id', day])
    .execute();
  const byMonitor = new Map<string, DayCounts[]>();
  for (const r of rows) {
    const counts: DayCounts = { day: Number(r.day), checks: Number(r.checks), up: Number(r.up), maintenance: Number(r.maintenance) };
    const list = byMonitor.get(r.monitor_id);
    if (list) list.push(counts);
    else byMonitor.set(r.monitor_id, [counts]);
  }
  return byMonitor;
}

/**
 * When each monitor's first counted reading since `since` was taken: to the millisecond when it
 * is still among the raw results (7 days), else the start of its hour.
 */
export async function firstCountedReadings(db: Kysely<Database>, since: number, now = Date.now()): Promise<Map<string, number>> {
  const hourly = await db
    .selectFrom('status_hourly')
    .select(['monitor_id', sql<number>`min(hour)`.as('first')])
    .where('hour', '>=', Math.floor(since / hourMs) * hourMs)
    .where('checks', '>', 0)
    .groupBy('monitor_id')
    .execute();
  const raw = await db
    .selectFrom('status_result')
    .select(['monitor_id', sql<number>`min(at)`.as('first')])
    .where('at', '>=', Math.max(since, now - retention.rawMs))
    .where('state', '!=', 'pending')
    .where('maintenance', '=', 0)
    .groupBy('monitor_id')
    .execute();
  const exact = new Map(raw.map((r) => [r.monitor_id, Number(r.first)]));
  const first = new Map<string, number>();
  for (const r of hourly) {
    const hour = Math.max(Number(r.first), since);
    const precise = exact.get(r.monitor_id);
    // The raw result lies in that same hour when the hour is recent enough to still have raw results.
    first.set(r.monitor_id, precise !== undefined && precise < Number(r.first) + hourMs ? Math.max(precise, since) : hour);
  }
  return first;
}

/**
 * Uptime counts per monitor since a moment. Windows of 7 days or less count the raw results
 * exactly; longer windows add up the hourly sums from the hour that holds `since`.
 */
export async function uptimeCountsSince(db: Kysely<Database>, since: number, now = Date.now()): Promise<Map<string, UptimeCounts>> {
  const counts = new Map<string, UptimeCounts>();
  if (now - since <= retention.rawMs) {
    const rows = await db
      .selectFrom('status_result')
      .select(['monitor_id', sql<number>`count(*)`.as('checks'), sql<number>`sum(case when state in ('operational', 'degraded') then 1 else 0 end)`.as('up')])
      .where('at', '>=', since)
      .where('state', '!=', 'pending')
      .where('maintenance', '=', 0)
      .groupBy('monitor_id')
      .execute();
    for (const r of rows) counts.set(r.monitor_id, { checks: Number(r.checks), up: Number(r.up) });
    return counts;
  }
  const rows = await db
    .selectFrom('status_hourly')
    .select(['monitor_id', sql<number>`sum(checks)`.as('checks'), sql<number>`sum(up)`.as('up')])
    .where('hour', '>=', Math.floor(since / hourMs) * hourMs)
    .groupBy('monitor_id')
    .execute();
  for (const r of rows) counts.set(r.monitor_id, { checks: Number(r.checks), up: Number(r.up) });
  return counts;
}

/** Uptime percentage of some counts; null when nothing was measured. */
export function uptimePercent(counts: readonly UptimeCounts[]): number | null {
  let checks = 0;
  let up = 0;
  for (const c of counts) {
    checks += c.checks;
    up += c.up;
  }
  return checks === 0 ? null : Math.floor((up / checks) * 10_000) / 100;
}
