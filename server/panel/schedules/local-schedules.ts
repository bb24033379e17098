import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schedule, ScheduleInput, ScheduleList, ScheduleRun } from '../../../contracts/panel.ts';
import { maxSchedulesPerServer, nextRuns } from '../../../contracts/schedule-rules.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServerCredentials } from '../driver.ts';
import type { SessionCrypto } from '../session-crypto.ts';
import { type ScheduleEngine, scheduleNotFound, scheduleRunning } from './schedule-engine.ts';
import {
  deleteSchedule,
  findSchedule,
  hasRunningRun,
  insertRun,
  insertScheduleWithin,
  recentRuns,
  replaceSchedule,
  schedulesOf,
  type StoredRun,
  type StoredSchedule,
} from './schedule-repository.ts';

/** Runs shown with each schedule. */
export const runsShown = 10;

const iso = (ms: number) => new Date(ms).toISOString();

export function runView(run: StoredRun): ScheduleRun {
  return {
    id: run.id,
    due: run.due === null ? null : iso(run.due),
    trigger: run.trigger,
    startedAt: iso(run.startedAt),
    finishedAt: run.finishedAt === null ? null : iso(run.finishedAt),
    outcome: run.outcome,
    reason: run.reason,
    tasks: run.tasks.map((t) => ({ kind: t.kind, outcome: t.outcome, at: t.at === null ? null : iso(t.at), message: t.message })),
  };
}

/** The first time after `from` the schedule is due, or null while it is disabled (or never comes round). */
export function dueAfter(schedule: ScheduleInput, from: number): number | null {
  if (!schedule.enabled) return null;
  return nextRuns(schedule.timetable, schedule.timeZone, from, 1)[0] ?? null;
}

/** A new run's task list: every task still to come. */
export function pendingTasks(schedule: ScheduleInput): StoredRun['tasks'] {
  return schedule.tasks.map((t) => ({ kind: t.kind, outcome: 'pending', at: null, message: null }));
}

export interface LocalSchedulesDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  crypto: SessionCrypto;
  now: () => number;
  /** Asks the runner to look at due runs now (the job's runNow). */
  kick: () => void;
}

/**
 * The local engine's schedules (docs/decisions.md 39): stored in the database with the key of the
 * session that saved them (encrypted, so the runner can act for the customer later), read back
 * with their next runs and last runs. server/panel/schedules/schedule-runner.ts runs them.
 */
export class LocalSchedules implements ScheduleEngine {
  private readonly deps: LocalSchedulesDeps;

  constructor(deps: LocalSchedulesDeps) {
    this.deps = deps;
  }

  /** The authenticated data of a schedule's key: it decrypts only for its own schedule and server. */
  static keyContext(serverId: string, scheduleId: string): string {
    return `panel schedule local ${serverId} ${scheduleId}`;
  }

  refusals(): Record<string, string> {
    return {};
  }

  async list(c: ServerCredentials): Promise<ScheduleList> {
    const stored = await schedulesOf(this.deps.db, c.serverId);
    const runs = await recentRuns(
      this.deps.db,
      stored.map((s) => s.id),
      runsShown,
    );
    return { schedules: stored.map((s) => this.view(s, runs.get(s.id) ?? [])), fixedTimeZone: null, keepsRuns: true };
  }

  async get(c: ServerCredentials, id: string): Promise<Schedule> {
    const stored = await findSchedule(this.deps.db, id, c.serverId);
    if (!stored) throw scheduleNotFound();
    const runs = await recentRuns(this.deps.db, [id], runsShown);
    return this.view(stored, runs.get(id) ?? []);
  }

  async create(c: ServerCredentials, input: ScheduleInput): Promise<Schedule> {
    const now = this.deps.now();
    const id = randomUUID();
    const schedule: StoredSchedule = {
      ...input,
      id,
      serverId: c.serverId,
      keyCiphertext: this.deps.crypto.encrypt(c.key, LocalSchedules.keyContext(c.serverId, id)),
      nextDue: dueAfter(input, now),
      createdAt: now,
      updatedAt: now,
    };
    // The limit is counted and the schedule stored as one step: concurrent creates cannot pass it (docs/decisions.md 67).
    if (!(await insertScheduleWithin(this.deps.db, this.deps.dialect, schedule, maxSchedulesPerServer))) {
      throw new HttpError(409, 'schedule_limit', `A server has at most ${maxSchedulesPerServer} schedules: delete one to add another.`);
    }
    return this.get(c, id);
  }

  async update(c: ServerCredentials, id: string, input: ScheduleInput): Promise<Schedule> {
    const stored = await findSchedule(this.deps.db, id, c.serverId);
    if (!stored) throw scheduleNotFound();
    const now = this.deps.now();
    const changed: StoredSchedule = {
      ...stored,
      ...input,
      // The key of the session saving it: a key changed since still runs the schedule.
      keyCiphertext: this.deps.crypto.encrypt(c.key, LocalSchedules.keyContext(c.serverId, id)),
      nextDue: dueAfter(input, now),
      updatedAt: now,
    };
    if (!(await replaceSchedule(this.deps.db, changed))) throw scheduleNotFound();
    return this.get(c, id);
  }

  async remove(c: ServerCredentials, id: string): Promise<void> {
    if (!(await deleteSchedule(this.deps.db, c.serverId, id))) throw scheduleNotFound();
  }

  async runNow(c: ServerCredentials, id: string): Promise<Schedule> {
    const stored = await findSchedule(this.deps.db, id, c.serverId);
    if (!stored) throw scheduleNotFound();
    if (await hasRunningRun(this.deps.db, id)) throw scheduleRunning();
    const now = this.deps.now();
    await insertRun(this.deps.db, {
      id: randomUUID(),
      scheduleId: id,
      serverId: c.serverId,
      due: null,
      trigger: 'manual',
      startedAt: now,
      finishedAt: null,
      outcome: 'running',
      reason: null,
      tasks: pendingTasks(stored),
      nextTask: 0,
      resumeAt: now + (stored.tasks[0]?.delaySeconds ?? 0) * 1000,
      leaseUntil: 0,
    });
    this.deps.kick();
    return this.get(c, id);
  }

  private view(s: StoredSchedule, runs: StoredRun[]): Schedule {
    const now = this.deps.now();
    const last = runs.find((r) => r.outcome !== 'missed');
    return {
      id: s.id,
      name: s.name,
      timetable: s.timetable,
      timeZone: s.timeZone,
      enabled: s.enabled,
      onlyWhenOnline: s.onlyWhenOnline,
      tasks: s.tasks,
      nextRuns: s.enabled ? nextRuns(s.timetable, s.timeZone, now, 3).map(iso) : [],
      lastRunAt: last ? iso(last.startedAt) : null,
      running: runs.some((r) => r.outcome === 'running'),
      runs: runs.map(runView),
    };
  }
}
