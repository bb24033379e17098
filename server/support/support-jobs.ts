import type { FastifyInstance } from 'fastify';
import { dayMs } from '../../contracts/time-units.ts';
import type { DeskEvents } from './support-events.ts';
import type { SupportMailer } from './support-mailer.ts';
import { unansweredNotice } from './support-mail-texts.ts';
import type { DeskPresence } from './support-presence.ts';
import { consoleOnlineMs } from './support-presence.ts';
import { markTeamNotified, unansweredChats } from './support-conversations-repository.ts';

/** What the team is told, by whatever channels the plugin connects (e-mail today; chat alerts later). */
export type NotifyTeam = (notice: { subject: string; text: string; link: string }) => Promise<void>;

/** The names of the desk's jobs on app.jobs (tests run them with runNow). */
export const supportJobNames = {
  replyMail: 'support reply mail',
  unanswered: 'support unanswered',
  presence: 'support presence',
} as const;

/**
 * The desk's background work on the app's scheduler: replies the visitor has not seen are
 * mailed, chats nobody answered in time are announced to the team (once, whichever instance
 * sees them first), and this instance's open consoles are kept marked open.
 */
export function scheduleSupportJobs(
  app: FastifyInstance,
  deps: { mailer: SupportMailer; presence: DeskPresence; events: DeskEvents; notifyTeam: NotifyTeam; unansweredAfterMs: number; everyMs: number },
): void {
  app.jobs.every({ name: supportJobNames.replyMail, everyMs: deps.everyMs }, async () => {
    const mailed = await deps.mailer.mailUnseenReplies();
    if (mailed > 0) app.log.info({ replies: mailed }, 'support: replies the visitor had not seen were mailed');
  });

  app.jobs.every({ name: supportJobNames.unanswered, everyMs: deps.everyMs }, async () => {
    const now = app.clock();
    const minutes = Math.round(deps.unansweredAfterMs / 60_000);
    for (const conversation of await unansweredChats(app.db, now - dayMs, now - deps.unansweredAfterMs)) {
      if (!(await markTeamNotified(app.db, conversation.id, now))) continue;
      const notice = unansweredNotice(conversation, minutes);
      try {
        await deps.notifyTeam({ ...notice, link: `${app.config.publicUrl}/staff#conversations/${conversation.id}` });
      } catch (error) {
        app.log.error({ err: error, conversationId: conversation.id }, 'support: could not tell the team about an unanswered conversation');
      }
    }
  });

  let last = '';
  app.jobs.every({ name: supportJobNames.presence, everyMs: consoleOnlineMs / 3 }, async () => {
    await deps.presence.heartbeat();
    const now = await deps.presence.current();
    const key = JSON.stringify(now);
    // Consoles that closed elsewhere or went quiet change who is there without anyone saying so.
    if (last !== '' && key !== last) await deps.events.presenceChanged(false);
    last = key;
  });
}
