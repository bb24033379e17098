import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountSession, customerMe, emailLinkRequest, emailLinkRequested, emailLinkSignInBody } from '../../contracts/accounts.ts';
import { emailLinkMinutes } from '../../contracts/accounts-rules.ts';
import { errorResponses, noContent } from '../../contracts/http-error.ts';
import { HttpError } from '../lib/http-error.ts';
import { linkRequestedMessage } from './email-link-signin.ts';
import { meOf } from './accounts-service.ts';

/** Open sign-in routes: at most this many a minute from one address (per instance), on top of the limits kept in the database. */
export function openRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new HttpError(429, 'rate_limited', `Too many sign-in attempts from your address. Please wait ${seconds} seconds and try again.`, {
          headers: { 'retry-after': String(seconds) },
        });
      },
    },
  };
}

export const notSignedIn = () => new HttpError(401, 'not_signed_in', 'You are not signed in (or your session has ended). Please sign in again.');

/**
 * /api/account: the session, sign-in by e-mail link, sign-out. HTTP only: schemas from
 * contracts/accounts.ts, then one call to a service. Passkeys and the portal add their own.
 */
export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service, emailLinks, ways } = app.accounts;

  api.get('/session', { schema: { response: { 200: accountSession } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const live = await service.live(request);
    return { customer: live ? meOf(live.account) : null, signIn: ways() };
  });

  api.get('/me', { schema: { response: { 200: customerMe, ...errorResponses(401) } } }, async (request) => {
    const live = await service.live(request);
    if (!live) throw notSignedIn();
    return meOf(live.account);
  });

  api.post(
    '/email-link',
    { config: openRateLimit(20), schema: { body: emailLinkRequest, response: { 202: emailLinkRequested, ...errorResponses(400, 429, 503) } } },
    async (request, reply) => {
      await emailLinks.request(request.body.email, request.ip);
      return reply.status(202).send({ message: linkRequestedMessage, expiresInMinutes: emailLinkMinutes });
    },
  );

  api.post(
    '/email-link/signin',
    { config: openRateLimit(30), schema: { body: emailLinkSignInBody, response: { 200: customerMe, ...errorResponses(400, 404, 410, 429) } } },
    async (request, reply) => {
      const email = await emailLinks.use(request.body.token);
      const account = await service.accountForVerifiedEmail(email);
      return service.signIn(request, reply, account, 'email-link');
    },
  );

  api.post('/signout', { schema: { response: { 204: noContent } } }, async (request, reply) => {
    await service.signOut(request, reply);
    return reply.status(204).send(null);
  });

  api.post('/signout-everywhere', { schema: { response: { 204: noContent, ...errorResponses(401) } } }, async (request, reply) => {
    const live = await service.live(request);
    if (!live) throw notSignedIn();
    await service.signOutEverywhere(request, reply, live.account);
    return reply.status(204).send(null);
  });
}
