import type { FastifyInstance } from 'fastify';
import { dayMs } from '../../contracts/time-units.ts';

/** How often every retention job looks for rows past their time. */
export const retentionEveryMs = 60 * 60 * 1000;

/** The moment before which rows kept `days` days are past retention. */
export function retentionCutoff(days: number, now = Date.now()): number {
  return now - days * dayMs;
}

/**
 * Registers a capability's retention on the app's scheduler: `purge(cutoff, now)` deletes what
 * is older than `keepDays` days (and what ran out by `now`) and says how many rows went.
 * `keepDays` 0 keeps everything. `now` is the app's clock (tests move it).
 */
export function scheduleRetention(
  app: FastifyInstance,
  job: { name: string; keepDays: number; purge: (cutoff: number, now: number) => Promise<Record<string, number>> },
): void {
  if (job.keepDays <= 0) return;
  app.jobs.every({ name: `${job.name} retention`, everyMs: retentionEveryMs }, async () => {
    const now = app.clock();
    const removed = await job.purge(retentionCutoff(job.keepDays, now), now);
    if (Object.values(removed).some((n) => n > 0)) app.log.info({ removed, keepDays: job.keepDays }, `${job.name}: rows past retention removed`);
  });
}
