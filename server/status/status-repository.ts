import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A stored state: one of the three, or pending before a monitor is first decided. */
export type StoredState = 'operational' | 'degraded' | 'down' | 'pending';

export interface ResultRow {
  monitorId: string;
  at: number;
  ok: boolean;
  latency: number;
  state: StoredState;
}

export interface UptimeCounts {
  /** Decided probes (pending ones are not counted). */
  checks: number;
  /** Probes that left the monitor up (operational or degraded). */
  up: number;
}

export const hourMs = 3_600_000;
export const dayMs = 24 * hourMs;
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
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += chunkSize) {
      const chunk = rows.slice(i, i + chunkSize);
      await trx
        .insertInto('status_result')
        .values(chunk.map((r) => ({ monitor_id: r.monitorId, at: r.at, ok: r.ok ? 1 : 0, latency: r.latency, state: r.state })))
        .execute();
      const decided = chunk.filter((r) => r.state !== 'pending');
      if (decided.length === 0) continue;
      await trx
        .insertInto('status_hourly')
        .values(
          decided.map((r) => ({
            monitor_id: r.monitorId,
            hour: Math.floor(r.at / hourMs) * hourMs,
            checks: 1,
            up: isUp(r.state) ? 1 : 0,
            ok: r.ok ? 1 : 0,
            latency_sum: r.ok ? r.latency : 0,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['monitor_id', 'hour']).doUpdateSet({
            checks: sql`status_hourly.checks + excluded.checks`,
            up: sql`status_hourly.up + excluded.up`,
            ok: sql`status_hourly.ok + excluded.ok`,
            latency_sum: sql`status_hourly.latency_sum + excluded.latency_sum`,
          }),
        )
        .execute();
    }
  });
}

/** Deletes raw results older than 7 days and hourly sums older than 90 days. */
export async function applyRetention(db: Kysely<Database>, now = Date.now()): Promise<{ raw: number; hourly: number }> {
  const raw = await db.deleteFrom('status_result').where('at', '<', now - retention.rawMs).executeTakeFirst();
  const hourly = await db.deleteFrom('status_hourly').where('hour', '<', now - retention.hourlyMs).executeTakeFirst();
  return { raw: Number(raw.numDeletedRows), hourly: Number(hourly.numDeletedRows) };
}

/** The newest `perMonitor` results of each monitor, oldest first within a monitor. */
export async function recentResults(db: Kysely<Database>, perMonitor: number): Promise<ResultRow[]> {
  const ranked = db
    .selectFrom('status_result')
    .select(['monitor_id', 'at', 'ok', 'latency', 'state', sql<number>`row_number() over (partition by monitor_id order by at desc, id desc)`.as('rn')])
    .as('ranked');
  const rows = await db
    .selectFrom(ranked)
    .select(['monitor_id', 'at', 'ok', 'latency', 'state'])
    .where('rn', '<=', perMonitor)
    .orderBy('monitor_id')
    .orderBy('at')
    .execute();
  return rows.map((r) => ({ monitorId: r.monitor_id, at: Number(r.at), ok: Number(r.ok) === 1, latency: Number(r.latency), state: r.state as StoredState }));
}

/** The results stored for one round (every result of a round carries the round's time). */
export async function resultsAt(db: Kysely<Database>, at: number): Promise<ResultRow[]> {
  const rows = await db.selectFrom('status_result').select(['monitor_id', 'at', 'ok', 'latency', 'state']).where('at', '=', at).execute();
  return rows.map((r) => ({ monitorId: r.monitor_id, at: Number(r.at), ok: Number(r.ok) === 1, latency: Number(r.latency), state: r.state as StoredState }));
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
      .select([
        'monitor_id',
        sql<number>`count(*)`.as('checks'),
        sql<number>`sum(case when state in ('operational', 'degraded') then 1 else 0 end)`.as('up'),
      ])
      .where('at', '>=', since)
      .where('state', '!=', 'pending')
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
