import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { noticeEventKinds } from '../status-events/status-event-map.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { incidentsFeedRoute, incidentsPublicRoutes, incidentsStaffRoutes } from './incidents-routes.ts';
import { IncidentsService } from './incidents-service.ts';

/**
 * What incidents need of the monitors (which exist, their names): the status capability,
 * registered after this one because it reads incidents' maintenance, hands it in once built
 * (`app.incidents.setMonitorDirectory`), so neither reaches into the other.
 */
export interface MonitorDirectory {
  /** The ids among these that are monitors, read in the change's transaction. */
  existing(db: Transaction<Database>, ids: readonly string[]): Promise<Set<string>>;
  names(): { id: string; name: string }[];
}

declare module 'fastify' {
  interface FastifyInstance {
    incidents: IncidentsService & { setMonitorDirectory(directory: MonitorDirectory): void };
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
  let directory: MonitorDirectory | undefined;
  const monitors = () => {
    if (!directory) throw new Error('incidents: the monitors are not known yet (the status capability hands them in when it is built)');
    return directory;
  };
  const service = new IncidentsService({
    db: app.db,
    audit: app.audit,
    log: app.log,
    now: app.clock,
    existingMonitors: (trx, ids) => monitors().existing(trx, ids),
    events,
  });
  await service.refresh();
  events.subscribe(noticeEventKinds, (_event, origin) => (origin === 'elsewhere' ? service.followElsewhere() : undefined));
  events.onResync(() => void service.followElsewhere());
  app.decorate(
    'incidents',
    Object.assign(service, {
      setMonitorDirectory: (given: MonitorDirectory) => {
        directory = given;
      },
    }),
  );
  app.jobs.every({ name: 'maintenance announcements', everyMs: announceEveryMs }, () => service.announceDue());

  await app.register(async (scope) => incidentsStaffRoutes(scope, service), { prefix: '/api/staff' });
  // History and one incident, public, each with an ETag for revalidation (this scope only). The
  // monitors' names come from the directory the status capability handed in, read when a request asks.
  await app.register(
    async (scope) => {
      await scope.register(fastifyEtag);
      incidentsPublicRoutes(scope, service, () => monitors().names());
    },
    { prefix: '/api/status' },
  );
  await app.register(async (scope) => incidentsFeedRoute(scope, service));
}
export const incidentsPlugin = fp(incidentsCapability, { name: 'incidents', dependencies: ['database', 'jobs', 'audit', 'staff', 'status-events'] });
