import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { brandName } from '../../contracts/brand.ts';
import type { Database } from '../db/schema.ts';
import type { OutboxChannel } from '../outbox/channel.ts';
import { createOutbox } from '../outbox/outbox.ts';
import type { OutboxOptions } from '../outbox/outbox-options.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import { SmtpSender } from '../outbox/smtp-sender.ts';
import { claimDueStockMail, type StockMail, stockMailQueue } from './stock-watch-repository.ts';

/** The one channel: mail through SMTP_URL from STOCK_MAIL_FROM, written when sent (its link is derived, not stored). */
export function stockMailChannel(
  smtpUrl: string,
  from: string,
  write: (mail: StockMail) => Promise<{ subject: string; text: string }>,
): OutboxChannel<StockMail> {
  const sender = new SmtpSender(smtpUrl, { pool: false });
  const domain = from.split('@')[1] ?? 'localhost';
  return {
    name: 'email',
    async send(mail, timeoutMs) {
      const written = await write(mail);
      return sender.send(
        {
          from: { name: `${brandName} Stock`, address: from },
          to: mail.watch.email,
          subject: written.subject,
          text: written.text,
          messageId: `<stock-${mail.kind}-${mail.id}@${domain}>`,
          headers: { 'Auto-Submitted': 'auto-generated' },
        },
        timeoutMs,
      );
    },
    close: () => sender.close(),
  };
}

/** The "tell me" mail queue: one more use of the shared outbox (server/outbox/outbox.ts). */
export function stockOutbox(
  db: Kysely<Database>,
  channels: OutboxChannel<StockMail>[],
  log: FastifyBaseLogger,
  options: Partial<OutboxOptions>,
): OutboxWorker<StockMail> {
  return createOutbox<StockMail, StockMail>({
    db,
    queue: stockMailQueue,
    delivery: (mail) => mail,
    claimDue: (_channel, o) => claimDueStockMail(db, o.dialect, o),
    channels,
    log,
    options,
    rateLimitScope: 'delivery',
    wording: {
      name: 'stock mail',
      context: (mail, channel) => ({ channel, mailId: mail.id, kind: mail.kind, watchId: mail.watch.id, attempt: mail.attempts + 1 }),
      delivered: 'stock mail delivered',
      willRetry: 'stock mail delivery failed; will retry',
      gaveUp: 'stock mail could not be delivered: marked failed',
    },
  });
}
