import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, noContent } from '../../contracts/http-error.ts';
import { monitorParams, monitorTypeInfoList, staffMonitor, staffMonitorList } from '../../contracts/monitors.ts';
import { settingFieldsOf } from '../lib/setting-fields.ts';
import { monitorSchemas, monitorTypes } from './monitor-types/index.ts';
import type { MonitorsService } from './monitors-service.ts';

/** /api/staff/monitors (admins, monitors.manage): list, add, edit, pause, resume, delete, and the types the form offers. HTTP only. */
export function monitorsRoutes(app: FastifyInstance, monitors: MonitorsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.staffAccess.require('monitors.manage');
  const denied = errorResponses(401, 403);

  api.get('/', { preHandler, schema: { response: { 200: staffMonitorList, ...denied } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { monitors: await monitors.list() };
  });

  // The registered types with their settings as the form draws them (docs/decisions.md 114).
  const types = monitorTypes.map((t) => ({ type: t.type, label: t.label, targetHint: t.targetHint, fields: settingFieldsOf(t.settings) }));
  api.get('/types', { preHandler, schema: { response: { 200: monitorTypeInfoList, ...denied } } }, async () => ({ types }));

  api.post(
    '/',
    { preHandler, schema: { body: monitorSchemas.input, response: { 201: staffMonitor, ...errorResponses(400, 401, 403, 409) } } },
    async (request, reply) => {
      const created = await monitors.create(request.body, request.acting!);
      return reply.status(201).send(created);
    },
  );

  api.put(
    '/:id',
    { preHandler, schema: { params: monitorParams, body: monitorSchemas.edit, response: { 200: staffMonitor, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => monitors.update(request.params.id, request.body, request.acting!),
  );

  api.post(
    '/:id/pause',
    { preHandler, schema: { params: monitorParams, response: { 200: staffMonitor, ...errorResponses(401, 403, 404) } } },
    async (request) => monitors.setPaused(request.params.id, true, request.acting!),
  );

  api.post(
    '/:id/resume',
    { preHandler, schema: { params: monitorParams, response: { 200: staffMonitor, ...errorResponses(401, 403, 404) } } },
    async (request) => monitors.setPaused(request.params.id, false, request.acting!),
  );

  api.delete(
    '/:id',
    { preHandler, schema: { params: monitorParams, response: { 204: noContent, ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      await monitors.remove(request.params.id, request.acting!);
      return reply.status(204).send(null);
    },
  );
}
