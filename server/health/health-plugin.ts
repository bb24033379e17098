import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { healthRoutes } from './health-routes.ts';

/**
 * The health capability: the database's part of readiness, and its routes under /api
 * (GET /api/health, /api/health/ready, /api/ping).
 */
async function healthCapability(app: FastifyInstance): Promise<void> {
  app.readiness.add('database', async () => {
    await sql`select 1`.execute(app.db);
    return { ok: true, detail: `${app.dialect} answers` };
  });
  await app.register(healthRoutes, { prefix: '/api' });
}
export const healthPlugin = fp(healthCapability, { name: 'health', dependencies: ['database', 'readiness'] });
