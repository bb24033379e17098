import { type Kysely, sql, type Transaction } from 'kysely';
import type { ScheduleInput, ScheduleRun, ScheduleTask } from '../../../contracts/panel.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A schedule as stored: the customer's input, the key to run it with, and when it is next due. */
export interface StoredSchedule extends ScheduleInput {
  id: string;
  serverId: string;
  keyCiphertext: string;
  nextDue: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A run as stored: its tasks' outcomes and where it stands. */
export interface StoredRun {
  id: string;
  scheduleId: string;
  serverId: string;
  due: number | null;
  trigger: 'timetable' | 'manual';
  startedAt: number;
  finishedAt: number | null;
  outcome: ScheduleRun['outcome'];
  reason: string | null;
  tasks: { kind: ScheduleTask['kind']; outcome: ScheduleRun['tasks'][number]['outcome']; at: number | null; message: string | null }[];
  nextTask: number;
  resumeAt: number | null;
  leaseUntil: number;
}

type ScheduleRow = Database['panel_schedules'];
type RunRow = Database['panel_schedule_runs'];

function scheduleOf(r: ScheduleRow): StoredSchedule {
  return {
    id: r.id,
    serverId: r.server_id,
    name: r.name,
    timetable: { minute: r.minute, hour: r.hour, dayOfMonth: r.day_of_month, month: r.month, dayOfWeek: r.day_of_week },
    timeZone: r.time_zone,
    enabled: Number(r.enabled) === 1,
    onlyWhenOnline: Number(r.only_when_online) === 1,
    tasks: JSON.parse(r.tasks) as ScheduleTask[],
    keyCiphertext: r.key_ciphertext,
    nextDue: r.next_due === null ? null : Number(r.next_due),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function rowOf(s: StoredSchedule): ScheduleRow {
  const t = s.timetable;
  return {
    id: s.id,
    server_id: s.serverId,
    name: s.name,
    minute: t.minute,
    hour: t.hour,
    day_of_month: t.dayOfMonth,
    month: t.month,
    day_of_week: t.dayOfWeek,
    time_zone: s.timeZone,
    enabled: s.enabled ? 1 : 0,
    only_when_online: s.onlyWhenOnline ? 1 : 0,
    tasks: JSON.stringify(s.tasks),
    key_ciphertext: s.keyCiphertext,
    next_due: s.nextDue,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

function runOf(r: RunRow): StoredRun {
  return {
    id: r.id,
    scheduleId: r.schedule_id,
    serverId: r.server_id,
    due: r.due === null ? null : Number(r.due),
    trigger: r.trigger === 'manual' ? 'manual' : 'timetable',
    startedAt: Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    outcome: r.outcome as StoredRun['outcome'],
    reason: r.reason,
    tasks: JSON.parse(r.tasks) as StoredRun['tasks'],
    nextTask: Number(r.next_task),
    resumeAt: r.resume_at === null ? null : Number(r.resume_at),
    leaseUntil: Number(r.lease_until),
  };
}

export async function insertSchedule(db: Db, schedule: StoredSchedule): Promise<void> {
  await db.insertInto('panel_schedules').values(rowOf(schedule)).execute();
}

/** The first key of the advisory lock that orders the creates of one server's schedules (the second is the server's id, hashed); no other code uses it. */
const scheduleLimitLockClass = 0x5c4ed;

/**
 * Stores a new schedule unless its server has `max` already: false then. The count and the insert
 * are one transaction, and no other create for the same server runs between them: on PostgreSQL
 * an advisory lock on the server's id, taken first, queues them (its count then sees every
 * schedule committed before); on SQLite the app's one connection runs a transaction alone.
 * docs/decisions.md 67.
 */
export async function insertScheduleWithin(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', schedule: StoredSchedule, max: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${scheduleLimitLockClass}::int, hashtext(${schedule.serverId}))`.execute(trx);
    const { count } = await trx
      .selectFrom('panel_schedules')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('server_id', '=', schedule.serverId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return false;
    await insertSchedule(trx, schedule);
    return true;
  });
}

/** Replaces a schedule's fields (same id and server); false when it is gone. */
export async function replaceSchedule(db: Db, schedule: StoredSchedule): Promise<boolean> {
  const { id, server_id, created_at, ...rest } = rowOf(schedule);
  const result = await db.updateTable('panel_schedules').set(rest).where('id', '=', id).where('server_id', '=', server_id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a schedule and its runs; false when it is not this server's. */
export async function deleteSchedule(db: Db, serverId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('panel_schedules').where('id', '=', id).where('server_id', '=', serverId).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return false;
  await db.deleteFrom('panel_schedule_runs').where('schedule_id', '=', id).execute();
  return true;
}

export async function schedulesOf(db: Db, serverId: string): Promise<StoredSchedule[]> {
  const rows = await db.selectFrom('panel_schedules').selectAll().where('server_id', '=', serverId).orderBy('created_at').orderBy('id').execute();
  return rows.map(scheduleOf);
}

export async function findSchedule(db: Db, id: string, serverId?: string): Promise<StoredSchedule | undefined> {
  let query = db.selectFrom('panel_schedules').selectAll().where('id', '=', id);
  if (serverId !== undefined) query = query.where('server_id', '=', serverId);
  const row = await query.executeTakeFirst();
  return row ? scheduleOf(row) : undefined;
}

/** Enabled schedules due at or before `now`. */
export async function dueSchedules(db: Db, now: number, limit: number): Promise<StoredSchedule[]> {
  const rows = await db
    .selectFrom('panel_schedules')
    .selectAll()
    .where('enabled', '=', 1)
    .where('next_due', 'is not', null)
    .where('next_due', '<=', now)
    .orderBy('next_due')
    .limit(limit)
    .execute();
  return rows.map(scheduleOf);
}

/**
 * The earliest time after `now` the runner has something to do: an enabled schedule's next due
 * time or a run's next task after its wait (docs/decisions.md 91); undefined when there is none.
 */
export async function nextWakeAfter(db: Db, now: number): Promise<number | undefined> {
  const due = await db
    .selectFrom('panel_schedules')
    .select((eb) => eb.fn.min('next_due').as('at'))
    .where('enabled', '=', 1)
    .where('next_due', '>', now)
    .executeTakeFirst();
  const resume = await db
    .selectFrom('panel_schedule_runs')
    .select((eb) => eb.fn.min('resume_at').as('at'))
    .where('outcome', '=', 'running')
    .where('resume_at', '>', now)
    .executeTakeFirst();
  const times = [due?.at, resume?.at].filter((t) => t !== null && t !== undefined).map(Number);
  return times.length > 0 ? Math.min(...times) : undefined;
}

/**
 * Moves a schedule's next due time from `from` to `to`: true when this call moved it. Of several
 * instances that saw the same due time, only one moves it (the row's update is the claim).
 */
export async function advanceDue(db: Db, id: string, from: number, to: number | null): Promise<boolean> {
  const result = await db.updateTable('panel_schedules').set({ next_due: to }).where('id', '=', id).where('next_due', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a new run; false when a run for the same schedule and due time exists already. */
export async function insertRun(db: Db, run: StoredRun): Promise<boolean> {
  const result = await db
    .insertInto('panel_schedule_runs')
    .values({
      id: run.id,
      schedule_id: run.scheduleId,
      server_id: run.serverId,
      due: run.due,
      trigger: run.trigger,
      started_at: run.startedAt,
      finished_at: run.finishedAt,
      outcome: run.outcome,
      reason: run.reason,
      tasks: JSON.stringify(run.tasks),
      next_task: run.nextTask,
      resume_at: run.resumeAt,
      lease_until: run.leaseUntil,
    })
    .onConflict((oc) => oc.columns(['schedule_id', 'due']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Whether a run of the schedule is still going. */
export async function hasRunningRun(db: Db, scheduleId: string): Promise<boolean> {
  const row = await db.selectFrom('panel_schedule_runs').select('id').where('schedule_id', '=', scheduleId).where('outcome', '=', 'running').executeTakeFirst();
  return row !== undefined;
}

/**
 * Runs going on whose next task may start now and that nobody holds, oldest first: of one server,
 * or of every server but those given (whose lanes are busy, so their runs take no place here).
 */
export async function readyRuns(db: Db, now: number, limit: number, servers: { only: string } | { except: string[] } = { except: [] }): Promise<StoredRun[]> {
  let query = db.selectFrom('panel_schedule_runs').selectAll().where('outcome', '=', 'running').where('resume_at', '<=', now).where('lease_until', '<=', now);
  if ('only' in servers) query = query.where('server_id', '=', servers.only);
  else if (servers.except.length > 0) query = query.where('server_id', 'not in', servers.except);
  const rows = await query.orderBy('resume_at').orderBy('started_at').orderBy('id').limit(limit).execute();
  return rows.map(runOf);
}

/** Takes a run for this instance until `until`: true when the lease was still `from` (nobody took it meanwhile). */
export async function leaseRun(db: Db, id: string, from: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable('panel_schedule_runs')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('outcome', '=', 'running')
    .where('lease_until', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Writes where a run stands (its tasks, the next one and when, its outcome). */
export async function saveRun(db: Db, run: StoredRun): Promise<void> {
  await db
    .updateTable('panel_schedule_runs')
    .set({
      tasks: JSON.stringify(run.tasks),
      next_task: run.nextTask,
      resume_at: run.resumeAt,
      lease_until: run.leaseUntil,
      outcome: run.outcome,
      reason: run.reason,
      finished_at: run.finishedAt,
    })
    .where('id', '=', run.id)
    .execute();
}

/** The last `count` runs of each schedule, newest first. */
export async function recentRuns(db: Db, scheduleIds: string[], count: number): Promise<Map<string, StoredRun[]>> {
  const byId = new Map<string, StoredRun[]>(scheduleIds.map((id) => [id, []]));
  if (scheduleIds.length === 0) return byId;
  const rows = await db
    .selectFrom('panel_schedule_runs')
    .selectAll()
    .where('schedule_id', 'in', scheduleIds)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const list = byId.get(row.schedule_id);
    if (list && list.length < count) list.push(runOf(row));
  }
  return byId;
}

/** Keeps the newest `keep` finished runs of a schedule and deletes older ones. */
export async function pruneRuns(db: Db, scheduleId: string, keep: number): Promise<void> {
  const old = await db
    .selectFrom('panel_schedule_runs')
    .select('id')
    .where('schedule_id', '=', scheduleId)
    .where('outcome', '!=', 'running')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (old.length > 0)
    await db
      .deleteFrom('panel_schedule_runs')
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
}
