import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { inboxCounts, contactMessageDetail, inboxPage, inboxQuery, messageParams, retryAnswer, retryBody } from '../../contracts/staff-contact.ts';
import type { ContactDeliveries, InboxActor } from './contact-deliveries.ts';

/**
 * /api/staff/contact: contact messages' deliveries to the team, for the console's Conversations
 * section (permission contact.handle, as the conversations themselves). HTTP only:
 * schemas from contracts/staff-contact.ts, then one call to the deliveries.
 */
export function contactConsoleRoutes(app: FastifyInstance, deps: { deliveries: ContactDeliveries }): void {
  const { deliveries } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const handles = app.staffAccess.require('contact.handle');
  const actor = (request: FastifyRequest): InboxActor => ({ id: request.staff!.id, email: request.staff!.email, clientIp: request.ip });

  api.get(
    '/messages',
    { preHandler: handles, schema: { querystring: inboxQuery, response: { 200: inboxPage, ...errorResponses(400, 401, 403) } } },
    async (request) => deliveries.list(request.query),
  );

  api.get('/counts', { preHandler: handles, schema: { response: { 200: inboxCounts, ...errorResponses(401, 403) } } }, async () => deliveries.counts());

  api.get(
    '/messages/:id',
    { preHandler: handles, schema: { params: messageParams, response: { 200: contactMessageDetail, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => deliveries.detail(request.params.id),
  );

  api.post(
    '/messages/:id/retry',
    { preHandler: handles, schema: { params: messageParams, body: retryBody, response: { 200: retryAnswer, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => deliveries.retry(request.params.id, request.body.channel, actor(request)),
  );
}
