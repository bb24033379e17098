import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dayMs, scheduleRetention } from '../jobs/retention.ts';
import { LocalCoordinator, PgCoordinator, type Coordinator } from './coordination.ts';
import { MonitorCatalog } from './monitor-catalog.ts';
import { monitorsRoutes } from './monitors-routes.ts';
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
import { ProbeAgents } from '../probe-locations/agents-service.ts';
import { agentsConsoleRoutes } from '../probe-locations/agents-console-routes.ts';
import { agentApiRoutes, locationsRoutes } from '../probe-locations/probe-locations-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The status capability: the board (monitors, probes, stream) and the console's monitors. */
    status: { service: StatusService; monitors: MonitorsService; checker: StatusChecker; agents: ProbeAgents };
  }
}

/**
 * The status capability's services, app-wide (the incidents capability joins the board through
 * them). The monitors come from the database; MONITORS_FILE fills it on the first start
 * (docs/decisions.md 37). Probing starts when the app is ready and stops when it closes.
 */
async function statusCapability(app: FastifyInstance): Promise<void> {
  const now = app.clock;
  const placeholders = { PORT: app.config.port, DEMO_MC_PORT: app.config.panel.demoMcPort };
  const seed = await seedFromFile({ db: app.db, audit: app.audit, file: app.config.status.monitorsFile, placeholders, now });
  if (seed.seeded) app.log.info(seed, 'status: the monitors file was imported into the database (first start)');

  const catalog = new MonitorCatalog(app.db, placeholders);
  await catalog.refresh();
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
  const { streamsPerAddress, streamsTotal, allowPrivate, staffTargetsAllowPrivate, checkPorts, dnsServers, checksInFlight, dnsTimeoutMs, prober } =
    app.config.status;
  const service = new StatusService({
    db: app.db,
    dialect: app.dialect,
    prober,
    catalog,
    coordinator,
    log: app.log,
    streams: { maxPerAddress: streamsPerAddress, maxTotal: streamsTotal },
    clock: now,
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
  const agents = new ProbeAgents({
    db: app.db,
    audit: app.audit,
    now,
    siteOrigin: app.config.publicUrl,
    own: prober,
    status: {
      active: () => service.activeMonitors(),
      acceptResults: (location, results) => service.acceptResults(location, results),
      ownLastRoundAt: () => service.locationSeenAt(prober.location),
    },
  });
  service.setLocationSource(agents);
  app.decorate('status', { service, monitors, checker, agents });

  registerStatusMetrics(app.metrics, service);
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
  // Open streams would keep server.close() waiting: end them before it is called.
  app.addHook('preClose', async () => {
    service.closeStreams();
  });
  app.addHook('onClose', async () => {
    await service.stop();
  });

  // Raw results are kept 7 days and hourly sums 90 days (the longest uptime window): both
  // cutoffs are the repository's (applyRetention), counted from the app's clock.
  scheduleRetention(app, { name: 'status', keepDays: retention.rawMs / dayMs, purge: () => applyRetention(app.db, app.clock()) });
}
export const statusCorePlugin = fp(statusCapability, { name: 'status', dependencies: ['database', 'jobs', 'metrics', 'readiness', 'audit'] });

/** /api/status: the board, its live stream, the visitors' checker and badges. */
export async function statusPlugin(app: FastifyInstance): Promise<void> {
  const { service, checker, agents } = app.status;
  statusRoutes(app, { service, checker });
  locationsRoutes(app, agents);
  // Read through the service, so both keep working whatever holds the monitors.
  statusBadgeRoutes(app, { service });
}

/** /api/probes: the probe agents' API (docs/decisions.md 48). */
export async function agentApiPlugin(app: FastifyInstance): Promise<void> {
  agentApiRoutes(app, app.status.agents);
}

/** /api/staff/probe-agents: the console's agent tokens (admins). */
export async function agentsConsolePlugin(app: FastifyInstance): Promise<void> {
  agentsConsoleRoutes(app, app.status.agents);
}

/** /api/staff/monitors: the console's Monitors section (admins). */
export async function monitorsConsolePlugin(app: FastifyInstance): Promise<void> {
  monitorsRoutes(app, app.status.monitors);
}
