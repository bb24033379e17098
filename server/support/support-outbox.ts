import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { brandName } from '../../contracts/brand.ts';
import type { Database } from '../db/schema.ts';
import type { OutboxChannel } from '../outbox/channel.ts';
import { createOutbox } from '../outbox/outbox.ts';
import type { OutboxOptions } from '../outbox/outbox-options.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import { SmtpSender } from '../outbox/smtp-sender.ts';
import { claimDueMail, type SupportMail, supportMailQueue } from './support-mail-repository.ts';

/** The desk's one channel: mail through SMTP_URL from SUPPORT_MAIL_FROM (a 550-553 refusal is final). */
export function supportMailChannel(smtpUrl: string, from: string): OutboxChannel<SupportMail> {
  const sender = new SmtpSender(smtpUrl, { pool: true });
  const domain = from.split('@')[1] ?? 'localhost';
  return {
    name: 'email',
    send: (mail, timeoutMs) =>
      sender.send(
        {
          from: { name: `${brandName} Support`, address: from },
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId: `<support-${mail.kind}-${mail.id}@${domain}>`,
          headers: { 'Auto-Submitted': 'auto-generated' },
        },
        timeoutMs,
      ),
    close: () => sender.close(),
  };
}

/** The support desk's outbox: one of the uses of the shared outbox (server/outbox/outbox.ts). */
export function supportOutbox(
  db: Kysely<Database>,
  channels: OutboxChannel<SupportMail>[],
  log: FastifyBaseLogger,
  options: Partial<OutboxOptions>,
): OutboxWorker<SupportMail> {
  return createOutbox<SupportMail, SupportMail>({
    db,
    queue: supportMailQueue,
    delivery: (mail) => mail,
    claimDue: (_channel, o) => claimDueMail(db, o.dialect, o),
    channels,
    log,
    options,
    rateLimitScope: 'delivery',
    wording: {
      name: 'support mail',
      context: (mail, channel) => ({ channel, mailId: mail.id, kind: mail.kind, conversationId: mail.conversationId, attempt: mail.attempts + 1 }),
      delivered: 'support mail delivered',
      willRetry: 'support mail delivery failed; will retry',
      gaveUp: 'support mail could not be delivered: marked failed',
    },
  });
}
