import type { Kysely, Transaction } from 'kysely';
import { monitorChangedKind } from '../../contracts/status-rules.ts';
import type { Database } from '../db/schema.ts';
import type { MonitorChange, StatusEventOf } from '../status-events/status-event-map.ts';
import { recordStatusEvent, statusEventsOfKindAfter } from '../status-events/status-events-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A monitor's decided state changed (docs/decisions.md 54), as the status event log keeps it. */
export type MonitorChangeEvent = StatusEventOf<typeof monitorChangedKind>;

/** Appends a change to the event log (call it with the transaction that stores the results). */
export async function recordMonitorChange(db: Db, change: MonitorChange): Promise<number> {
  return recordStatusEvent(db, { at: change.at, kind: monitorChangedKind, subjectId: change.monitorId, payload: change });
}

/** Monitor changes after the event `afterId`, oldest first, at most `limit` (read through the log's repository). */
export async function monitorChangesAfter(db: Db, afterId: number, limit: number): Promise<MonitorChangeEvent[]> {
  return statusEventsOfKindAfter(db, monitorChangedKind, afterId, limit);
}
