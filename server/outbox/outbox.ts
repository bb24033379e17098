import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { OutboxChannel } from './channel.ts';
import type { OutboxQueue, QueuedDelivery } from './outbox-repository.ts';
import type { AttemptOutcome } from './outbox-tables.ts';
import { defaultOutboxOptions, type OutboxOptions } from './outbox-options.ts';
import { type OutboxDelivery, OutboxWorker, type OutboxWording } from './outbox-worker.ts';
import { queueStore } from './queue-store.ts';

/** What claiming asks of a queue: the channel's due rows, read with what the queue's jobs carry. */
export type ClaimJobs<Job> = (channel: string, options: { now: number; limit: number; leaseMs: number; worker: string; dialect: Dialect }) => Promise<Job[]>;

/** One queue of any kind of job: its tables, how to claim and read its jobs, and where they go. */
export interface OutboxInit<Job, Delivery extends QueuedDelivery & OutboxDelivery> {
  db: Kysely<Database>;
  queue: OutboxQueue<Delivery>;
  /** The delivery row a claimed job belongs to. */
  delivery: (job: Job) => Delivery;
  claimDue: ClaimJobs<Job>;
  channels: readonly OutboxChannel<Job>[];
  log: FastifyBaseLogger;
  wording: OutboxWording<Job>;
  rateLimitScope: 'channel' | 'delivery';
  /** Worker tuning (tests make backoff short); production uses the defaults. */
  options?: Partial<OutboxOptions> | undefined;
  onAttempt?: ((channel: string, outcome: AttemptOutcome) => void) | undefined;
  onStart?: (() => Promise<void>) | undefined;
}

/**
 * An outbox: the shared worker (outbox-worker.ts) over a queue kept in the outbox's tables
 * (outbox-repository.ts). Contact messages and status notifications are two uses of it.
 */
export function createOutbox<Job, Delivery extends QueuedDelivery & OutboxDelivery>(init: OutboxInit<Job, Delivery>): OutboxWorker<Job> {
  const options = defaultOutboxOptions(init.options);
  return new OutboxWorker<Job>({
    store: queueStore(init.db, init.queue, {
      delivery: init.delivery,
      claimDue: (channel, claim) => init.claimDue(channel, { ...claim, dialect: options.dialect }),
    }),
    channels: init.channels,
    log: init.log,
    wording: init.wording,
    options,
    rateLimitScope: init.rateLimitScope,
    onAttempt: init.onAttempt,
    onStart: init.onStart,
  });
}
