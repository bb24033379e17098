import type { FastifyInstance } from 'fastify';
import { retentionEveryMs } from '../jobs/retention.ts';
import { LocalCoordinator, PgCoordinator, type Coordinator } from './coordination.ts';
import { loadMonitorsFile } from './monitors-file.ts';
import { NameResolver } from './name-resolver.ts';
import { applyRetention, resultsAt } from './status-repository.ts';
import { statusRoutes } from './status-routes.ts';
import { registerStatusMetrics } from './status-metrics.ts';
import { StatusChecker } from './status-checker.ts';
import { StatusService } from './status-service.ts';
import { subscriptionsPlugin, type SubscriptionsPluginOptions } from '../subscriptions/subscriptions-plugin.ts';
import { statusBadgeRoutes } from './status-badge-routes.ts';

/**
 * The status capability under /api/status. Probing starts when the app is ready and stops
 * when it closes; an empty monitors file means no probing at all.
 */
export async function statusPlugin(app: FastifyInstance, options: { subscriptions?: Omit<SubscriptionsPluginOptions, 'board'> } = {}): Promise<void> {
  const { monitors, incidents } = loadMonitorsFile(app.config.status.monitorsFile, {
    PORT: app.config.port,
    DEMO_MC_PORT: app.config.panel.demoMcPort,
  });
  const shortestIntervalMs = Math.min(30_000, ...monitors.map((m) => m.intervalSeconds * 1000));
  const coordinator: Coordinator = app.pgPool
    ? new PgCoordinator({
        pool: app.pgPool,
        // Retry the lock every half interval: a dead holder is replaced within one interval.
        retryMs: Math.max(100, shortestIntervalMs / 2),
        log: app.log,
        loadRound: async (id) => {
          const rows = await resultsAt(app.db, id);
          return { id, updates: rows.map((r) => ({ id: r.monitorId, status: r.state, latency: r.latency, timestamp: r.at })) };
        },
      })
    : new LocalCoordinator();
  const { streamsPerAddress, streamsTotal, allowPrivate, checkPorts, dnsServers, checksInFlight, dnsTimeoutMs } = app.config.status;
  const service = new StatusService({
    db: app.db,
    monitors,
    incidents,
    coordinator,
    log: app.log,
    streams: { maxPerAddress: streamsPerAddress, maxTotal: streamsTotal },
  });

  registerStatusMetrics(app.metrics, service, monitors);
  // Ready when some instance probes: this one, or another whose rounds arrive in time.
  app.readiness.add('prober', async () => {
    if (monitors.length === 0) return { ok: true, detail: 'no monitors configured' };
    if (service.probing) return { ok: true, detail: 'this instance runs the probes' };
    const age = service.lastRoundAt === undefined ? undefined : Date.now() - service.lastRoundAt;
    const limit = 3 * shortestIntervalMs;
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

  // Raw results are kept 7 days and hourly sums 90 days (the longest uptime window).
  app.jobs.every({ name: 'status retention', everyMs: retentionEveryMs }, async () => {
    const removed = await applyRetention(app.db);
    if (removed.raw || removed.hourly) app.log.info({ removed }, 'status: rows past retention removed');
  });

  const checker = new StatusChecker({
    allowPrivate,
    ports: checkPorts,
    maxInFlight: checksInFlight,
    resolver: new NameResolver({ servers: dnsServers, timeoutMs: dnsTimeoutMs }),
  });
  statusRoutes(app, { service, checker });
  // Read through the service, so both keep working whatever holds the monitors.
  statusBadgeRoutes(app, { service });
  await app.register(subscriptionsPlugin, { prefix: '/subscriptions', ...options.subscriptions, board: service });
}
