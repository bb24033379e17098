import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { brandName } from '../../contracts/brand.ts';
import { monitorChangedKind } from '../../contracts/status-rules.ts';
import { scheduleRetention } from '../jobs/retention.ts';
import type { OutboxOptions } from '../outbox/outbox-options.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import { SmtpSender } from '../outbox/smtp-sender.ts';
import { existingMonitorIds, findMonitor } from '../status/monitors-repository.ts';
import { NameResolver } from '../status/name-resolver.ts';
import { AlertChannelsService } from './alert-channels-service.ts';
import { AlertLinks } from './alert-links.ts';
import { alertLanes, alertOutbox } from './alert-outbox.ts';
import type { ClaimedAlertDelivery } from './alert-deliveries-repository.ts';
import { writeAlertMessage } from './alert-message-writer.ts';
import { changesWaiting } from './alert-settings-repository.ts';
import { purgeAlerts } from './alerts-repository.ts';
import { alertsRoutes } from './alerts-routes.ts';
import { AlertsService } from './alerts-service.ts';
import type { AlertsServiceDeps, TeamNotice } from './alerts-service-deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Alerts to the team: the service, the channels, the alert outbox (tests wait on
     * `outbox.idle()`), and `notifyTeam`, the seam other capabilities (the support desk) tell the
     * team through: the channels that opted in to support notices.
     */
    alerts: {
      service: AlertsService;
      channels: AlertChannelsService;
      outbox: OutboxWorker<ClaimedAlertDelivery>;
      notifyTeam: (notice: TeamNotice) => Promise<number>;
    };
  }
}

export interface AlertsPluginOptions {
  /** Worker tuning (tests make it quick); production uses the defaults. */
  outbox?: Partial<OutboxOptions>;
  /** How often the event log is looked at for monitor changes (also woken by each published change). */
  fanOutEveryMs?: number;
  /** How often reminders, ended maintenance windows and drafts due to publish are looked at. */
  rulesEveryMs?: number;
}

/** Sent and failed alert messages, and recovered alerts, are kept this long, then deleted. */
const keepAlertsDays = 30;

/**
 * Alerts to the team under /api/staff/alerts (docs/decisions.md 50-52): channels, the fan-out of
 * monitor changes from the status event log (a job on the one scheduler, woken by each
 * `monitor.changed` publication of the status events), reminders, held alerts released when a maintenance window ends,
 * draft incidents and their auto-publish, and the alert outbox. It reads monitors through the
 * status capability and writes incidents through the incidents capability, so it comes after both.
 */
async function alertsCapability(app: FastifyInstance, options: AlertsPluginOptions): Promise<void> {
  const { config } = app;
  const status = app.status.service;
  const allowPrivate = config.status.staffTargetsAllowPrivate;
  // Trusted configuration (docs/decisions.md 50): with STAFF_TARGETS_ALLOW_PRIVATE any address and
  // port; without it, the public policy visitors' webhooks follow.
  const policy = {
    allowPrivate,
    ports: allowPrivate ? ([[1, 65535]] as [number, number][]) : config.status.checkPorts,
    resolver: new NameResolver({ servers: config.status.dnsServers, timeoutMs: config.status.dnsTimeoutMs }),
  };
  let outbox: OutboxWorker<ClaimedAlertDelivery> | undefined;
  const maxAgeMs = options.outbox?.maxAgeMs ?? 24 * 60 * 60 * 1000;
  const deps: AlertsServiceDeps = {
    db: app.db,
    dialect: app.dialect,
    audit: app.audit,
    incidents: app.incidents,
    monitorName: (id) => status.catalog.find(id)?.name ?? id,
    // Read from the database: the catalog may not be loaded yet when the first rules run.
    monitorState: async (id) => {
      const monitor = await findMonitor(app.db, id);
      return monitor === undefined ? 'gone' : monitor.paused ? 'paused' : 'active';
    },
    inMaintenance: (id, at) => app.incidents.inMaintenance(id, at),
    links: new AlertLinks(config.sessionSecret),
    publicUrl: config.publicUrl,
    siteName: brandName,
    log: app.log,
    onQueued: () => outbox?.wake(),
    maxAgeMs,
    now: app.clock,
  };
  const service = new AlertsService(deps);
  const sendTimeoutMs = options.outbox?.sendTimeoutMs ?? 10_000;
  const channels = new AlertChannelsService({
    db: app.db,
    audit: app.audit,
    policy,
    mail: Boolean(config.subscriptions.smtpUrl),
    knownMonitors: (ids) => existingMonitorIds(app.db, ids),
    sendTest: (channel, acting) => service.sendTest(channel, acting, sendTimeoutMs + 5_000),
    now: app.clock,
  });
  const write = (job: ClaimedAlertDelivery) => writeAlertMessage(job, deps);
  const host = new URL(config.publicUrl).hostname;
  const lanes = alertLanes(write, {
    policy,
    userAgent: `${brandName}-alerts`,
    mail: {
      sender: config.subscriptions.smtpUrl ? new SmtpSender(config.subscriptions.smtpUrl, { pool: false }) : undefined,
      from: { name: `${brandName} Alerts`, address: config.subscriptions.mailFrom },
      domain: `alerts.${host}`,
    },
  });
  outbox = alertOutbox(app.db, lanes, app.log, { dialect: app.dialect, clock: app.clock, ...options.outbox });
  const notifyTeam = (notice: TeamNotice) => service.notifyTeam(notice);
  app.decorate('alerts', { service, channels, outbox, notifyTeam });
  await app.register(async (scope) => alertsRoutes(scope, { alerts: service, channels }), { prefix: '/api/staff/alerts' });

  const fanOutJob = 'alerts fan-out';
  app.jobs.every({ name: fanOutJob, everyMs: options.fanOutEveryMs ?? 1_000 }, async () => {
    // A cheap look first: most seconds have no change.
    if (!(await changesWaiting(app.db))) return;
    const read = await service.fanOut.run();
    if (read) app.log.info({ changes: read }, 'alerts: monitor changes read');
  });
  // A monitor's change published (this instance's prober, an agent's batch, another instance): look at once rather than at the next tick.
  app.statusEvents.subscribe([monitorChangedKind], () => app.jobs.wake(fanOutJob));
  app.jobs.every({ name: 'alerts rules', everyMs: options.rulesEveryMs ?? 5_000 }, async () => {
    await service.fanOut.endOrphans();
    await service.fanOut.releaseHeld();
    await service.fanOut.remind();
    await service.drafts.autoPublish();
  });
  scheduleRetention(app, { name: 'alerts', keepDays: keepAlertsDays, purge: async (cutoff) => purgeAlerts(app.db, cutoff) });

  app.addHook('onReady', async () => {
    await outbox.start();
  });
  app.addHook('onClose', async () => {
    await outbox.stop();
  });
}
export const alertsPlugin = fp(alertsCapability, {
  name: 'alerts',
  dependencies: ['database', 'jobs', 'staff', 'audit', 'status-events', 'status', 'incidents'],
});
