import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  backoffDelay,
  defaultOutboxOptions as sharedDefaults,
  outboxMaxAgeMs,
  OutboxWorker,
  type AttemptOutcome,
  type OutboxOptions as SharedOutboxOptions,
  type OutboxStore,
} from '../outbox/outbox-worker.ts';
import { queueStore } from '../outbox/queue-store.ts';
import type { ContactChannel } from './channels/channel.ts';
import { addMissingDeliveries, type ClaimedDelivery, claimDue, contactQueue } from './contact-repository.ts';
import type { ContactChannelName } from './contact-tables.ts';

export { backoffDelay };

export interface OutboxOptions extends SharedOutboxOptions {
  /** Told of every attempt's outcome (metrics). */
  onAttempt?: (channel: ContactChannelName, outcome: AttemptOutcome) => void;
}

export const contactMaxAgeMs = outboxMaxAgeMs;

export function defaultOutboxOptions(overrides: Partial<OutboxOptions> = {}): OutboxOptions {
  return sharedDefaults(overrides);
}

/** The contact queue's SQL (contact-repository.ts and the shared bookkeeping), as the shared worker asks for it. */
function contactStore(db: Kysely<Database>, options: OutboxOptions): OutboxStore<ClaimedDelivery> {
  return queueStore(db, contactQueue, {
    delivery: (job) => job.delivery,
    claimDue: (channel, o) => claimDue(db, options.dialect, { channel: channel as ContactChannelName, ...o }),
  });
}

/**
 * The contact outbox: delivers every stored message to every configured channel, on the shared
 * outbox worker (server/outbox/outbox-worker.ts), one loop per channel. Delivery is at least
 * once; a delivery is marked done right after the channel accepts it, so a message is sent
 * twice only if the process dies (or loses the database) between those two steps.
 */
export class ContactOutbox {
  readonly #db: Kysely<Database>;
  readonly #channels: readonly ContactChannel[];
  readonly #log: FastifyBaseLogger;
  readonly options: OutboxOptions;
  readonly #worker: OutboxWorker<ClaimedDelivery>;

  constructor(db: Kysely<Database>, channels: readonly ContactChannel[], log: FastifyBaseLogger, options: Partial<OutboxOptions> = {}) {
    this.#db = db;
    this.#channels = channels;
    this.#log = log;
    this.options = defaultOutboxOptions(options);
    this.#worker = new OutboxWorker<ClaimedDelivery>({
      store: contactStore(db, this.options),
      channels: channels.map((channel) => ({
        name: channel.name,
        send: (job, timeoutMs) => channel.send(job.message, timeoutMs),
        close: async () => channel.close?.(),
      })),
      log,
      options: this.options,
      rateLimitScope: 'channel',
      onAttempt: this.options.onAttempt as ((channel: string, outcome: AttemptOutcome) => void) | undefined,
      wording: {
        name: 'contact outbox',
        context: (job, channel) => ({ channel, messageId: job.message.id, attempt: job.delivery.attempts + 1 }),
        delivered: 'contact message delivered',
        willRetry: 'contact message delivery failed; will retry',
        gaveUp: 'contact message could not be delivered for 24 h: marked failed (npm run contact -- retry ID)',
      },
    });
  }

  get channels(): readonly ContactChannel[] {
    return this.#channels;
  }

  async start(): Promise<void> {
    if (this.#channels.length === 0) return;
    await this.#worker.takeBackClaims();
    const now = Date.now();
    const added = await addMissingDeliveries(
      this.#db,
      this.#channels.map((c) => c.name),
      now - this.options.maxAgeMs,
      now,
      this.options.maxAgeMs,
    );
    if (added) this.#log.info({ added }, 'contact outbox: queued recent messages for newly configured channels');
    this.#worker.run();
  }

  /** A new message was stored: look now rather than at the next poll. */
  wake(): void {
    this.#worker.wake();
  }

  /** Stops after the sends in flight finish and are recorded; claimed rows not yet sent are handed back. */
  async stop(): Promise<void> {
    await this.#worker.stop();
  }
}
