import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { monitorEdit, monitorInput, monitorParams, staffMonitor, staffMonitorList } from '../../contracts/monitors.ts';
import type { Acting, MonitorsService } from './monitors-service.ts';

const noContent = z.null().describe('No content');

function actingOf(request: FastifyRequest): Acting {
  return { actor: { kind: 'staff', id: request.staff!.id, label: request.staff!.email }, clientIp: request.ip };
}

/** /api/staff/monitors (admins, monitors.manage): list, add, edit, pause, resume, delete. HTTP only. */
export function monitorsRoutes(app: FastifyInstance, monitors: MonitorsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.staffAccess.require('monitors.manage');
  const denied = errorResponses(401, 403);

  api.get('/', { preHandler, schema: { response: { 200: staffMonitorList, ...denied } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { monitors: await monitors.list() };
  });

  api.post(
    '/',
    { preHandler, schema: { body: monitorInput, response: { 201: staffMonitor, ...errorResponses(400, 401, 403, 409) } } },
    async (request, reply) => {
      const created = await monitors.create(request.body, actingOf(request));
      return reply.status(201).send(created);
    },
  );

  api.put(
    '/:id',
    { preHandler, schema: { params: monitorParams, body: monitorEdit, response: { 200: staffMonitor, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => monitors.update(request.params.id, request.body, actingOf(request)),
  );

  api.post(
    '/:id/pause',
    { preHandler, schema: { params: monitorParams, response: { 200: staffMonitor, ...errorResponses(401, 403, 404) } } },
    async (request) => monitors.setPaused(request.params.id, true, actingOf(request)),
  );

  api.post(
    '/:id/resume',
    { preHandler, schema: { params: monitorParams, response: { 200: staffMonitor, ...errorResponses(401, 403, 404) } } },
    async (request) => monitors.setPaused(request.params.id, false, actingOf(request)),
  );

  api.delete(
    '/:id',
    { preHandler, schema: { params: monitorParams, response: { 204: noContent, ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      await monitors.remove(request.params.id, actingOf(request));
      return reply.status(204).send(null);
    },
  );
}
