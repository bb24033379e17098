import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oidcCallbackQuery, oidcStartQuery } from '../../contracts/accounts.ts';
import { errorResponses } from '../../contracts/http-error.ts';
import { HttpError } from '../lib/http-error.ts';
import { openRateLimit } from './accounts-routes.ts';
import type { PortalSignIn } from './portal-signin.ts';

/**
 * /api/account/oidc: the browser's way through the billing portal. Both answer with a redirect
 * (the portal's sign-in page, then the page the customer came for or the sign-in page with
 * what went wrong), so they are plain links, with no script.
 */
export async function portalRoutes(app: FastifyInstance, options: { portal: PortalSignIn | undefined }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const off = () => new HttpError(404, 'portal_off', 'Sign-in through a billing portal is not set up on this site.');

  api.get(
    '/start',
    { config: openRateLimit(30), schema: { querystring: oidcStartQuery, response: { 302: z.null(), ...errorResponses(404, 429) } } },
    async (request, reply) => {
      if (!options.portal) throw off();
      reply.header('cache-control', 'no-store');
      return reply.redirect(await options.portal.start(reply, request.query.returnTo), 302);
    },
  );

  api.get(
    '/callback',
    { config: openRateLimit(30), schema: { querystring: oidcCallbackQuery, response: { 303: z.null(), ...errorResponses(404, 429) } } },
    async (request, reply) => {
      if (!options.portal) throw off();
      reply.header('cache-control', 'no-store');
      return reply.redirect(await options.portal.callback(request, reply), 303);
    },
  );
}
