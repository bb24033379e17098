import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ScheduleTask } from '../../../contracts/panel.ts';
import type { AuditLog } from '../../audit/audit-service.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { GameServerDriver, ServerCredentials } from '../driver.ts';
import { scheduleRanAction, scheduleTaskActions } from '../panel-audit-actions.ts';
import type { SessionCrypto } from '../session-crypto.ts';
import { dueAfter, LocalSchedules, pendingTasks } from './local-schedules.ts';
import { scheduledBackup } from './schedule-backup-task.ts';
import {
  advanceDue,
  dueSchedules,
  findSchedule,
  hasRunningRun,
  insertRun,
  leaseRun,
  nextWakeAfter,
  pruneRuns,
  readyRuns,
  saveRun,
  type StoredRun,
  type StoredSchedule,
} from './schedule-repository.ts';

/** How often the runner looks for due schedules and runs whose delay is over, besides waking when the earliest is due (docs/decisions.md 91). */
export const scheduleTickMs = 5_000;
/** A due time (or a task after its delay) later than this is not made up: it is recorded as missed. */
export const missedToleranceMs = 10 * 60_000;
/** An instance working on a run holds it this long; a run held by an instance that died is taken up after. */
export const runLeaseMs = 5 * 60_000;
/** Ready runs a round or a lane reads at once. */
const readyBatch = 50;
/** Finished runs kept per schedule. */
export const runsKept = 20;
const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));

function reasonOf(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  return 'The game server did not answer.';
}

export interface RoundResult {
  /** Due times this instance claimed (run, skipped or missed). */
  claimed: number;
  /** Runs this instance moved on. */
  advanced: number;
}

/**
 * The local engine's runner (docs/decisions.md 39), on the one job scheduler. Each round:
 *
 * - every enabled schedule whose due time has come is claimed by moving its next due time on in
 *   the database (one instance wins the update); the winner stores a run for that due time (a
 *   unique key), or records it as missed when it is more than the tolerance late (the app was not
 *   running), or as skipped while the previous run still goes on;
 * - every run whose next task's delay is over is leased and moved on: each task is marked started
 *   in the database before the engine is asked, so a task is never done twice; a delay is a stored
 *   time, not a timer, so a restart during it finishes the run (or records it as failed when it
 *   comes back too late to make up the rest).
 *
 * Runs move on in one lane per server (docs/decisions.md 67): a server's runs one after another,
 * in the order they became ready, and the servers side by side. A round starts lanes for servers
 * that have none; a server whose lane is still busy (a slow task) is left to it, since the lane
 * reads its server's ready runs again before it ends. Rounds overlap (the job's `overlaps`), so
 * one server's slow task never holds up another server's claims or runs.
 *
 * Tasks go through the driver interface like the panel's own calls, with the key of the session
 * that saved the schedule.
 */
export class ScheduleRunner {
  private readonly db: Kysely<Database>;
  private readonly driver: GameServerDriver;
  private readonly crypto: SessionCrypto;
  private readonly audit: AuditLog;
  private readonly now: () => number;
  /** Asks the job scheduler to run a round in `ms` (the earliest wake asked for wins). */
  private readonly wakeIn: (ms: number) => void;
  /** The lane of each server with runs moving on in this instance. */
  private readonly lanes = new Map<string, Promise<number>>();

  constructor(deps: {
    db: Kysely<Database>;
    driver: GameServerDriver;
    crypto: SessionCrypto;
    audit: AuditLog;
    now: () => number;
    wakeIn?: (ms: number) => void;
  }) {
    this.db = deps.db;
    this.wakeIn = deps.wakeIn ?? (() => {});
    this.driver = deps.driver;
    this.crypto = deps.crypto;
    this.audit = deps.audit;
    this.now = deps.now;
  }

  async round(): Promise<RoundResult> {
    const result: RoundResult = { claimed: 0, advanced: 0 };
    for (const schedule of await dueSchedules(this.db, this.now(), 100)) {
      if (await this.claimDue(schedule)) result.claimed += 1;
    }
    const byServer = new Map<string, StoredRun[]>();
    // Servers whose lanes are busy are left out: their runs wait for their lane and take no place from others.
    for (const run of await readyRuns(this.db, this.now(), readyBatch, { except: [...this.lanes.keys()] })) {
      const runs = byServer.get(run.serverId) ?? [];
      runs.push(run);
      byServer.set(run.serverId, runs);
    }
    // The next round when the earliest due time or wait ends, not at the next tick: a 5-second wait takes 5 seconds.
    const next = await nextWakeAfter(this.db, this.now());
    if (next !== undefined) this.wakeAt(next);
    const started: Promise<number>[] = [];
    for (const [serverId, runs] of byServer) {
      if (!this.lanes.has(serverId)) started.push(this.lane(serverId, runs));
    }
    // The round ends when every lane under way has (rounds overlap, so waiting holds nothing up):
    // after a round, what was ready then has moved on. Earlier rounds report their own lanes' failures.
    const earlier = Promise.allSettled([...this.lanes.values()]);
    for (const advanced of await Promise.all(started)) result.advanced += advanced;
    await earlier;
    return result;
  }

  /** Moves a server's ready runs on, one after another, until it has none; answers how many it moved. */
  private lane(serverId: string, first: StoredRun[]): Promise<number> {
    const work = (async () => {
      let advanced = 0;
      for (let runs = first; runs.length > 0; runs = await readyRuns(this.db, this.now(), readyBatch, { only: serverId })) {
        let moved = false;
        for (const run of runs) {
          if (await this.advance(run)) {
            advanced += 1;
            moved = true;
          }
        }
        // Held by another instance, every one: that instance moves them on.
        if (!moved) break;
      }
      return advanced;
    })().finally(() => this.lanes.delete(serverId));
    this.lanes.set(serverId, work);
    return work;
  }

  /** A round at `at` on the app's clock (at most an hour ahead: that round asks again for what remains). */
  private wakeAt(at: number): void {
    this.wakeIn(Math.min(Math.max(0, at - this.now()), 60 * 60_000));
  }

  private async claimDue(schedule: StoredSchedule): Promise<boolean> {
    const due = schedule.nextDue;
    if (due === null) return false;
    const now = this.now();
    const late = now - due;
    // The next due time: the first still within the tolerance, so a run due a moment ago is made up.
    const next = dueAfter(schedule, Math.max(due, now - missedToleranceMs));
    const base: StoredRun = {
      id: randomUUID(),
      scheduleId: schedule.id,
      serverId: schedule.serverId,
      due,
      trigger: 'timetable',
      startedAt: now,
      finishedAt: null,
      outcome: 'running',
      reason: null,
      tasks: pendingTasks(schedule),
      nextTask: 0,
      resumeAt: now + (schedule.tasks[0]?.delaySeconds ?? 0) * 1000,
      leaseUntil: 0,
    };
    // Moving the due time on and storing its run commit together: a due time is claimed once, and never lost.
    const claimed = await this.db.transaction().execute(async (trx) => {
      if (!(await advanceDue(trx, schedule.id, due, next))) return undefined;
      let run = base;
      if (late > missedToleranceMs) {
        run = this.ended(
          base,
          'missed',
          `Not run: the app was not running when it was due (${minutes(late)} minutes late; runs more than ${minutes(missedToleranceMs)} minutes late are not made up).`,
        );
      } else if (await hasRunningRun(trx, schedule.id)) {
        run = this.ended(base, 'skipped', 'Not run: the previous run was still going.');
      }
      return (await insertRun(trx, run)) ? run : undefined;
    });
    if (!claimed) return false;
    if (claimed.outcome !== 'running') await this.finished(schedule, claimed);
    return true;
  }

  /** Moves a run on as far as its delays allow; false when another instance holds it. */
  private async advance(stored: StoredRun): Promise<boolean> {
    const now = this.now();
    if (!(await leaseRun(this.db, stored.id, stored.leaseUntil, now + runLeaseMs))) return false;
    const run: StoredRun = { ...stored, tasks: stored.tasks.map((t) => ({ ...t })), leaseUntil: now + runLeaseMs };
    const schedule = await findSchedule(this.db, run.scheduleId);
    if (!schedule) {
      await saveRun(this.db, this.ended(run, 'failed', 'The schedule was deleted during the run.'));
      return true;
    }
    // A task marked started but never finished: the app stopped while it ran.
    const interrupted = run.nextTask > 0 ? run.tasks[run.nextTask - 1] : undefined;
    if (interrupted && interrupted.outcome === 'pending') {
      interrupted.outcome = 'failed';
      interrupted.message = 'The app stopped while this task ran: whether it was done is not known.';
      return this.finish(schedule, run, 'failed', `Task ${run.nextTask} was interrupted by a restart of the app.`);
    }
    const late = now - (run.resumeAt ?? now);
    if (late > missedToleranceMs) {
      return this.finish(
        schedule,
        run,
        'failed',
        `The app was not running when task ${run.nextTask + 1} was due (${minutes(late)} minutes late): it and the tasks after it were not run.`,
      );
    }
    const credentials = this.credentialsOf(schedule);
    if (!credentials)
      return this.finish(schedule, run, 'failed', "The schedule's key cannot be read since the app's session secret changed: save the schedule again.");

    if (run.nextTask === 0 && schedule.onlyWhenOnline) {
      try {
        const { state } = await this.driver.getResources(credentials);
        if (state !== 'running')
          return this.finish(schedule, run, 'skipped', 'Not run: the server was not running (this schedule runs only when it is online).');
      } catch (error) {
        return this.finish(schedule, run, 'failed', `The server's state could not be read: ${reasonOf(error)}`);
      }
    }

    while (run.nextTask < schedule.tasks.length) {
      const index = run.nextTask;
      const task = schedule.tasks[index]!;
      if ((run.resumeAt ?? 0) > this.now()) {
        // A delay: stored, so whichever instance is running when it ends (after a restart too) goes on.
        run.leaseUntil = 0;
        await saveRun(this.db, run);
        if (run.resumeAt !== null) this.wakeAt(run.resumeAt);
        return true;
      }
      const record = run.tasks[index] ?? { kind: task.kind, outcome: 'pending' as const, at: null, message: null };
      run.tasks[index] = record;
      record.at = this.now();
      run.nextTask = index + 1;
      await saveRun(this.db, run);
      const detail: Record<string, string | number | null> = {};
      try {
        record.message = await this.perform(schedule, credentials, task, detail);
        record.outcome = 'ok';
        await this.taskDone(schedule, run, index, task, detail, null);
      } catch (error) {
        record.outcome = 'failed';
        record.message = reasonOf(error);
        await this.taskDone(schedule, run, index, task, detail, record.message);
        return this.finish(schedule, run, 'failed', `Task ${index + 1} (${task.kind}) failed: ${record.message}`);
      }
      const following = schedule.tasks[index + 1];
      run.resumeAt = following ? this.now() + following.delaySeconds * 1000 : null;
    }
    return this.finish(schedule, run, 'ok', null);
  }

  private credentialsOf(schedule: StoredSchedule): ServerCredentials | undefined {
    const key = this.crypto.decrypt(schedule.keyCiphertext, LocalSchedules.keyContext(schedule.serverId, schedule.id));
    return key === undefined ? undefined : { serverId: schedule.serverId, key };
  }

  /**
   * Each task in the audit log as an entry of its own, with the action a customer's own click
   * records (a command's text, a power signal, a backup's name) and the schedule and run that did
   * it: the README promises every command is in the log (docs/decisions.md 90).
   */
  private async taskDone(
    schedule: StoredSchedule,
    run: StoredRun,
    index: number,
    task: ScheduleTask,
    detail: Record<string, string | number | null>,
    failure: string | null,
  ): Promise<void> {
    await this.audit.record({
      actor: { kind: 'system', id: schedule.id, label: `schedule "${schedule.name}"` },
      action: scheduleTaskActions[task.kind],
      target: schedule.serverId,
      outcome: failure === null ? 'ok' : 'failed',
      detail: { driver: 'local', schedule: schedule.id, run: run.id, task: index + 1, ...detail, ...(failure === null ? {} : { reason: failure }) },
    });
  }

  /** Does one task; answers what happened, in words, or throws why it failed. `detail` gets what the audit entry names. */
  private async perform(schedule: StoredSchedule, c: ServerCredentials, task: ScheduleTask, detail: Record<string, string | number | null>): Promise<string> {
    switch (task.kind) {
      case 'command':
        detail.command = task.command;
        await this.driver.sendCommand(c, task.command);
        return `Sent "${task.command}".`;
      case 'power':
        detail.signal = task.signal;
        await this.driver.power(c, task.signal);
        return `Sent ${task.signal}.`;
      case 'backup':
        return scheduledBackup({ driver: this.driver, now: this.now }, schedule, c, task.onLimit, detail);
    }
  }

  private ended(run: StoredRun, outcome: StoredRun['outcome'], reason: string | null): StoredRun {
    return {
      ...run,
      outcome,
      reason,
      finishedAt: this.now(),
      resumeAt: null,
      leaseUntil: 0,
      tasks: run.tasks.map((t) => (t.outcome === 'pending' ? { ...t, outcome: 'skipped' as const } : t)),
    };
  }

  private async finish(schedule: StoredSchedule, run: StoredRun, outcome: StoredRun['outcome'], reason: string | null): Promise<true> {
    const done = this.ended(run, outcome, reason);
    await saveRun(this.db, done);
    await this.finished(schedule, done);
    return true;
  }

  /** Every run in the audit log, by the system on the customer's server; older runs pruned. */
  private async finished(schedule: StoredSchedule, run: StoredRun): Promise<void> {
    await this.audit.record({
      actor: { kind: 'system', id: schedule.id, label: `schedule "${schedule.name}"` },
      action: scheduleRanAction,
      target: schedule.serverId,
      outcome: run.outcome === 'ok' || run.outcome === 'skipped' ? 'ok' : 'failed',
      detail: {
        driver: 'local',
        schedule: schedule.id,
        run: run.id,
        trigger: run.trigger,
        result: run.outcome,
        ...(run.reason ? { reason: run.reason } : {}),
      },
    });
    await pruneRuns(this.db, schedule.id, runsKept);
  }
}
