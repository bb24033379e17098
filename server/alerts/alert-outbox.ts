import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { describeError, type ChannelResult, type OutboxChannel } from '../outbox/channel.ts';
import { createOutbox } from '../outbox/outbox.ts';
import type { OutboxOptions } from '../outbox/outbox-options.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import type { AlertMessage } from './alert-messages.ts';
import { alertQueue, claimDueAlertDeliveries, type ClaimedAlertDelivery } from './alert-deliveries-repository.ts';
import type { SendContext } from './channel-kinds/channel-kind.ts';
import { alertChannelKinds } from './channel-kinds/index.ts';

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

/**
 * One outbox lane per registered kind (channel-kinds/index.ts): each delivery's message written,
 * then sent by its kind's module with the channel's settings.
 */
export function alertLanes(write: Writer, ways: Pick<SendContext<unknown>, 'policy' | 'userAgent' | 'mail'>): OutboxChannel<ClaimedAlertDelivery>[] {
  return alertChannelKinds.map((kind) => ({
    name: kind.kind,
    async send(job, timeoutMs) {
      const message = written(write, job);
      if (isResult(message)) return message;
      return kind.send({ ...ways, job, message, settings: job.channel.settings, timeoutMs });
    },
    close: () => (kind.kind === 'email' ? (ways.mail.sender?.close() ?? Promise.resolve()) : Promise.resolve()),
  }));
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
    claimDue: (channel, o) => claimDueAlertDeliveries(db, o.dialect, { ...o, channel }),
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
