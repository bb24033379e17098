import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { messageAnswer, stockAnswer, stockQuery, stockWatchConfirmed, stockWatchInput, stockWatchToken } from '../../contracts/stock.ts';
import { clientKey } from '../lib/client-key.ts';
import { HttpError } from '../lib/http-error.ts';
import type { StockService } from './stock-service.ts';
import type { StockWatchService } from './stock-watch.ts';

const perClient = (request: FastifyRequest) => clientKey(request.ip);
const tooMany = (max: number, what: string) => (_request: FastifyRequest, context: { ttl: number }) => {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return new HttpError(429, 'rate_limited', `Too many ${what}: at most ${max} in 10 minutes. Please try again in ${Math.ceil(seconds / 60)} minutes.`, {
    headers: { 'retry-after': String(seconds) },
  });
};

/**
 * Under /api/catalog: the stock of every plan at every location (public: the pages and the
 * billing portal read it; docs/decisions.md 102), and "tell me when it is back" with its
 * confirmation (docs/decisions.md 103).
 */
export function stockRoutes(app: FastifyInstance, deps: { stock: StockService; watch: StockWatchService | undefined }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/stock',
    {
      schema: {
        description:
          'Whether each plan can be ordered at each location it is sold at, now: the billing portal asks for one plan and location (?line=&plan=&location=) before it takes money, and refuses when `orderable` is false.',
        querystring: stockQuery,
        response: { 200: stockAnswer, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deps.stock.entries(request.query);
    },
  );

  api.post(
    '/stock/watch',
    {
      schema: { body: stockWatchInput, response: { 202: messageAnswer, ...errorResponses(400, 415, 429, 503) } },
      config: { rateLimit: { max: 5, timeWindow: 10 * 60_000, keyGenerator: perClient, errorResponseBuilder: tooMany(5, 'requests') } },
    },
    async (request, reply) => {
      if (!deps.watch)
        throw new HttpError(503, 'mail_unavailable', 'This site cannot send mail, so it cannot tell you when a plan is back. Please check again later.');
      const answer = await deps.watch.request(request.body);
      return reply.code(202).send(answer);
    },
  );

  api.post(
    '/stock/watch/confirm',
    {
      schema: { body: stockWatchToken, response: { 200: stockWatchConfirmed, ...errorResponses(400, 404, 429, 503) } },
      config: { rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: perClient, errorResponseBuilder: tooMany(20, 'attempts') } },
    },
    async (request) => {
      if (!deps.watch) throw new HttpError(503, 'mail_unavailable', 'This site cannot send mail.');
      return deps.watch.confirm(request.body.token);
    },
  );
}
