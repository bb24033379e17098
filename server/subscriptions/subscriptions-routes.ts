import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../contracts/http-error.ts';
import {
  confirmAnswer,
  oneClickQuery,
  subscribeAccepted,
  subscribeBody,
  subscriptionOptions,
  tokenBody,
  unsubscribeAnswer,
} from '../../contracts/subscriptions.ts';
import { subscribeRateLimit, subscriptionPages, tokenPattern } from '../../contracts/subscriptions-rules.ts';
import { clientKey } from '../lib/client-key.ts';
import { HttpError } from '../lib/http-error.ts';
import type { SubscriptionsService } from './subscriptions-service.ts';

const perClient = (request: FastifyRequest) => clientKey(request.ip);

function tooMany(what: string, max: number, windowText: string) {
  return (_request: FastifyRequest, context: { ttl: number }) => {
    const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
    const minutes = Math.ceil(seconds / 60);
    return new HttpError(
      429,
      'rate_limited',
      `Too many ${what}: at most ${max} ${windowText}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      {
        headers: { 'retry-after': String(seconds) },
      },
    );
  };
}

/** Link pages post their token; a few a minute is plenty for a person (and a token is 256 random bits). */
const linkLimit = { max: 20, timeWindow: 60_000, keyGenerator: perClient, errorResponseBuilder: tooMany('attempts', 20, 'a minute') };

/**
 * Under /api/status/subscriptions: the form's options, subscribe, confirm, unsubscribe, and the
 * one-click unsubscribe of mail clients (RFC 8058). Tokens travel in bodies or, for one-click,
 * in the query, which the log's request serializer masks (server/lib/logger-options.ts).
 */
export function subscriptionsRoutes(app: FastifyInstance, deps: { service: SubscriptionsService }): void {
  const { service } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // RFC 8058 lets a mail client post multipart/form-data: read (small) and ignored, as the token is in the URL.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, { multipart: String(body) }));

  api.get('/', { schema: { response: { 200: subscriptionOptions } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return service.options();
  });

  api.post(
    '/',
    {
      schema: { body: subscribeBody, response: { 202: subscribeAccepted, ...errorResponses(400, 415, 429) } },
      config: {
        // Counted after the fields are checked, so typing mistakes do not use up the allowance;
        // every request that reaches the service (and may look up a webhook's name) counts.
        rateLimit: {
          max: subscribeRateLimit.max,
          timeWindow: subscribeRateLimit.windowMs,
          hook: 'preHandler',
          keyGenerator: perClient,
          errorResponseBuilder: tooMany('subscribe requests', subscribeRateLimit.max, 'every 10 minutes'),
        },
      },
    },
    async (request, reply) => reply.status(202).send(await service.subscribe(request.body)),
  );

  api.post(
    '/confirm',
    { schema: { body: tokenBody, response: { 200: confirmAnswer, ...errorResponses(400, 404, 429) } }, config: { rateLimit: linkLimit } },
    async (request) => service.confirm(request.body.token),
  );

  api.post(
    '/unsubscribe',
    { schema: { body: tokenBody, response: { 200: unsubscribeAnswer, ...errorResponses(400, 429) } }, config: { rateLimit: linkLimit } },
    async (request) => {
      await service.unsubscribe(request.body.token);
      return { unsubscribed: true as const };
    },
  );

  // The List-Unsubscribe URL. Mail clients POST List-Unsubscribe=One-Click to it (RFC 8058);
  // a GET (a person, or a scanner following every link) changes nothing and leads to the page
  // whose one button unsubscribes.
  api.post(
    '/one-click',
    {
      schema: {
        querystring: oneClickQuery,
        body: z.unknown(),
        response: { 200: unsubscribeAnswer, ...errorResponses(400, 415, 429) },
      },
      config: { acceptsForm: true, acceptsMultipartForm: true, rateLimit: linkLimit },
    },
    async (request) => {
      const { token } = request.query;
      if (!tokenPattern.test(token)) throw new HttpError(400, 'invalid', 'This unsubscribe link is incomplete.', { fields: { token: 'is incomplete' } });
      await service.unsubscribe(token);
      return { unsubscribed: true as const };
    },
  );

  api.get('/one-click', { schema: { querystring: oneClickQuery, response: { 303: z.null(), ...errorResponses(400) } } }, async (request, reply) => {
    const { token } = request.query;
    if (!tokenPattern.test(token)) throw new HttpError(400, 'invalid', 'This unsubscribe link is incomplete.', { fields: { token: 'is incomplete' } });
    // The fragment keeps the token out of the next request, its logs and its Referer.
    return reply.header('cache-control', 'no-store').redirect(`${subscriptionPages.unsubscribe}#token=${token}`, 303);
  });
}
