import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Scheduler } from '../jobs/scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs of every capability: they start when the app is ready and stop when it closes. */
    jobs: Scheduler;
  }
}

async function jobsPlugin(app: FastifyInstance): Promise<void> {
  const scheduler = new Scheduler(app.log);
  app.decorate('jobs', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}
export const jobs = fp(jobsPlugin, { name: 'jobs' });
