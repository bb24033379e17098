import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { version } from '../lib/version.ts';

const healthSchema = {
  type: 'object',
  properties: { status: { type: 'string' }, db: { type: 'string' }, version: { type: 'string' } },
  required: ['status', 'db', 'version'],
} as const;

/** GET /api/health: 200 when the database answers within 2 s, 503 otherwise. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (request, reply) => {
    try {
      await Promise.race([
        sql`select 1`.execute(app.db),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database did not answer in 2 s')), 2000).unref()),
      ]);
      return { status: 'ok', db: 'ok', version };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', db: 'unreachable', version });
    }
  });
}
