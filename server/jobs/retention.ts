import type { FastifyInstance } from 'fastify';

export const dayMs = 24 * 60 * 60 * 1000;

/** How often every retention job looks for rows past their time. */
export const retentionEveryMs = 60 * 60 * 1000;

/** The moment before which rows kept `days` days are past retention. */
export function retentionCutoff(days: number, now = Date.now()): number {
  return now - days * dayMs;
}

/**
 * Registers a capability's retention on the app's scheduler: `purge(cutoff)` deletes what is
 * older than `keepDays` days and says how many rows went. `keepDays` 0 keeps everything.
 */
export function scheduleRetention(
  app: FastifyInstance,
  job: { name: string; keepDays: number; purge: (cutoff: number) => Promise<Record<string, number>> },
): void {
  if (job.keepDays <= 0) return;
  app.jobs.every({ name: `${job.name} retention`, everyMs: retentionEveryMs }, async () => {
    const removed = await job.purge(retentionCutoff(job.keepDays, app.clock()));
    if (Object.values(removed).some((n) => n > 0)) app.log.info({ removed, keepDays: job.keepDays }, `${job.name}: rows past retention removed`);
  });
}
