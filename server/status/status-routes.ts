import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { checkAnswer, checkRequest, statusReport, streamQuery } from '../../contracts/status.ts';
import type { SseHub } from '../status-events/sse-hub.ts';
import type { StatusChecker } from './status-checker.ts';
import type { StatusService } from './status-service.ts';

/** The board (GET /), its live stream (GET /stream) and the visitors' checker (POST /check). */
export function statusRoutes(app: FastifyInstance, deps: { service: StatusService; checker: StatusChecker; hub: SseHub }): void {
  const { service, checker, hub } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/', { schema: { response: { 200: statusReport } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return service.report();
  });

  api.get(
    '/stream',
    {
      schema: {
        querystring: streamQuery,
        // The answer is an event stream (`serverStatus` events whose data is an array of the
        // contract's statusUpdate), written by the hub straight to the socket; or a 429/503.
        response: errorResponses(429, 503),
      },
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const raw = (Array.isArray(header) ? header[0] : header) ?? request.query.lastEventId;
      const lastEventId = raw !== undefined && /^\d{1,16}$/.test(raw) ? Number(raw) : undefined;
      reply.hijack();
      hub.subscribe(request.raw, reply.raw, lastEventId, request.ip, () => service.live.snapshot());
    },
  );

  api.post(
    '/check',
    {
      config: { rateLimit: { max: 6, timeWindow: 60_000 } },
      schema: { body: checkRequest, response: { 200: checkAnswer, ...errorResponses(400, 429, 503) } },
    },
    async (request) => checker.check(request.body),
  );
}
