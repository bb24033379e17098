import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleRetention } from '../jobs/retention.ts';
import type { OutboxOptions } from '../outbox/outbox-options.ts';
import { supportConsoleRoutes } from './support-console-routes.ts';
import { buildDesk, type SupportDesk } from './support-desk.ts';
import { type NotifyTeam, scheduleSupportJobs } from './support-jobs.ts';
import { purgeMail } from './support-mail-repository.ts';
import { purgeConversations } from './support-conversations-repository.ts';
import { SupportHoursStore } from './support-hours.ts';
import { supportHoursConsoleRoutes, supportHoursPublicRoutes } from './support-hours-routes.ts';
import { supportRoutes } from './support-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The support desk (docs/decisions.md 42): the contact capability starts conversations through it. */
    support: SupportDesk;
  }
}

export interface SupportPluginOptions {
  /** Mail outbox tuning (tests make backoff short); production uses the defaults. */
  outbox?: Partial<OutboxOptions>;
  /** How often the desk's jobs run (tests run them with runNow); overrides SUPPORT_JOB_SECONDS. */
  jobEveryMs?: number;
  /** Overrides SUPPORT_REPLY_MAIL_SECONDS and SUPPORT_UNANSWERED_MINUTES. */
  replyMailAfterMs?: number;
  unansweredAfterMs?: number;
  /**
   * How the team hears of a chat nobody answered in time. Default: the alert channels that take
   * support notices and, whenever it is set, a mail to the contact mail's destination
   * (CONTACT_EMAIL_TO) through the desk's outbox (docs/decisions.md 85).
   */
  notifyTeam?: NotifyTeam;
}

/**
 * The support desk, app-wide: /api/support for visitors and /api/staff/conversations for the
 * console, live streams on every instance (LISTEN/NOTIFY between them on PostgreSQL), its mail
 * outbox, its jobs and retention.
 */
async function supportCapability(app: FastifyInstance, options: SupportPluginOptions): Promise<void> {
  const replyMailAfterMs = options.replyMailAfterMs ?? app.config.support.replyMailAfterMs;
  const desk = buildDesk(app, { outbox: options.outbox, replyMailAfterMs });
  app.decorate('support', desk);
  const notifyTeam: NotifyTeam =
    options.notifyTeam ??
    (async (notice) => {
      // Both: the alert channels that take support notices (docs/decisions.md 50) and the team's
      // mail, which the operator set for exactly this (docs/decisions.md 85). The alerts capability
      // is registered before this one, which declares it.
      const channels = await app.alerts.notifyTeam(notice);
      const mailed = await desk.mailer.mailTeam(notice, null);
      if (channels === 0 && !mailed)
        app.log.warn(
          { subject: notice.subject },
          'support: no way to tell the team (set SMTP_URL and CONTACT_EMAIL_TO, or an alert channel that takes support notices)',
        );
    });

  await app.register(async (scope) => supportRoutes(scope, desk), { prefix: '/api/support' });
  await app.register(async (scope) => supportConsoleRoutes(scope, desk), { prefix: '/api/staff/conversations' });
  // The team's hours (docs/decisions.md 92): read by every page, set in the console.
  const hours = new SupportHoursStore({ db: app.db, audit: app.audit, now: app.clock });
  await app.register(async (scope) => supportHoursPublicRoutes(scope, hours), { prefix: '/api/support' });
  await app.register(async (scope) => supportHoursConsoleRoutes(scope, hours), { prefix: '/api/staff/conversations' });

  scheduleSupportJobs(app, {
    mailer: desk.mailer,
    presence: desk.presence,
    events: desk.events,
    notifyTeam,
    unansweredAfterMs: options.unansweredAfterMs ?? app.config.support.unansweredAfterMs,
    everyMs: options.jobEveryMs ?? app.config.support.jobEveryMs,
  });

  // Resolved conversations are kept as long as contact messages (CONTACT_RETENTION_DAYS) after their last message; open ones stay.
  scheduleRetention(app, {
    name: 'support conversations',
    keepDays: app.config.contact.retentionDays,
    purge: async (cutoff) => ({ conversations: await purgeConversations(app.db, cutoff), mails: await purgeMail(app.db, cutoff) }),
  });

  app.addHook('onReady', async () => {
    await desk.events.start();
    if (desk.outbox) await desk.outbox.start();
  });
  // Open streams would keep server.close() waiting: end them before it is called.
  app.addHook('preClose', async () => {
    desk.visitorStreams.close();
    desk.staffStreams.close();
  });
  app.addHook('onClose', async () => {
    await desk.cluster.stop();
    await desk.outbox?.stop();
    await desk.presence.leave().catch(() => {});
  });
}
export const supportPlugin = fp(supportCapability, {
  name: 'support',
  dependencies: ['database', 'jobs', 'staff', 'audit', 'incidents', 'panel', 'accounts', 'alerts'],
});
