import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Scheduler } from '../jobs/scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs of every capability: they start when the app is ready and stop when it closes. */
    jobs: Scheduler;
  }
}

export const jobs = fp(async (app: FastifyInstance) => {
  const scheduler = new Scheduler(app.log);
  app.decorate('jobs', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
});
