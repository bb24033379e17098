import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { brandName } from '../../contracts/brand.ts';
import type { SubscriptionChannel } from '../../contracts/subscriptions-rules.ts';
import { scheduleRetention } from '../jobs/retention.ts';
import { noticeEventKinds } from '../status-events/status-event-map.ts';
import { NameResolver } from '../status/name-resolver.ts';
import { SmtpSender } from '../outbox/smtp-sender.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import { emailChannel, notificationOutbox, webhookChannel, type NotificationOutboxOptions } from './notification-outbox.ts';
import type { ClaimedNotification } from './notifications-repository.ts';
import { purgeNotifications } from './notifications-repository.ts';
import { registerSubscriptionMetrics } from './subscriptions-metrics.ts';
import { purgeUnconfirmed } from './subscriptions-repository.ts';
import { subscriptionsRoutes } from './subscriptions-routes.ts';
import { SubscriptionsService, confirmWindowMs } from './subscriptions-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The subscriptions capability: its service, and the notification outbox (tests wait on `outbox.idle()`). */
    subscriptions: { service: SubscriptionsService; outbox: OutboxWorker<ClaimedNotification> };
  }
}

export interface SubscriptionsPluginOptions {
  /** Worker tuning (tests make it quick); production uses the defaults. */
  outbox?: NotificationOutboxOptions;
  /** How often the event log is looked at for news to fan out. */
  fanOutEveryMs?: number;
}

/** Notifications that were sent or failed are kept this long for operators, then deleted. */
const keepNotificationsDays = 30;

/**
 * Status subscriptions under /api/status/subscriptions: the routes, the fan-out of the status
 * event log to notification rows (a job on the one scheduler), and the notification outbox
 * (started when the app is ready, stopped when it closes). A publication of the status events
 * wakes the fan-out; it reads the monitors from the status capability's catalogue, so it comes after it.
 */
async function subscriptionsCapability(app: FastifyInstance, options: SubscriptionsPluginOptions): Promise<void> {
  const { config } = app;
  const channels: SubscriptionChannel[] = config.subscriptions.smtpUrl ? ['email', 'webhook'] : ['webhook'];
  const webhookPolicy = {
    allowPrivate: config.status.allowPrivate,
    ports: config.status.checkPorts,
    resolver: new NameResolver({ servers: config.status.dnsServers, timeoutMs: config.status.dnsTimeoutMs }),
  };
  let outbox: OutboxWorker<ClaimedNotification> | undefined;
  const service = new SubscriptionsService({
    db: app.db,
    dialect: app.dialect,
    monitors: app.status.service.catalog,
    log: app.log,
    publicUrl: config.publicUrl,
    siteName: brandName,
    channels,
    webhookPolicy,
    maxAgeMs: options.outbox?.maxAgeMs ?? 24 * 60 * 60 * 1000,
    onQueued: () => outbox?.wake(),
    secret: config.sessionSecret,
    now: app.clock,
  });
  const write = (job: Parameters<SubscriptionsService['write']>[0]) => service.write(job);
  const onAttempt = registerSubscriptionMetrics(app.metrics, app.db, channels);
  const listId = `<status.${new URL(config.publicUrl).hostname}>`;
  const lanes = [
    ...(config.subscriptions.smtpUrl
      ? [
          emailChannel(
            new SmtpSender(config.subscriptions.smtpUrl, { pool: true }),
            { name: `${brandName} Status`, address: config.subscriptions.mailFrom },
            write,
            listId,
          ),
        ]
      : []),
    webhookChannel(webhookPolicy, write, `${brandName}-status-notifications`),
  ];
  outbox = notificationOutbox(app.db, lanes, app.log, { dialect: app.dialect, clock: app.clock, onAttempt, ...options.outbox });
  app.decorate('subscriptions', { service, outbox });
  await app.register(async (scope) => subscriptionsRoutes(scope, { service }), { prefix: '/api/status/subscriptions' });

  const fanOutJob = 'status notifications fan-out';
  app.jobs.every({ name: fanOutJob, everyMs: options.fanOutEveryMs ?? 2_000 }, async () => {
    const { events, created } = await service.fanOut();
    if (events) app.log.info({ events, created }, 'status notifications: events fanned out');
  });
  // A published incident or maintenance change wakes the fan-out at once; the job's tick stays the safety net.
  app.statusEvents.subscribe(noticeEventKinds, () => app.jobs.wake(fanOutJob));
  scheduleRetention(app, {
    name: 'unconfirmed subscriptions',
    keepDays: confirmWindowMs / (24 * 60 * 60 * 1000),
    purge: async (cutoff, now) => purgeUnconfirmed(app.db, cutoff, now),
  });
  scheduleRetention(app, {
    name: 'status notifications',
    keepDays: keepNotificationsDays,
    purge: async (cutoff) => ({ notifications: await purgeNotifications(app.db, cutoff) }),
  });

  app.addHook('onReady', async () => {
    await outbox.start();
  });
  app.addHook('onClose', async () => {
    await outbox.stop();
  });
}
export const subscriptionsPlugin = fp(subscriptionsCapability, {
  name: 'subscriptions',
  dependencies: ['database', 'jobs', 'metrics', 'status-events', 'status'],
});
