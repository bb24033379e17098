import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existingMonitorIds } from '../status/monitors-repository.ts';
import { incidentsFeedRoute, incidentsPublicRoutes, incidentsStaffRoutes } from './incidents-routes.ts';
import { IncidentsService } from './incidents-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    incidents: IncidentsService;
  }
}

/** How often each instance looks for maintenance windows starting or ending. */
export const announceEveryMs = 1000;

/**
 * The incidents capability, app-wide (after the status capability, whose board it joins): the
 * service, the clock's announcements and the link to other instances. Its routes are the three
 * plugins below.
 */
async function incidentsCapability(app: FastifyInstance): Promise<void> {
  const status = app.status.service;
  const service = new IncidentsService({
    db: app.db,
    audit: app.audit,
    log: app.log,
    now: app.clock,
    board: {
      existingMonitors: (trx, ids) => existingMonitorIds(trx, ids),
      push: (notice) => status.pushNotice(notice),
      broadcast: (eventId) => status.broadcast({ kind: 'notice', eventId }),
    },
  });
  await service.refresh();
  status.setNoticeSource(service);
  status.onSignal((signal) => service.receive(signal));
  app.decorate('incidents', service);
  app.jobs.every({ name: 'maintenance announcements', everyMs: announceEveryMs }, () => service.announceDue());
}
export const incidentsCorePlugin = fp(incidentsCapability, { name: 'incidents', dependencies: ['database', 'jobs', 'audit', 'status'] });

/** /api/staff: incidents and maintenance, for admins and support. */
export async function incidentsStaffPlugin(app: FastifyInstance): Promise<void> {
  incidentsStaffRoutes(app, app.incidents);
}

/** /api/status: history and one incident, public, each with an ETag for revalidation (this scope only). */
export async function incidentsPublicPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifyEtag);
  incidentsPublicRoutes(app, app.incidents, () => app.status.service.catalog.all.map(({ id, name }) => ({ id, name })));
}

/** /network-status/feed.atom. */
export async function incidentsFeedPlugin(app: FastifyInstance): Promise<void> {
  incidentsFeedRoute(app, app.incidents);
}
