import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { supportHours, supportHoursAnswer } from '../../contracts/support-hours.ts';
import type { SupportHoursStore } from './support-hours.ts';

/** GET /api/support/hours: the hours and whether they are open now, for every page (public, cached a minute). */
export function supportHoursPublicRoutes(app: FastifyInstance, store: SupportHoursStore): void {
  app.withTypeProvider<ZodTypeProvider>().get('/hours', { schema: { response: { 200: supportHoursAnswer } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=60');
    return store.answer();
  });
}

/** GET and PUT /api/staff/conversations/hours: the team sets its hours (permission contact.handle). */
export function supportHoursConsoleRoutes(app: FastifyInstance, store: SupportHoursStore): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { preHandler: app.staffAccess.require('contact.handle') };
  api.get('/hours', { ...guarded, schema: { response: { 200: supportHoursAnswer, ...errorResponses(401, 403) } } }, async () => store.answer());
  api.put('/hours', { ...guarded, schema: { body: supportHours, response: { 200: supportHoursAnswer, ...errorResponses(400, 401, 403) } } }, async (request) =>
    store.set(request.body, request.acting!),
  );
}
