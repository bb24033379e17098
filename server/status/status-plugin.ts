import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dayMs } from '../../contracts/time-units.ts';
import { scheduleRetention } from '../jobs/retention.ts';
import { LocalCoordinator, PgCoordinator, type Coordinator } from './coordination.ts';
import { MonitorCatalog } from './monitor-catalog.ts';
import { monitorsRoutes } from './monitors-routes.ts';
import { existingMonitorIds } from './monitors-repository.ts';
import type { MonitorsFileSection } from './monitors-file-section.ts';
import { seedFromFile } from './monitors-seed.ts';
import { MonitorsService } from './monitors-service.ts';
import { NameResolver } from './name-resolver.ts';
import { updateOfRow } from './probe-scheduler.ts';
import { applyRetention, resultsAt, retention } from './status-repository.ts';
import { statusRoutes } from './status-routes.ts';
import { registerStatusMetrics } from './status-metrics.ts';
import { StatusChecker } from './status-checker.ts';
import { StatusService } from './status-service.ts';
import { statusBadgeRoutes } from './status-badge-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The status capability: the board (monitors, probes, stream) and the console's monitors. */
    status: { service: StatusService; monitors: MonitorsService; checker: StatusChecker };
  }
}

export interface StatusPluginOptions {
  /** The monitors file's sections other capabilities own (server/app.ts hands in the alerts'; docs/decisions.md 140). */
  monitorsFileSections?: readonly MonitorsFileSection[];
}

/**
 * The status capability: the board (monitors, probes, live state, uptime) and the console's
 * monitors, with their routes under /api/status and /api/staff/monitors. The monitors come from the database; MONITORS_FILE
 * fills it on the first start (docs/decisions.md 37). It reads incidents' maintenance and pushes
 * to open boards through the status events. Probing starts when the app is ready and stops when it closes.
 */
async function statusCapability(app: FastifyInstance, options: StatusPluginOptions): Promise<void> {
  const now = app.clock;
  const placeholders = { PORT: app.config.port, DEMO_MC_PORT: app.config.panel.demoMcPort };
  const sections = options.monitorsFileSections ?? [];
  const seed = await seedFromFile({ db: app.db, audit: app.audit, file: app.config.status.monitorsFile, placeholders, sections, now });
  if (seed.seeded) {
    app.log.info(seed, 'status: the monitors file was imported into the database (first start)');
    // The file's incidents too: the incidents capability reads its copy again.
    await app.incidents.refresh();
  }

  const catalog = new MonitorCatalog(app.db, placeholders);
  await catalog.refresh();
  // What incidents need of the monitors, handed in now that they are known (server/incidents/incidents-plugin.ts).
  app.incidents.setMonitorDirectory({
    existing: (trx, ids) => existingMonitorIds(trx, ids),
    names: () => catalog.all.map(({ id, name }) => ({ id, name })),
  });
  const shortestIntervalMs = () => Math.min(30_000, ...catalog.active().map((m) => m.intervalSeconds * 1000));
  const coordinator: Coordinator = app.pgPool
    ? new PgCoordinator({
        pool: app.pgPool,
        // Retry the lock every half interval: a dead holder is replaced within one interval.
        retryMs: Math.max(100, shortestIntervalMs() / 2),
        log: app.log,
        loadRound: async (id) => ({ id, updates: (await resultsAt(app.db, id)).map(updateOfRow) }),
      })
    : new LocalCoordinator();
  const { allowPrivate, staffTargetsAllowPrivate, checkPorts, dnsServers, checksInFlight, dnsTimeoutMs, prober } = app.config.status;
  const events = app.statusEvents;
  const service = new StatusService({
    db: app.db,
    dialect: app.dialect,
    prober,
    catalog,
    coordinator,
    log: app.log,
    events,
    notices: app.incidents,
    clock: now,
    jobs: app.jobs,
  });
  const resolver = new NameResolver({ servers: dnsServers, timeoutMs: dnsTimeoutMs });
  const monitors = new MonitorsService({
    db: app.db,
    audit: app.audit,
    placeholders,
    // Admins' monitors are trusted configuration with a switch of their own (docs/decisions.md 49).
    policy: { allowPrivate: staffTargetsAllowPrivate, resolver },
    liveOf: (id) => service.liveOf(id),
    changed: () => service.monitorsChanged(),
    now,
  });
  const checker = new StatusChecker({ allowPrivate, ports: checkPorts, maxInFlight: checksInFlight, resolver });
  app.decorate('status', { service, monitors, checker });

  registerStatusMetrics(app.metrics, service, events.hub);
  // Ready when some instance probes: this one, or another whose rounds arrive in time.
  app.readiness.add('prober', async () => {
    if (catalog.active().length === 0) return { ok: true, detail: 'no monitors to probe' };
    if (service.probing) return { ok: true, detail: 'this instance runs the probes' };
    const age = service.lastRoundAt === undefined ? undefined : now() - service.lastRoundAt;
    const limit = 3 * shortestIntervalMs();
    if (age !== undefined && age <= limit) return { ok: true, detail: `another instance probes; last round ${Math.round(age / 1000)} s ago` };
    return { ok: false, detail: age === undefined ? 'no instance has probed yet' : `no round for ${Math.round(age / 1000)} s` };
  });

  app.addHook('onReady', async () => {
    await service.start();
  });
  app.addHook('onClose', async () => {
    await service.stop();
  });

  // Raw results are kept 7 days and hourly sums 90 days (the longest uptime window): both
  // cutoffs are the repository's (applyRetention), counted from the app's clock.
  scheduleRetention(app, { name: 'status', keepDays: retention.rawMs / dayMs, purge: () => applyRetention(app.db, app.clock()) });

  // The prefixes the status capability owns.
  await app.register(
    async (scope) => {
      // The board, its live stream, the visitors' checker and badges.
      statusRoutes(scope, { service, checker, hub: events.hub });
      statusBadgeRoutes(scope, { service });
    },
    { prefix: '/api/status' },
  );
  // The console's Monitors section (admins).
  await app.register(async (scope) => monitorsRoutes(scope, monitors), { prefix: '/api/staff/monitors' });
}
export const statusPlugin = fp(statusCapability, {
  name: 'status',
  dependencies: ['database', 'jobs', 'metrics', 'readiness', 'audit', 'staff', 'status-events', 'incidents'],
});
