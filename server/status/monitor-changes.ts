import type { Kysely, Transaction } from 'kysely';
import { monitorChangedKind } from '../../contracts/status-rules.ts';
import type { Database } from '../db/schema.ts';
import type { MonitorChange, StatusEventOf } from '../status-events/status-event-map.ts';
import { recordStatusEvent } from '../status-events/status-events-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A monitor's decided state changed (docs/decisions.md 54), as the status event log keeps it. */
export type MonitorChangeEvent = StatusEventOf<typeof monitorChangedKind>;

/** Appends a change to the event log (call it with the transaction that stores the results). */
export async function recordMonitorChange(db: Db, change: MonitorChange): Promise<number> {
  return recordStatusEvent(db, { at: change.at, kind: monitorChangedKind, subjectId: change.monitorId, payload: change });
}

/** Monitor changes after the event `afterId`, oldest first, at most `limit`, with the id of the last event looked at. */
export async function monitorChangesAfter(db: Db, afterId: number, limit: number): Promise<MonitorChangeEvent[]> {
  const rows = await db
    .selectFrom('status_event')
    .selectAll()
    .where('kind', '=', monitorChangedKind)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    at: Number(r.at),
    kind: monitorChangedKind,
    subjectId: r.subject_id,
    payload: JSON.parse(r.payload) as MonitorChange,
  }));
}
