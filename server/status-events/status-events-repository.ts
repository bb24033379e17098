import type { Kysely, Transaction } from 'kysely';
import type { StatusEventKind } from '../../contracts/incidents.ts';
import type { monitorChangedKind } from '../../contracts/status-rules.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What the log holds: incidents' and maintenance's changes, and monitors' decided states. */
export type LoggedEventKind = StatusEventKind | typeof monitorChangedKind;

/** One change of an incident, a maintenance or a monitor's state, as the event log keeps it. */
export interface StatusEvent<P = unknown, K extends LoggedEventKind = LoggedEventKind> {
  id: number;
  at: number;
  kind: K;
  /** The incident's, maintenance's or monitor's id. */
  subjectId: string;
  /** The incident or maintenance as it was after the change; for a monitor, the change. */
  payload: P;
}

/** Whether an event is an incident's or a maintenance's (what the board and subscribers are told of). */
export function isNoticeEvent<P>(event: StatusEvent<P>): event is StatusEvent<P, StatusEventKind> {
  return event.kind !== 'monitor.changed';
}

/**
 * Appends an event. Call it with the transaction that makes the change, so the event exists
 * exactly when the change does. Returns its id (events are read in id order).
 */
export async function recordStatusEvent(db: Db, event: Omit<StatusEvent, 'id'>): Promise<number> {
  const row = await db
    .insertInto('status_event')
    .values({ at: event.at, kind: event.kind, subject_id: event.subjectId, payload: JSON.stringify(event.payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Events after `afterId`, oldest first, at most `limit`. */
export async function statusEventsAfter(db: Db, afterId: number, limit: number): Promise<StatusEvent[]> {
  const rows = await db.selectFrom('status_event').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    at: Number(r.at),
    kind: r.kind as LoggedEventKind,
    subjectId: r.subject_id,
    payload: JSON.parse(r.payload) as unknown,
  }));
}

/** The newest event's id, or 0 when there is none. */
export async function lastStatusEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('status_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
}
