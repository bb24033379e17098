import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SubscriptionChannel } from '../../contracts/subscriptions-rules.ts';
import type { Database } from '../db/schema.ts';
import { describeError, type ChannelResult, type OutboxChannel } from '../outbox/channel.ts';
import { createOutbox } from '../outbox/outbox.ts';
import type { AttemptOutcome } from '../outbox/outbox-tables.ts';
import type { OutboxOptions } from '../outbox/outbox-options.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import type { SmtpSender } from '../outbox/smtp-sender.ts';
import { postWebhook } from '../outbox/webhook-sender.ts';
import { UnreadableEvent } from './notification-content.ts';
import { type ClaimedNotification, claimDueNotifications, notificationQueue } from './notifications-repository.ts';
import { EventGone, type WrittenMessage } from './subscriptions-service.ts';
import { judgeWebhook, WebhookRefused, type WebhookPolicy } from './webhook-target.ts';

type Writer = (job: ClaimedNotification) => Promise<WrittenMessage>;

/** Writes the message; a failure to write is a result too (an event gone or unreadable is final). */
async function written(write: Writer, job: ClaimedNotification): Promise<WrittenMessage | ChannelResult> {
  try {
    return await write(job);
  } catch (error) {
    const final = error instanceof EventGone || error instanceof UnreadableEvent;
    return { ok: false, statusCode: null, error: `could not write the message: ${describeError(error)}`, ...(final ? { final: true } : {}) };
  }
}

const isResult = (value: WrittenMessage | ChannelResult): value is ChannelResult => 'ok' in value;

/** The e-mail channel: status mail from STATUS_MAIL_FROM, with one-click unsubscribe (RFC 8058). */
export function emailChannel(sender: SmtpSender, from: { name: string; address: string }, write: Writer, listId: string): OutboxChannel<ClaimedNotification> {
  return {
    name: 'email',
    async send(job, timeoutMs) {
      const message = await written(write, job);
      if (isResult(message)) return message;
      const domain = listId.replace(/^<|>$/g, '');
      return sender.send(
        {
          from,
          to: job.subscription.address,
          subject: message.subject,
          text: message.text,
          messageId: `<${message.notificationKey}@${domain}>`,
          headers: {
            'List-Unsubscribe': `<${message.oneClickUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            'List-Id': listId,
            // An automatic message: no out-of-office replies to it (RFC 3834).
            'Auto-Submitted': 'auto-generated',
          },
        },
        timeoutMs,
      );
    },
    close: () => sender.close(),
  };
}

/**
 * The webhook channel: the URL is judged again before every delivery (the name may point
 * elsewhere now) and the request goes to exactly the judged address.
 */
export function webhookChannel(policy: WebhookPolicy, write: Writer, userAgent: string): OutboxChannel<ClaimedNotification> {
  return {
    name: 'webhook',
    async send(job, timeoutMs) {
      let target: Awaited<ReturnType<typeof judgeWebhook>>;
      try {
        target = await judgeWebhook(job.subscription.address, policy);
      } catch (error) {
        const reason = error instanceof WebhookRefused ? error.field : describeError(error);
        return { ok: false, statusCode: null, error: `refused by the address policy at delivery: ${reason}` };
      }
      const message = await written(write, job);
      if (isResult(message)) return message;
      return postWebhook({ url: target.url, pinned: target }, message.webhook, {
        timeoutMs,
        userAgent,
        headers: { 'idempotency-key': message.notificationKey },
        // The subscriber deleted their webhook: trying again cannot help.
        finalStatuses: [404, 410],
      });
    },
  };
}

export interface NotificationOutboxOptions extends Partial<OutboxOptions> {
  onAttempt?: ((channel: string, outcome: AttemptOutcome) => void) | undefined;
}

/** The notification outbox: one of the uses of the shared outbox (server/outbox/outbox.ts), over subscription_notification. */
export function notificationOutbox(
  db: Kysely<Database>,
  channels: OutboxChannel<ClaimedNotification>[],
  log: FastifyBaseLogger,
  options: NotificationOutboxOptions = {},
): OutboxWorker<ClaimedNotification> {
  const { onAttempt, ...tuning } = options;
  return createOutbox({
    db,
    queue: notificationQueue,
    delivery: (job) => job.delivery,
    claimDue: (channel, o) => claimDueNotifications(db, o.dialect, { ...o, channel: channel as SubscriptionChannel }),
    channels,
    log,
    options: tuning,
    // Every subscriber has their own webhook: a 429 from one holds back only its own message.
    rateLimitScope: 'delivery',
    onAttempt,
    wording: {
      name: 'status notifications',
      context: (job, channel) => ({ channel, notificationId: job.delivery.id, kind: job.delivery.kind, attempt: job.delivery.attempts + 1 }),
      delivered: 'status notification delivered',
      willRetry: 'status notification delivery failed; will retry',
      gaveUp: 'status notification could not be delivered: marked failed',
    },
  });
}
