import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * GET /api/ping: the visitor's latency probe (the location cards time five of these). It does
 * nothing and says nothing: 204, never cached, not logged (a page view makes a few dozen).
 * Any origin may time it: a location's endpoint can be another instance of this server.
 */
export function pingRoute(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/ping', { logLevel: 'warn', schema: { response: { 204: z.null() } } }, async (_request, reply) => {
    return reply.code(204).headers({ 'cache-control': 'no-store', 'access-control-allow-origin': '*', 'timing-allow-origin': '*' }).send(null);
  });
}
