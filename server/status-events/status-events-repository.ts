import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AnyStatusEvent, LoggedEventKind, StatusEvent, StatusEventOf } from './status-event-map.ts';

type Db = Kysely<Database> | Transaction<Database>;

// The one place the status event log (`status_event`) is read and written: every capability
// that follows it (the board, subscriptions, alerts) reads it through these functions, with
// this one row mapping.

function eventOf(r: Selectable<Database['status_event']>): StatusEvent {
  return {
    id: Number(r.id),
    at: Number(r.at),
    kind: r.kind as LoggedEventKind,
    subjectId: r.subject_id,
    payload: JSON.parse(r.payload) as unknown,
  };
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

/** Events after `afterId`, oldest first, at most `limit`; only these kinds when given. */
export async function statusEventsAfter(db: Db, afterId: number, limit: number, kinds?: readonly LoggedEventKind[]): Promise<StatusEvent[]> {
  let query = db.selectFrom('status_event').selectAll().where('id', '>', afterId);
  if (kinds) query = query.where('kind', 'in', [...kinds]);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map(eventOf);
}

/** Events of one kind after `afterId`, oldest first, at most `limit`, typed by the map. */
export async function statusEventsOfKindAfter<K extends LoggedEventKind>(db: Db, kind: K, afterId: number, limit: number): Promise<StatusEventOf<K>[]> {
  return (await statusEventsAfter(db, afterId, limit, [kind])) as StatusEventOf<K>[];
}

/** Whether the log holds an event after `afterId` (of these kinds, when given): a cheap look before a fan-out's transaction. */
export async function statusEventWaiting(db: Db, afterId: number, kinds?: readonly LoggedEventKind[]): Promise<boolean> {
  let query = db.selectFrom('status_event').select('id').where('id', '>', afterId);
  if (kinds) query = query.where('kind', 'in', [...kinds]);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The event before `event` about the same subject (incident, maintenance, monitor), if any. */
export async function previousStatusEvent(db: Db, event: Pick<StatusEvent, 'id' | 'subjectId'>): Promise<StatusEvent | undefined> {
  const row = await db
    .selectFrom('status_event')
    .selectAll()
    .where('subject_id', '=', event.subjectId)
    .where('id', '<', event.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? eventOf(row) : undefined;
}

/** These events by id (those still stored). */
export async function statusEventsByIds(db: Db, ids: readonly number[]): Promise<Map<number, StatusEvent>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('status_event')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), eventOf(r)]));
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
  return (await statusEventsByIds(db, [id])).get(id) as AnyStatusEvent | undefined;
}
