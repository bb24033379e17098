import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { noticeEventKinds } from '../status-events/status-event-map.ts';
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
 * The incidents capability: the service (before the status board, which reads its maintenance
 * and notices), the clock's announcements, and its routes: incidents and maintenance for staff
 * under /api/staff, history and one incident under /api/status, and the Atom feed. Every change
 * is published to the status events; a change made on another instance (or a lost LISTEN) makes
 * this instance read its copy again.
 */
async function incidentsCapability(app: FastifyInstance): Promise<void> {
  const events = app.statusEvents;
  const service = new IncidentsService({
    db: app.db,
    audit: app.audit,
    log: app.log,
    now: app.clock,
    existingMonitors: (trx, ids) => existingMonitorIds(trx, ids),
    events,
  });
  await service.refresh();
  events.subscribe(noticeEventKinds, (_event, origin) => (origin === 'elsewhere' ? service.followElsewhere() : undefined));
  events.onResync(() => void service.followElsewhere());
  app.decorate('incidents', service);
  app.jobs.every({ name: 'maintenance announcements', everyMs: announceEveryMs }, () => service.announceDue());

  await app.register(async (scope) => incidentsStaffRoutes(scope, service), { prefix: '/api/staff' });
  // History and one incident, public, each with an ETag for revalidation (this scope only). The
  // monitors' names come from the status capability's catalogue, read when a request asks.
  await app.register(
    async (scope) => {
      await scope.register(fastifyEtag);
      incidentsPublicRoutes(scope, service, () => app.status.service.catalog.all.map(({ id, name }) => ({ id, name })));
    },
    { prefix: '/api/status' },
  );
  await app.register(async (scope) => incidentsFeedRoute(scope, service));
}
export const incidentsPlugin = fp(incidentsCapability, { name: 'incidents', dependencies: ['database', 'jobs', 'audit', 'staff', 'status-events'] });
