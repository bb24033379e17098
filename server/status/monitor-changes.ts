import type { Kysely, Transaction } from 'kysely';
import { monitorChangedKind, type ServerStatus } from '../../contracts/status-rules.ts';
import type { Database } from '../db/schema.ts';
import { recordStatusEvent, type StatusEvent } from './status-events-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A monitor's decided state changed (docs/decisions.md 54): written to the status event log in
 * the transaction that stores the results which decided it, so a change exists exactly when
 * its results do. Alerts to the team read these; the board and subscribers do not.
 */
export interface MonitorChange {
  monitorId: string;
  /** The state before; null when the monitor had not been decided yet (a new monitor, a first probe). */
  from: ServerStatus | null;
  to: ServerStatus;
  /** When the deciding results were taken, epoch milliseconds. */
  at: number;
  /** Taken inside one of the monitor's maintenance windows. */
  maintenance: boolean;
  /** Why, in a few words: the failing probe's error, when there was one. */
  detail?: string;
  /**
   * What each location that reported said, when more than one did or some failed
   * (docs/decisions.md 47): from where it fails.
   */
  locations?: { location: string; state: ServerStatus; detail?: string }[];
}

export type MonitorChangeEvent = StatusEvent<MonitorChange, typeof monitorChangedKind>;

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
