import type { FastifyInstance } from 'fastify';
import { site } from '../../src/data/site.ts';
import type { ContactChannel } from './channels/channel.ts';
import { DiscordWebhookChannel } from './channels/discord-webhook.ts';
import { EmailChannel } from './channels/email-channel.ts';
import { ContactOutbox, type OutboxOptions } from './contact-outbox.ts';
import { purgeMessages } from './contact-repository.ts';
import { contactRoutes } from './contact-routes.ts';

/** How often old messages are looked for. */
const purgeEveryMs = 12 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

export interface ContactPluginOptions {
  /** Worker tuning (tests make backoff short); production uses the defaults. */
  outbox?: Partial<OutboxOptions>;
}

/** The channels the configuration turns on: the chat webhook, and e-mail when SMTP is set. */
export function configuredChannels(contact: FastifyInstance['config']['contact']): ContactChannel[] {
  const channels: ContactChannel[] = [];
  if (contact.webhookUrl) channels.push(new DiscordWebhookChannel(contact.webhookUrl, site.name));
  if (contact.smtpUrl && contact.emailTo) channels.push(new EmailChannel(contact.smtpUrl, contact.emailTo, site.name));
  return channels;
}

/**
 * The contact capability: POST /api/contact stores each message before answering, and the
 * outbox worker (started when the app is ready, stopped when it closes) delivers it.
 */
export async function contactPlugin(app: FastifyInstance, options: ContactPluginOptions = {}): Promise<void> {
  const channels = configuredChannels(app.config.contact);
  const outbox = new ContactOutbox(app.db, channels, app.log, {
    dialect: app.dialect,
    ...options.outbox,
  });
  contactRoutes(app, { outbox, siteDir: app.config.siteDir });

  // Retention: delivered and stored-only messages older than CONTACT_RETENTION_DAYS go.
  const { retentionDays } = app.config.contact;
  let purgeTimer: NodeJS.Timeout | undefined;
  const purge = async () => {
    try {
      const { deleted, kept } = await purgeMessages(app.db, Date.now() - retentionDays * dayMs);
      if (deleted > 0 || kept > 0) app.log.info({ deleted, keptUndelivered: kept, retentionDays }, 'contact messages past retention purged');
    } catch (error) {
      app.log.error({ err: error }, 'contact: could not purge old messages');
    }
  };
  if (retentionDays > 0) {
    app.addHook('onReady', async () => {
      await purge();
      purgeTimer = setInterval(() => void purge(), purgeEveryMs);
      purgeTimer.unref();
    });
    app.addHook('onClose', async () => clearInterval(purgeTimer));
  }

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
