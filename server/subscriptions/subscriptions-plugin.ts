import type { FastifyInstance } from 'fastify';
import { brandName } from '../../contracts/brand.ts';
import type { SubscriptionChannel } from '../../contracts/subscriptions-rules.ts';
import { scheduleRetention } from '../jobs/retention.ts';
import { NameResolver } from '../status/name-resolver.ts';
import { MailSender } from './channels/mail-sender.ts';
import { emailChannel, NotificationOutbox, webhookChannel, type NotificationOutboxOptions } from './notification-outbox.ts';
import { purgeNotifications } from './notifications-repository.ts';
import { registerSubscriptionMetrics } from './subscriptions-metrics.ts';
import { purgeUnconfirmed } from './subscriptions-repository.ts';
import { subscriptionsRoutes } from './subscriptions-routes.ts';
import { SubscriptionsService, confirmWindowMs, type StatusBoardReader } from './subscriptions-service.ts';

export interface SubscriptionsPluginOptions {
  /** The status board, read through the status service. */
  board: StatusBoardReader;
  /** Worker tuning (tests make it quick); production uses the defaults. */
  outbox?: Partial<NotificationOutboxOptions>;
  /** How often the event log is looked at for news to fan out. */
  fanOutEveryMs?: number;
  /** The clock of link tokens and their retention (tests move it). */
  now?: () => number;
}

/** Notifications that were sent or failed are kept this long for operators, then deleted. */
const keepNotificationsDays = 30;

/**
 * Status subscriptions under /api/status/subscriptions: the routes, the fan-out of the status
 * event log to notification rows (a job on the one scheduler), and the notification outbox
 * (started when the app is ready, stopped when it closes).
 */
export async function subscriptionsPlugin(app: FastifyInstance, options: SubscriptionsPluginOptions): Promise<void> {
  const { config } = app;
  const channels: SubscriptionChannel[] = config.subscriptions.smtpUrl ? ['email', 'webhook'] : ['webhook'];
  const webhookPolicy = {
    allowPrivate: config.status.allowPrivate,
    ports: config.status.checkPorts,
    resolver: new NameResolver({ servers: config.status.dnsServers, timeoutMs: config.status.dnsTimeoutMs }),
  };
  let outbox: NotificationOutbox | undefined;
  const service = new SubscriptionsService({
    db: app.db,
    dialect: app.dialect,
    board: options.board,
    log: app.log,
    publicUrl: config.publicUrl,
    siteName: brandName,
    channels,
    webhookPolicy,
    maxAgeMs: options.outbox?.maxAgeMs ?? 24 * 60 * 60 * 1000,
    onQueued: () => outbox?.wake(),
    secret: config.sessionSecret,
    now: options.now,
  });
  const write = (job: Parameters<SubscriptionsService['write']>[0]) => service.write(job);
  const onAttempt = registerSubscriptionMetrics(app.metrics, app.db, channels);
  const sendTimeoutMs = options.outbox?.sendTimeoutMs ?? 10_000;
  const listId = `<status.${new URL(config.publicUrl).hostname}>`;
  const lanes = [
    ...(config.subscriptions.smtpUrl
      ? [
          emailChannel(
            new MailSender(config.subscriptions.smtpUrl, { name: `${brandName} Status`, address: config.subscriptions.mailFrom }, sendTimeoutMs),
            write,
            listId,
          ),
        ]
      : []),
    webhookChannel(webhookPolicy, write, `${brandName}-status-notifications`),
  ];
  outbox = new NotificationOutbox(app.db, lanes, app.log, { dialect: app.dialect, onAttempt, ...options.outbox });
  subscriptionsRoutes(app, { service });

  app.jobs.every({ name: 'status notifications fan-out', everyMs: options.fanOutEveryMs ?? 2_000 }, async () => {
    const { events, created } = await service.fanOut();
    if (events) app.log.info({ events, created }, 'status notifications: events fanned out');
  });
  scheduleRetention(app, {
    name: 'unconfirmed subscriptions',
    keepDays: confirmWindowMs / (24 * 60 * 60 * 1000),
    now: options.now,
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
