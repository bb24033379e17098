import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ServerStatus } from '../../contracts/status-rules.ts';
import type { Database } from '../db/schema.ts';
import type { StatusDecisionTable, StatusLocationResultTable } from '../probe-locations/probe-locations-tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One location's state machine for one monitor, as stored. */
export interface LocationState {
  monitorId: string;
  location: string;
  state: ServerStatus | undefined;
  failures: number;
  at: number;
  latency: number;
  error?: string;
}

/** A monitor's decided (quorum) state. */
export interface Decision {
  monitorId: string;
  state: ServerStatus;
  at: number;
  detail?: string;
}

/** One stored result of one location. */
export interface LocationResultRow {
  monitorId: string;
  location: string;
  at: number;
  ok: boolean;
  latency: number;
  state: ServerStatus | 'pending';
  error?: string;
}

// SQLite allows 32766 bound variables per statement.
const chunkSize = 500;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += chunkSize) out.push(items.slice(i, i + chunkSize));
  return out;
};

/** Every location's state for these monitors. */
/** The advisory lock that makes decisions one sequence for the cluster (any constant no other code uses). */
const deciderLockKey = '4848284656611406';

/** PostgreSQL: holds the decider's lock for the transaction, so decisions are one sequence for the cluster. */
export async function lockDecisions(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${deciderLockKey}::bigint)`.execute(trx);
}

export async function locationStatesOf(db: Db, monitorIds: readonly string[]): Promise<LocationState[]> {
  const out: LocationState[] = [];
  for (const ids of chunks(monitorIds)) {
    const rows = await db.selectFrom('status_location_state').selectAll().where('monitor_id', 'in', ids).execute();
    for (const r of rows) {
      out.push({
        monitorId: r.monitor_id,
        location: r.location,
        state: (r.state ?? undefined) as ServerStatus | undefined,
        failures: Number(r.failures),
        at: Number(r.at),
        latency: Number(r.latency),
        ...(r.error !== null ? { error: r.error } : {}),
      });
    }
  }
  return out;
}

/** Every location's state of every monitor (the board at start). */
export async function allLocationStates(db: Db): Promise<LocationState[]> {
  const ids = await db.selectFrom('status_location_state').select('monitor_id').distinct().execute();
  return locationStatesOf(
    db,
    ids.map((r) => r.monitor_id),
  );
}

export async function saveLocationStates(db: Db, states: readonly LocationState[]): Promise<void> {
  for (const part of chunks(states)) {
    await db
      .insertInto('status_location_state')
      .values(
        part.map((s) => ({
          monitor_id: s.monitorId,
          location: s.location,
          state: s.state ?? null,
          failures: s.failures,
          at: s.at,
          latency: s.latency,
          error: s.error ?? null,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['monitor_id', 'location']).doUpdateSet({
          state: sql`excluded.state`,
          failures: sql`excluded.failures`,
          at: sql`excluded.at`,
          latency: sql`excluded.latency`,
          error: sql`excluded.error`,
        }),
      )
      .execute();
  }
}

export async function decisionsOf(db: Db, monitorIds: readonly string[]): Promise<Map<string, Decision>> {
  const out = new Map<string, Decision>();
  for (const ids of chunks(monitorIds)) {
    const rows = await db.selectFrom('status_decision').selectAll().where('monitor_id', 'in', ids).execute();
    for (const r of rows) {
      out.set(r.monitor_id, decisionOf(r));
    }
  }
  return out;
}

const decisionOf = (r: Selectable<StatusDecisionTable>): Decision => ({
  monitorId: r.monitor_id,
  state: r.state as ServerStatus,
  at: Number(r.at),
  ...(r.detail !== null ? { detail: r.detail } : {}),
});

/** Every monitor's decision (the board at start). */
export async function allDecisions(db: Db): Promise<Map<string, Decision>> {
  const rows = await db.selectFrom('status_decision').selectAll().execute();
  return new Map(rows.map((r) => [r.monitor_id, decisionOf(r)]));
}

export async function saveDecisions(db: Db, decisions: readonly Decision[]): Promise<void> {
  for (const part of chunks(decisions)) {
    await db
      .insertInto('status_decision')
      .values(part.map((d) => ({ monitor_id: d.monitorId, state: d.state, at: d.at, detail: d.detail ?? null })))
      .onConflict((oc) => oc.column('monitor_id').doUpdateSet({ state: sql`excluded.state`, at: sql`excluded.at`, detail: sql`excluded.detail` }))
      .execute();
  }
}

/** The time of the newest decided result of any monitor: decisions go forward from it. */
export async function newestDecisionAt(db: Db): Promise<number> {
  const row = await db.selectFrom('status_result').select(sql<number | null>`max(at)`.as('at')).executeTakeFirst();
  return Number(row?.at ?? 0);
}

export async function insertLocationResults(db: Db, rows: readonly LocationResultRow[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('status_location_result')
      .values(
        part.map((r) => ({
          monitor_id: r.monitorId,
          location: r.location,
          at: r.at,
          ok: r.ok ? 1 : 0,
          latency: r.latency,
          state: r.state,
          error: r.error ?? null,
        })),
      )
      .execute();
  }
}

function locationRowOf(r: Omit<Selectable<StatusLocationResultTable>, 'id'>): LocationResultRow {
  return {
    monitorId: r.monitor_id,
    location: r.location,
    at: Number(r.at),
    ok: Number(r.ok) === 1,
    latency: Number(r.latency),
    state: r.state as LocationResultRow['state'],
    ...(r.error !== null ? { error: r.error } : {}),
  };
}

/** One monitor's results from one location since a moment, oldest first (its history). */
export async function locationHistory(db: Db, monitorId: string, location: string, since: number): Promise<LocationResultRow[]> {
  const rows = await db
    .selectFrom('status_location_result')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .where('location', '=', location)
    .where('at', '>=', since)
    .orderBy('at')
    .execute();
  return rows.map(locationRowOf);
}

/** One monitor's newest `count` results from one location, oldest first (its line, refilled after a buffered batch). */
export async function newestLocationResults(db: Db, monitorId: string, location: string, count: number): Promise<LocationResultRow[]> {
  const rows = await db
    .selectFrom('status_location_result')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .where('location', '=', location)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.map(locationRowOf).reverse();
}

/** The newest `perMonitor` results of each monitor from each location, oldest first (the board's per-location lines). */
export async function recentLocationResults(db: Db, perMonitor: number): Promise<LocationResultRow[]> {
  const ranked = db
    .selectFrom('status_location_result')
    .select([
      'monitor_id',
      'location',
      'at',
      'ok',
      'latency',
      'state',
      'error',
      sql<number>`row_number() over (partition by monitor_id, location order by at desc, id desc)`.as('rn'),
    ])
    .as('ranked');
  const rows = await db.selectFrom(ranked).selectAll().where('rn', '<=', perMonitor).orderBy('monitor_id').orderBy('location').orderBy('at').execute();
  return rows.map(locationRowOf);
}

/** Deletes a deleted monitor's location readings and states. */
export async function deleteLocationDataOf(db: Db, monitorId: string): Promise<void> {
  await db.deleteFrom('status_location_result').where('monitor_id', '=', monitorId).execute();
  await db.deleteFrom('status_location_state').where('monitor_id', '=', monitorId).execute();
  await db.deleteFrom('status_decision').where('monitor_id', '=', monitorId).execute();
}

/** Location results older than the cutoff. */
export async function purgeLocationResults(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('status_location_result').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
