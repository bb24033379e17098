import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SubscriptionChannel } from '../../contracts/subscriptions-rules.ts';
import type { Database } from '../db/schema.ts';
import { describeError, type ChannelResult } from '../outbox/channel-result.ts';
import { defaultOutboxOptions, OutboxWorker, type AttemptOutcome, type OutboxChannel, type OutboxOptions, type OutboxStore } from '../outbox/outbox-worker.ts';
import { queueStore } from '../outbox/queue-store.ts';
import type { MailSender } from './channels/mail-sender.ts';
import { postWebhook } from './channels/webhook-sender.ts';
import { UnreadableEvent } from './notification-content.ts';
import { type ClaimedNotification, claimDueNotifications, notificationQueue } from './notifications-repository.ts';
import { EventGone, type WrittenMessage } from './subscriptions-service.ts';
import { judgeWebhook, WebhookRefused, type WebhookPolicy } from './webhook-target.ts';

/** The notification queue's SQL (notifications-repository.ts and the shared bookkeeping), as the shared worker asks for it. */
function notificationStore(db: Kysely<Database>, options: OutboxOptions): OutboxStore<ClaimedNotification> {
  return queueStore(db, notificationQueue, {
    delivery: (job) => job.delivery,
    claimDue: (channel, o) => claimDueNotifications(db, options.dialect, { channel: channel as SubscriptionChannel, ...o }),
  });
}

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

export function emailChannel(sender: MailSender, write: Writer, listId: string): OutboxChannel<ClaimedNotification> {
  return {
    name: 'email',
    async send(job) {
      const message = await written(write, job);
      if (isResult(message)) return message;
      const domain = listId.replace(/^<|>$/g, '');
      return sender.send({
        to: job.subscription.address,
        subject: message.subject,
        text: message.text,
        messageId: `<${message.notificationKey}@${domain}>`,
        unsubscribeUrl: message.oneClickUrl,
        listId,
      });
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
      return postWebhook(target, message.webhook, { timeoutMs, userAgent, headers: { 'idempotency-key': message.notificationKey } });
    },
  };
}

export interface NotificationOutboxOptions extends OutboxOptions {
  onAttempt?: (channel: string, outcome: AttemptOutcome) => void;
}

/** The notification queue's worker: the shared outbox machinery over subscription_notification. */
export class NotificationOutbox {
  readonly #worker: OutboxWorker<ClaimedNotification>;
  readonly options: NotificationOutboxOptions;
  #running = false;

  constructor(db: Kysely<Database>, channels: OutboxChannel<ClaimedNotification>[], log: FastifyBaseLogger, options: Partial<NotificationOutboxOptions> = {}) {
    this.options = defaultOutboxOptions(options);
    this.#worker = new OutboxWorker<ClaimedNotification>({
      store: notificationStore(db, this.options),
      channels,
      log,
      options: this.options,
      // Every subscriber has their own webhook: a 429 from one holds back only its own message.
      rateLimitScope: 'delivery',
      onAttempt: this.options.onAttempt,
      wording: {
        name: 'status notifications',
        context: (job, channel) => ({ channel, notificationId: job.delivery.id, kind: job.delivery.kind, attempt: job.delivery.attempts + 1 }),
        delivered: 'status notification delivered',
        willRetry: 'status notification delivery failed; will retry',
        gaveUp: 'status notification could not be delivered: marked failed',
      },
    });
  }

  async start(): Promise<void> {
    await this.#worker.takeBackClaims();
    this.#worker.run();
    this.#running = true;
  }

  wake(): void {
    if (this.#running) this.#worker.wake();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#worker.stop();
  }
}
