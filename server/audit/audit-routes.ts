import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActions, auditPage, auditQuery } from '../../contracts/audit.ts';
import { errorResponses } from '../../contracts/http-error.ts';

/** /api/staff/audit: the log for the staff console, newest first (staff with audit.read). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const canRead = app.staffAccess.require('audit.read');

  api.get('/', { preHandler: canRead, schema: { querystring: auditQuery, response: { 200: auditPage, ...errorResponses(400, 401, 403) } } }, async (request) =>
    app.audit.list(request.query),
  );

  api.get('/actions', { preHandler: canRead, schema: { response: { 200: auditActions, ...errorResponses(401, 403) } } }, async () => ({
    actions: await app.audit.actions(),
  }));
}
