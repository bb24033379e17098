import type { Kysely, Transaction } from 'kysely';
import type { HistorySample } from '../../contracts/panel.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A server sampled for the resource history, with the key of its latest session (encrypted). */
export interface WatchedServer {
  serverId: string;
  driver: string;
  keyCiphertext: string;
  sessionUntil: number;
}

/** Starts or renews sampling a server: the latest session's key and end. */
export async function watchServer(db: Db, watched: WatchedServer): Promise<void> {
  await db
    .insertInto('panel_history_servers')
    .values({ server_id: watched.serverId, driver: watched.driver, key_ciphertext: watched.keyCiphertext, session_until: watched.sessionUntil })
    .onConflict((oc) => oc.columns(['server_id', 'driver']).doUpdateSet({ key_ciphertext: watched.keyCiphertext, session_until: watched.sessionUntil }))
    .execute();
}

export async function setSessionUntil(db: Db, serverId: string, driver: string, until: number): Promise<void> {
  await db.updateTable('panel_history_servers').set({ session_until: until }).where('server_id', '=', serverId).where('driver', '=', driver).execute();
}

/** Servers of this driver whose latest session ended after `since` (or has not ended). */
export async function watchedServers(db: Db, driver: string, since: number): Promise<WatchedServer[]> {
  const rows = await db.selectFrom('panel_history_servers').selectAll().where('driver', '=', driver).where('session_until', '>', since).execute();
  return rows.map((r) => ({ serverId: r.server_id, driver: r.driver, keyCiphertext: r.key_ciphertext, sessionUntil: Number(r.session_until) }));
}

/** Forgets a server (and its key): its last session ended before `before`, or its key was refused. */
export async function forgetWatched(db: Db, filter: { before: number } | { serverId: string; driver: string }): Promise<number> {
  let query = db.deleteFrom('panel_history_servers');
  query =
    'before' in filter ? query.where('session_until', '<=', filter.before) : query.where('server_id', '=', filter.serverId).where('driver', '=', filter.driver);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Claims a server's sample for one minute: true when this call wrote the row (so this instance
 * samples it), false when another instance did first.
 */
export async function claimSample(db: Db, serverId: string, driver: string, minute: number, at: number): Promise<boolean> {
  const result = await db
    .insertInto('panel_history')
    .values({ server_id: serverId, driver, minute, at, cpu: null, memory: null, disk: null })
    .onConflict((oc) => oc.columns(['server_id', 'driver', 'minute']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function fillSample(db: Db, serverId: string, driver: string, minute: number, sample: HistorySample): Promise<void> {
  await db
    .updateTable('panel_history')
    .set({ at: sample.at, cpu: sample.cpu, memory: Math.round(sample.memory), disk: Math.round(sample.disk) })
    .where('server_id', '=', serverId)
    .where('driver', '=', driver)
    .where('minute', '=', minute)
    .execute();
}

/** A server's samples taken at or after `since`, oldest first (claims never filled are left out). */
export async function samplesOf(db: Db, serverId: string, driver: string, since: number): Promise<HistorySample[]> {
  const rows = await db
    .selectFrom('panel_history')
    .select(['at', 'cpu', 'memory', 'disk'])
    .where('server_id', '=', serverId)
    .where('driver', '=', driver)
    .where('at', '>=', since)
    .where('cpu', 'is not', null)
    .orderBy('minute')
    .execute();
  return rows.map((r) => ({ at: Number(r.at), cpu: Number(r.cpu), memory: Number(r.memory), disk: Number(r.disk) }));
}

/** Deletes samples taken before `cutoff`; returns how many. */
export async function purgeSamples(db: Db, cutoff: number): Promise<number> {
  const result = await db.deleteFrom('panel_history').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
