import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  myServersAnswer,
  openAnswer,
  serverParams,
  share,
  shareBody,
  shareList,
  shareMade,
  shareParams,
  shareUpdateBody,
} from '../../../contracts/my-servers.ts';
import type { Customer } from '../../accounts/customer-identity.ts';
import { cookieOptions } from '../../lib/session-cookie.ts';
import { noContent, panelCookieBase, panelErrors } from '../panel-routes.ts';
import { sessionLifetimeMs } from '../session-store.ts';
import type { MyServersService } from './my-servers-service.ts';

/** The signed-in customer of a request (server/accounts/). */
export function currentCustomer(app: FastifyInstance, request: FastifyRequest): Promise<Customer | undefined> {
  return app.customers.current(request);
}

/**
 * /api/panel/my-servers: the signed-in customer's servers and those shared with them, opening
 * one as this browser's panel session, and the owner's sharing (docs/decisions.md 80-82).
 */
export function myServersRoutes(app: FastifyInstance, service: MyServersService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cookie = cookieOptions(app.config, panelCookieBase);
  const errors = panelErrors;

  api.get('/my-servers', { schema: { response: { 200: myServersAnswer, ...errors } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    // A passkey alone cannot find a first account: it takes an e-mail link or the portal.
    const ways = app.accounts.ways();
    return service.list(await currentCustomer(app, request), ways.emailLink || ways.portal !== null, { clientIp: request.ip });
  });

  api.post('/my-servers/:serverId/open', { schema: { params: serverParams, response: { 200: openAnswer, ...errors } } }, async (request, reply) => {
    const customer = await currentCustomer(app, request);
    const { cookie: id, answer } = await service.open(customer, request.params.serverId, request.cookies[cookie.name], request.ip);
    void reply.setCookie(cookie.name, id, { ...cookie.options, maxAge: sessionLifetimeMs / 1000 });
    return answer;
  });

  api.get('/my-servers/:serverId/shares', { schema: { params: serverParams, response: { 200: shareList, ...errors } } }, async (request) => ({
    shares: await service.shares(await currentCustomer(app, request), request.params.serverId),
  }));

  api.post(
    '/my-servers/:serverId/shares',
    { schema: { params: serverParams, body: shareBody, response: { 201: shareMade, ...errors } } },
    async (request, reply) => {
      const made = await service.invite(await currentCustomer(app, request), request.params.serverId, request.body.email, request.body.grants, request.ip);
      return reply.status(201).send(made);
    },
  );

  api.put(
    '/my-servers/:serverId/shares/:shareId',
    { schema: { params: shareParams, body: shareUpdateBody, response: { 200: share, ...errors } } },
    async (request) => service.change(await currentCustomer(app, request), request.params.serverId, request.params.shareId, request.body.grants, request.ip),
  );

  api.delete('/my-servers/:serverId/shares/:shareId', { schema: { params: shareParams, response: { 204: noContent, ...errors } } }, async (request, reply) => {
    await service.remove(await currentCustomer(app, request), request.params.serverId, request.params.shareId, request.ip);
    return reply.status(204).send();
  });
}
