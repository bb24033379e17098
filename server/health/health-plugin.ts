import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pingDatabase } from '../db/ping.ts';
import { healthRoutes } from './health-routes.ts';

/**
 * The health capability: the database's part of readiness, and its routes under /api
 * (GET /api/health, /api/health/ready, /api/ping).
 */
async function healthCapability(app: FastifyInstance): Promise<void> {
  app.readiness.add('database', async () => {
    await pingDatabase(app.db);
    return { ok: true, detail: `${app.dialect} answers` };
  });
  await app.register(healthRoutes, { prefix: '/api' });
}
export const healthPlugin = fp(healthCapability, { name: 'health', dependencies: ['database', 'readiness'] });
