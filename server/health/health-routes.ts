import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { healthAnswer } from '../../contracts/health.ts';
import { version } from '../lib/version.ts';

/** GET /api/health: 200 when the database answers within 2 s, 503 otherwise. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/health', { schema: { response: { 200: healthAnswer, 503: healthAnswer } } }, async (request, reply) => {
    try {
      await Promise.race([
        sql`select 1`.execute(app.db),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database did not answer in 2 s')), 2000).unref()),
      ]);
      return { status: 'ok' as const, db: 'ok' as const, version };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', db: 'unreachable', version });
    }
  });
}
