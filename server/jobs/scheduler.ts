import type { FastifyBaseLogger } from 'fastify';

/** A job: a name for the logs, how often it runs, and whether it runs once at start as well. */
export interface JobSpec {
  name: string;
  everyMs: number;
  /** Run once as soon as the scheduler starts (the default), then every `everyMs`. */
  runAtStart?: boolean;
  /**
   * Runs may overlap: every turn, runNow and wake start one, even while an earlier one still
   * goes on. For a job that keeps its own order inside (the schedules' runner: one lane per
   * server, docs/decisions.md 67), so a slow part never holds up the rest.
   */
  overlaps?: boolean;
}

/**
 * The one small scheduler of background jobs (retention, sampling…). A job never overlaps
 * itself unless it says it may (JobSpec.overlaps): a run still going when the next is due skips that turn. A failure is logged and the
 * job keeps its schedule. `stop()` waits for runs in progress.
 */
export class Scheduler {
  private readonly log: FastifyBaseLogger;
  private readonly jobs: { spec: JobSpec; run: () => Promise<unknown> }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  /** Every run under way, overlapping ones too: stop() waits for them. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Jobs woken while they ran: they run once more when that run ends. */
  private readonly rerun = new Set<string>();
  /** Each job's one timed wake (wakeIn): when it fires (Date.now()) and its timer. */
  private readonly timed = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  private started = false;

  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }

  /** Adds a job; once the scheduler has started it begins at once. */
  every(spec: JobSpec, run: () => Promise<unknown>): void {
    const job = { spec, run };
    this.jobs.push(job);
    if (this.started) this.begin(job);
  }

  /** The names of the jobs, in the order they were added. */
  names(): string[] {
    return this.jobs.map((job) => job.spec.name);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs) this.begin(job);
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    for (const { timer } of this.timed.values()) clearTimeout(timer);
    this.timed.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Runs a job now (if it is not running already, or it overlaps) and resolves when that run ends. */
  runNow(name: string): Promise<void> {
    const job = this.jobs.find((j) => j.spec.name === name);
    if (!job) return Promise.reject(new Error(`no job named ${name}`));
    return this.runOnce(job);
  }

  /**
   * Runs a job as soon as it can: now, or once more right after the run in progress ends (that
   * run may have read before what woke it). Nothing before the scheduler starts (every job runs
   * then) or after it stops. Never throws; a failure is logged as for any run.
   */
  wake(name: string): void {
    if (!this.started) return;
    const job = this.jobs.find((j) => j.spec.name === name);
    if (!job) {
      this.log.error({ job: name }, `no job named ${name} to wake`);
      return;
    }
    const current = this.running.get(name);
    if (!current || job.spec.overlaps) {
      void this.runOnce(job);
      return;
    }
    if (this.rerun.has(name)) return;
    this.rerun.add(name);
    void current.then(() => {
      this.rerun.delete(name);
      if (this.started) void this.runOnce(job);
    });
  }

  /**
   * Wakes a job in `ms` (as `wake`), besides its interval: for a job whose work is due at a known
   * time (a schedule's wait, docs/decisions.md 91). A job keeps one such timer, the earliest asked
   * for; a later one is kept by it, since that run asks again for what remains.
   */
  wakeIn(name: string, ms: number): void {
    if (!this.started) return;
    const at = Date.now() + ms;
    const current = this.timed.get(name);
    if (current && current.at <= at) return;
    if (current) clearTimeout(current.timer);
    const timer = setTimeout(() => {
      this.timed.delete(name);
      this.wake(name);
    }, ms);
    timer.unref();
    this.timed.set(name, { at, timer });
  }

  private begin(job: { spec: JobSpec; run: () => Promise<unknown> }): void {
    if (job.spec.runAtStart !== false) void this.runOnce(job);
    const timer = setInterval(() => void this.runOnce(job), job.spec.everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  private runOnce(job: { spec: JobSpec; run: () => Promise<unknown> }): Promise<void> {
    const { name } = job.spec;
    const current = this.running.get(name);
    if (current && !job.spec.overlaps) return current;
    const run: Promise<void> = (async () => {
      try {
        await job.run();
      } catch (error) {
        this.log.error({ err: error, job: name }, `job ${name} failed`);
      }
    })().finally(() => {
      // A callback of its own: it runs after `run` is assigned, even when job.run throws at once.
      if (this.running.get(name) === run) this.running.delete(name);
      this.inFlight.delete(run);
    });
    this.running.set(name, run);
    this.inFlight.add(run);
    return run;
  }
}
