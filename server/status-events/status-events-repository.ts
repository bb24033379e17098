import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AnyStatusEvent, LoggedEventKind, StatusEvent, StatusEventOf } from './status-event-map.ts';

type Db = Kysely<Database> | Transaction<Database>;

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

/** Appends an event of one kind, its payload typed by the map, and returns it as stored (call it in the change's transaction). */
export async function appendStatusEvent<K extends LoggedEventKind>(db: Db, event: Omit<StatusEventOf<K>, 'id'>): Promise<StatusEventOf<K>> {
  return { ...event, id: await recordStatusEvent(db, event) };
}

/** One event by its id (what another instance was told of), or undefined. */
export async function statusEventById(db: Db, id: number): Promise<AnyStatusEvent | undefined> {
  const [event] = await statusEventsAfter(db, id - 1, 1);
  return event && event.id === id ? (event as AnyStatusEvent) : undefined;
}
