import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { brandName } from '../../contracts/brand.ts';
import { scheduleRetention } from '../jobs/retention.ts';
import { DiscordWebhookChannel } from './channels/discord-webhook.ts';
import { EmailChannel } from './channels/email-channel.ts';
import { contactConsoleRoutes } from './contact-console-routes.ts';
import { ContactDeliveries } from './contact-deliveries.ts';
import { registerContactMetrics } from './contact-metrics.ts';
import { type ContactChannel, contactOutbox } from './contact-outbox.ts';
import { contactRoutes } from './contact-routes.ts';
import { outboxBacklog } from './contact-repository.ts';
import { ContactService } from './contact-service.ts';
import type { OutboxOptions } from '../outbox/outbox-options.ts';
import { SupportService } from '../support/support-service.ts';

export interface ContactPluginOptions {
  /** Worker tuning (tests make backoff short); production uses the defaults. */
  outbox?: Partial<OutboxOptions>;
}

/** The channels the configuration turns on: the chat webhook, and e-mail when SMTP is set. */
export function configuredChannels(contact: FastifyInstance['config']['contact']): ContactChannel[] {
  const channels: ContactChannel[] = [];
  if (contact.webhookUrl) channels.push(new DiscordWebhookChannel(contact.webhookUrl, brandName));
  if (contact.smtpUrl && contact.emailTo) channels.push(new EmailChannel(contact.smtpUrl, contact.emailTo, brandName));
  return channels;
}

/**
 * The contact capability: POST /api/contact stores each message before answering, the outbox
 * worker (started when the app is ready, stopped when it closes) delivers it, and the staff
 * console's Conversations section (/api/staff/contact) reads them and queues them again through the same outbox.
 */
async function contactCapability(app: FastifyInstance, options: ContactPluginOptions = {}): Promise<void> {
  const channels = configuredChannels(app.config.contact);
  const onAttempt = registerContactMetrics(
    app.metrics,
    app.db,
    channels.map((c) => c.name),
    app.clock,
  );
  const outbox = contactOutbox(app.db, channels, app.log, { dialect: app.dialect, clock: app.clock, onAttempt, ...options.outbox });
  const service = new ContactService({
    db: app.db,
    outbox,
    now: app.clock,
    conversations: { start: SupportService.startFromContact, announce: (id) => app.support.service.announce(id) },
  });
  const deliveries = new ContactDeliveries({
    db: app.db,
    dialect: app.dialect,
    audit: app.audit,
    channels: channels.map((c) => c.name),
    maxAgeMs: outbox.options.maxAgeMs,
    wake: () => outbox.wake(),
    now: app.clock,
  });
  await app.register(async (scope) => contactRoutes(scope, { service, siteDir: app.config.siteDir }), { prefix: '/api/contact' });
  await app.register(async (scope) => contactConsoleRoutes(scope, { deliveries }), { prefix: '/api/staff/contact' });

  // Reported, not required: a chat service's outage must not take the site out of rotation.
  app.readiness.add(
    'outbox',
    async () => {
      if (channels.length === 0) return { ok: true, detail: 'no delivery channel: messages are stored only' };
      const rows = await outboxBacklog(app.db);
      const pending = rows.reduce((n, r) => n + r.pending, 0);
      const oldest = Math.min(...rows.map((r) => r.oldestCreatedAt ?? Number.POSITIVE_INFINITY));
      const ageMinutes = Number.isFinite(oldest) ? Math.round((app.clock() - oldest) / 60_000) : 0;
      return { ok: ageMinutes < 60, detail: pending === 0 ? 'nothing waiting' : `${pending} waiting, the oldest for ${ageMinutes} min` };
    },
    { required: false },
  );

  // Delivered and stored-only messages older than CONTACT_RETENTION_DAYS go; undelivered ones stay.
  scheduleRetention(app, {
    name: 'contact messages',
    keepDays: app.config.contact.retentionDays,
    purge: async () => {
      const { deleted, kept } = await service.purge(app.config.contact.retentionDays);
      return { deleted, keptUndelivered: kept };
    },
  });

  app.addHook('onReady', async () => {
    if (channels.length === 0) {
      app.log.warn(
        'contact messages are stored only: no delivery channel is configured (set CONTACT_WEBHOOK_URL, or SMTP_URL and CONTACT_EMAIL_TO); see them with npm run contact -- list',
      );
      return;
    }
    await outbox.start();
    app.log.info({ channels: channels.map((c) => c.name) }, 'contact outbox started');
  });
  app.addHook('onClose', async () => {
    await outbox.stop();
  });
}
export const contactPlugin = fp(contactCapability, {
  name: 'contact',
  dependencies: ['database', 'jobs', 'metrics', 'readiness', 'staff', 'audit', 'support'],
});
