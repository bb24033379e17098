import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from '../../server/jobs/scheduler.ts';

function recordingLog() {
  const errors: { job?: string }[] = [];
  const log = { error: (obj: { job?: string }) => errors.push(obj) } as unknown as ConstructorParameters<typeof Scheduler>[0];
  return { log, errors };
}

/** The scheduler's timers run on a clock the test moves: time passes only when the test says so. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('the job scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a job at start and then every interval, until stopped', async () => {
    const { log } = recordingLog();
    const scheduler = new Scheduler(log);
    let runs = 0;
    scheduler.every({ name: 'count', everyMs: 40 }, async () => {
      runs += 1;
    });
    expect(runs).toBe(0);
    scheduler.start();
    expect(runs).toBe(1);
    await pass(150);
    await scheduler.stop();
    const stoppedAt = runs;
    expect(stoppedAt).toBeGreaterThanOrEqual(3);
    await pass(100);
    expect(runs).toBe(stoppedAt);
  });

  it('lets a job that says so overlap itself: a slow run never holds up the next, and stop waits for all', async () => {
    const { log } = recordingLog();
    const scheduler = new Scheduler(log);
    let started = 0;
    let finished = 0;
    const slow: Array<() => void> = [];
    scheduler.every({ name: 'lanes', everyMs: 10, overlaps: true }, async () => {
      started += 1;
      // The first run is held until the test lets it go; the others end at once.
      if (started === 1) await new Promise<void>((done) => slow.push(done));
      finished += 1;
    });
    scheduler.start();
    await pass(35);
    expect(started).toBe(4);
    expect(finished).toBe(3);
    await scheduler.runNow('lanes');
    expect(finished).toBe(4);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await pass(20);
    expect(stopped).toBe(false);
    slow[0]!();
    await stopping;
    expect(finished).toBe(5);
  });

  it('never overlaps a run with itself, and stop waits for the run in progress', async () => {
    const { log } = recordingLog();
    const scheduler = new Scheduler(log);
    let active = 0;
    let most = 0;
    let finished = 0;
    scheduler.every({ name: 'slow', everyMs: 10 }, async () => {
      active += 1;
      most = Math.max(most, active);
      // Fixed wait: the job itself is slow (60 ms), so its runs would overlap if the scheduler let them.
      await new Promise((done) => setTimeout(done, 60));
      active -= 1;
      finished += 1;
    });
    scheduler.start();
    await pass(100);
    const stopped = scheduler.stop();
    await pass(60);
    await stopped;
    expect(most).toBe(1);
    expect(active).toBe(0);
    expect(finished).toBeGreaterThanOrEqual(1);
  });

  it('logs a failing run with the job name and keeps the schedule', async () => {
    const { log, errors } = recordingLog();
    const scheduler = new Scheduler(log);
    let runs = 0;
    scheduler.every({ name: 'flaky', everyMs: 20 }, async () => {
      runs += 1;
      if (runs === 1) throw new Error('boom');
    });
    scheduler.start();
    await pass(70);
    await scheduler.stop();
    expect(errors).toEqual([expect.objectContaining({ job: 'flaky' })]);
    expect(runs).toBeGreaterThanOrEqual(2);
  });

  it('waits for its first interval when runAtStart is false, and runNow runs on demand', async () => {
    const { log } = recordingLog();
    const scheduler = new Scheduler(log);
    let runs = 0;
    scheduler.every({ name: 'later', everyMs: 10_000, runAtStart: false }, async () => {
      runs += 1;
    });
    scheduler.start();
    await pass(20);
    expect(runs).toBe(0);
    await scheduler.runNow('later');
    expect(runs).toBe(1);
    await scheduler.stop();
  });
});
