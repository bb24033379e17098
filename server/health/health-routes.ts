import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pingDatabase } from '../db/ping.ts';
import { healthAnswer, readyAnswer } from '../../contracts/health.ts';
import { version } from '../lib/version.ts';
import { pingRoute } from './ping-route.ts';

/** How long a check may take before it counts as failed. */
const checkTimeoutMs = 2000;

/**
 * GET /api/health: alive, and the database answers (200, or 503) — fast, for liveness probes.
 * GET /api/health/ready: every part this instance needs, each reported (200 ready, 503 not).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/health', { schema: { response: { 200: healthAnswer, 503: healthAnswer } } }, async (request, reply) => {
    try {
      await Promise.race([
        pingDatabase(app.db),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database did not answer in 2 s')), checkTimeoutMs).unref()),
      ]);
      return { status: 'ok' as const, db: 'ok' as const, version };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'error', db: 'unreachable', version });
    }
  });

  api.get('/health/ready', { schema: { response: { 200: readyAnswer, 503: readyAnswer } } }, async (request, reply) => {
    const { ready, parts } = await app.readiness.run(checkTimeoutMs);
    void reply.header('cache-control', 'no-store');
    if (!ready) {
      request.log.warn({ parts }, 'not ready');
      return reply.status(503).send({ status: 'not_ready', parts, version });
    }
    return { status: 'ready' as const, parts, version };
  });

  pingRoute(app);
}
