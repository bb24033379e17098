import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AlertChannelKind } from '../../contracts/alerts-rules.ts';
import type { Database } from '../db/schema.ts';
import { describeError, type ChannelResult, type OutboxChannel } from '../outbox/channel.ts';
import { createOutbox } from '../outbox/outbox.ts';
import type { OutboxOptions } from '../outbox/outbox-options.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import type { SmtpSender } from '../outbox/smtp-sender.ts';
import { postWebhook } from '../outbox/webhook-sender.ts';
import { judgeWebhook, WebhookRefused, type WebhookPolicy } from '../subscriptions/webhook-target.ts';
import { bodyFor, ntfyRequest, plainText, type AlertMessage } from './alert-messages.ts';
import { alertQueue, claimDueAlertDeliveries, type ClaimedAlertDelivery } from './alert-deliveries-repository.ts';

type Writer = (job: ClaimedAlertDelivery) => AlertMessage;

/** The message, or a failure to write it (a bug, not the channel's): a result either way. */
function written(write: Writer, job: ClaimedAlertDelivery): AlertMessage | ChannelResult {
  try {
    return write(job);
  } catch (error) {
    return { ok: false, statusCode: null, error: `could not write the alert: ${describeError(error)}`, final: true };
  }
}

const isResult = (value: AlertMessage | ChannelResult): value is ChannelResult => 'ok' in value;

/** E-mail through the one SMTP sender; without SMTP_URL the delivery fails at once and says why. */
export function alertEmailChannel(
  sender: SmtpSender | undefined,
  from: { name: string; address: string },
  write: Writer,
  domain: string,
): OutboxChannel<ClaimedAlertDelivery> {
  return {
    name: 'email',
    async send(job, timeoutMs) {
      if (!sender) return { ok: false, statusCode: null, error: 'SMTP_URL is not set: e-mail cannot be sent', final: true };
      const message = written(write, job);
      if (isResult(message)) return message;
      return sender.send(
        {
          from,
          to: job.channel.target,
          subject: `[${job.delivery.kind === 'recovered' ? 'RECOVERED' : job.delivery.kind === 'test' ? 'TEST' : job.delivery.kind === 'notice' ? 'NOTICE' : 'DOWN'}] ${message.headline}`,
          text: plainText(message),
          messageId: `<${message.key}@${domain}>`,
          // An automatic message: no out-of-office replies to it (RFC 3834).
          headers: { 'Auto-Submitted': 'auto-generated' },
        },
        timeoutMs,
      );
    },
    close: () => sender?.close() ?? Promise.resolve(),
  };
}

/**
 * Discord, Slack, the JSON webhook and ntfy: the address judged again before every delivery
 * (trusted configuration's policy) and the request sent to exactly the judged address.
 */
export function alertWebhookChannel(
  kind: Exclude<AlertChannelKind, 'email'>,
  policy: WebhookPolicy,
  write: Writer,
  userAgent: string,
): OutboxChannel<ClaimedAlertDelivery> {
  return {
    name: kind,
    async send(job, timeoutMs) {
      let target: Awaited<ReturnType<typeof judgeWebhook>>;
      try {
        target = await judgeWebhook(job.channel.target, policy);
      } catch (error) {
        const reason = error instanceof WebhookRefused ? error.field : describeError(error);
        return { ok: false, statusCode: null, error: `refused by the address policy at delivery: ${reason}` };
      }
      const message = written(write, job);
      if (isResult(message)) return message;
      const options = { timeoutMs, userAgent, headers: { 'idempotency-key': message.key } as Record<string, string>, finalStatuses: [401, 403, 404, 410] };
      if (kind === 'ntfy') {
        const request = ntfyRequest(message);
        const headers = { ...options.headers, ...request.headers, ...(job.channel.token ? { authorization: `Bearer ${job.channel.token}` } : {}) };
        return postWebhook({ url: target.url, pinned: target }, request.body, { ...options, headers, contentType: 'text/plain; charset=utf-8' });
      }
      return postWebhook({ url: target.url, pinned: target }, bodyFor(kind, message), options);
    },
  };
}

/** The alert outbox: one of the uses of the shared outbox (server/outbox/outbox.ts), over alert_delivery. */
export function alertOutbox(
  db: Kysely<Database>,
  channels: OutboxChannel<ClaimedAlertDelivery>[],
  log: FastifyBaseLogger,
  options: Partial<OutboxOptions>,
): OutboxWorker<ClaimedAlertDelivery> {
  return createOutbox({
    db,
    queue: alertQueue,
    delivery: (job) => job.delivery,
    claimDue: (channel, o) => claimDueAlertDeliveries(db, o.dialect, { ...o, channel: channel as AlertChannelKind }),
    channels,
    log,
    options,
    // Each alert channel is its own webhook: a 429 from one holds back only its own messages.
    rateLimitScope: 'delivery',
    wording: {
      name: 'alerts',
      context: (job, channel) => ({
        channel,
        alertChannel: job.channel.id,
        deliveryId: job.delivery.id,
        kind: job.delivery.kind,
        attempt: job.delivery.attempts + 1,
      }),
      delivered: 'alert delivered',
      willRetry: 'alert delivery failed; will retry',
      gaveUp: 'alert could not be delivered: marked failed',
    },
  });
}
