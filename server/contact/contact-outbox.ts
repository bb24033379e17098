import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OutboxChannel } from '../outbox/channel.ts';
import { createOutbox } from '../outbox/outbox.ts';
import type { AttemptOutcome } from '../outbox/outbox-tables.ts';
import type { OutboxOptions } from '../outbox/outbox-options.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import { addMissingDeliveries, type ClaimedDelivery, type ContactDelivery, type ContactMessage, claimDue, contactQueue } from './contact-repository.ts';
import type { ContactChannelName } from './contact-tables.ts';

/** A place contact messages go to: an outbox channel named after its delivery rows' channel. */
export interface ContactChannel extends OutboxChannel<{ message: ContactMessage }> {
  readonly name: ContactChannelName;
}

export interface ContactOutboxOptions extends Partial<OutboxOptions> {
  /** Told of every attempt's outcome (metrics). */
  onAttempt?: ((channel: ContactChannelName, outcome: AttemptOutcome) => void) | undefined;
}

/**
 * The contact outbox: every stored message delivered to every configured channel, one of the
 * uses of the shared outbox (server/outbox/outbox.ts). At start it also queues the recent
 * messages of a channel configured since they were stored.
 */
export function contactOutbox(
  db: Kysely<Database>,
  channels: readonly ContactChannel[],
  log: FastifyBaseLogger,
  options: ContactOutboxOptions = {},
): OutboxWorker<ClaimedDelivery> {
  const { onAttempt, ...tuning } = options;
  const outbox: OutboxWorker<ClaimedDelivery> = createOutbox<ClaimedDelivery, ContactDelivery>({
    db,
    queue: contactQueue,
    delivery: (job) => job.delivery,
    claimDue: (channel, o) => claimDue(db, o.dialect, { ...o, channel: channel as ContactChannelName }),
    channels,
    log,
    options: tuning,
    // One webhook for the whole channel: a 429 holds back the channel, the rest of the batch is handed back.
    rateLimitScope: 'channel',
    onAttempt: onAttempt as ((channel: string, outcome: AttemptOutcome) => void) | undefined,
    wording: {
      name: 'contact outbox',
      context: (job, channel) => ({ channel, messageId: job.message.id, attempt: job.delivery.attempts + 1 }),
      delivered: 'contact message delivered',
      willRetry: 'contact message delivery failed; will retry',
      gaveUp: 'contact message could not be delivered: marked failed (npm run contact -- retry ID)',
    },
    onStart: async () => {
      const { maxAgeMs, clock } = outbox.options;
      const now = clock();
      const added = await addMissingDeliveries(
        db,
        channels.map((c) => c.name),
        now - maxAgeMs,
        now,
        maxAgeMs,
      );
      if (added) log.info({ added }, 'contact outbox: queued recent messages for newly configured channels');
    },
  });
  return outbox;
}
