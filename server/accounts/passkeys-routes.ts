import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addCustomerPasskeyBody,
  addPasskeyOptions,
  customerMe,
  customerPasskey,
  customerPasskeyList,
  passkeyIdParams,
  passkeySignInBody,
  passkeySignInOptions,
} from '../../contracts/accounts.ts';
import { errorResponses, noContent } from '../../contracts/http-error.ts';
import { notSignedIn, openRateLimit } from './accounts-routes.ts';

/**
 * /api/account/passkeys: signing in with a passkey (open, rate limited), and the signed-in
 * customer's passkeys (list, add, remove).
 */
export async function passkeysRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service, passkeys } = app.accounts;
  const signedIn = async (request: Parameters<typeof service.live>[0]) => {
    const live = await service.live(request);
    if (!live) throw notSignedIn();
    return live;
  };

  api.post('/signin/options', { config: openRateLimit(30), schema: { response: { 200: passkeySignInOptions, ...errorResponses(429, 503) } } }, async () =>
    passkeys.signInOptions(),
  );

  api.post(
    '/signin',
    { config: openRateLimit(30), schema: { body: passkeySignInBody, response: { 200: customerMe, ...errorResponses(400, 401, 429, 503) } } },
    async (request, reply) => service.signIn(request, reply, await passkeys.signIn(request.body), 'passkey'),
  );

  api.get('/', { schema: { response: { 200: customerPasskeyList, ...errorResponses(401) } } }, async (request) => ({
    passkeys: await passkeys.list((await signedIn(request)).account.id),
  }));

  api.post('/options', { schema: { response: { 200: addPasskeyOptions, ...errorResponses(401, 503) } } }, async (request) =>
    passkeys.addOptions(await signedIn(request)),
  );

  api.post(
    '/',
    { schema: { body: addCustomerPasskeyBody, response: { 201: customerPasskey, ...errorResponses(400, 401, 409, 503) } } },
    async (request, reply) => reply.status(201).send(await passkeys.add(await signedIn(request), request.body)),
  );

  api.delete('/:id', { schema: { params: passkeyIdParams, response: { 204: noContent, ...errorResponses(401, 404) } } }, async (request, reply) => {
    await passkeys.remove((await signedIn(request)).account.id, request.params.id);
    return reply.status(204).send(null);
  });
}
