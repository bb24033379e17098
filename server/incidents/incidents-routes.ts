import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contracts/http-error.ts';
import {
  editUpdateBody,
  extendMaintenanceBody,
  incident,
  incidentList,
  incidentParams,
  incidentUpdateBody,
  incidentUpdateParams,
  maintenance,
  maintenanceList,
  newIncidentBody,
  newMaintenanceBody,
  resolveIncidentBody,
  statusHistory,
} from '../../contracts/incidents.ts';
import { atomFeed, feedPath } from './incidents-feed.ts';
import type { IncidentsService } from './incidents-service.ts';

/**
 * The public reads change whenever staff write (a correction to an update must show on the next
 * load), so browsers and proxies keep them but ask again each time: the ETag (incidentsPublicPlugin)
 * makes an unchanged answer a 304 without a body.
 */
const publicCache = 'public, no-cache';

/** /api/staff/incidents and /api/staff/maintenance (admins and support: incidents.manage). HTTP only. */
export function incidentsStaffRoutes(app: FastifyInstance, service: IncidentsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.staffAccess.require('incidents.manage');
  const denied = errorResponses(401, 403);

  api.get('/incidents', { preHandler, schema: { response: { 200: incidentList, ...denied } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { incidents: await service.listIncidents() };
  });

  api.post(
    '/incidents',
    { preHandler, schema: { body: newIncidentBody, response: { 201: incident, ...errorResponses(400, 401, 403) } } },
    async (request, reply) => reply.status(201).send(await service.createIncident(request.body, request.acting!)),
  );

  api.post(
    '/incidents/:id/updates',
    { preHandler, schema: { params: incidentParams, body: incidentUpdateBody, response: { 200: incident, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => service.postUpdate(request.params.id, request.body, request.acting!),
  );

  api.put(
    '/incidents/:id/updates/:updateId',
    { preHandler, schema: { params: incidentUpdateParams, body: editUpdateBody, response: { 200: incident, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => service.editUpdate(request.params.id, request.params.updateId, request.body.message, request.acting!),
  );

  api.post(
    '/incidents/:id/resolve',
    { preHandler, schema: { params: incidentParams, body: resolveIncidentBody, response: { 200: incident, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => service.resolve(request.params.id, request.body.message, request.acting!),
  );

  api.get('/maintenance', { preHandler, schema: { response: { 200: maintenanceList, ...denied } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { maintenance: await service.listMaintenance() };
  });

  api.post(
    '/maintenance',
    { preHandler, schema: { body: newMaintenanceBody, response: { 201: maintenance, ...errorResponses(400, 401, 403) } } },
    async (request, reply) => reply.status(201).send(await service.schedule(request.body, request.acting!)),
  );

  api.post(
    '/maintenance/:id/extend',
    { preHandler, schema: { params: incidentParams, body: extendMaintenanceBody, response: { 200: maintenance, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => service.extend(request.params.id, request.body.endsAt, request.acting!),
  );

  api.post(
    '/maintenance/:id/cancel',
    { preHandler, schema: { params: incidentParams, response: { 200: maintenance, ...errorResponses(401, 403, 404, 409) } } },
    async (request) => service.cancel(request.params.id, request.acting!),
  );
}

/** /api/status/history and /api/status/incidents/:id: the public reads, from stored data only. */
export function incidentsPublicRoutes(app: FastifyInstance, service: IncidentsService, monitorNames: () => { id: string; name: string }[]): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/history', { schema: { response: { 200: statusHistory } } }, async (_request, reply) => {
    void reply.header('cache-control', publicCache);
    const { days, incidents, maintenance: windows } = await service.history();
    return { days, monitors: monitorNames(), incidents, maintenance: windows };
  });

  api.get('/incidents/:id', { schema: { params: incidentParams, response: { 200: incident, ...errorResponses(404) } } }, async (request, reply) => {
    void reply.header('cache-control', publicCache);
    return service.incident(request.params.id);
  });
}

/** /network-status/feed.atom: the Atom feed, built from stored data on each request. */
export function incidentsFeedRoute(app: FastifyInstance, service: IncidentsService): void {
  app.get(feedPath, { schema: { hide: true } }, async (_request, reply) => {
    const now = Date.now();
    const { records } = await service.history(now);
    return reply
      .header('content-type', 'application/atom+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=60')
      .send(await atomFeed(records, app.config.publicUrl, now));
  });
}
