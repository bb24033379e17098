import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  type DeliveryChannel,
  markAttemptFailed,
  markDelivered,
  nextDueAt,
  type OutboxQueue,
  type QueuedDelivery,
  releaseAllClaims,
  releaseClaims,
} from './outbox-repository.ts';
import type { OutboxDelivery, OutboxStore } from './outbox-worker.ts';

/**
 * The OutboxStore of a queue kept in the outbox's tables: the shared bookkeeping
 * (outbox-repository.ts) over the queue's tables, and the queue's own claim, which reads what a
 * claimed row carries.
 */
export function queueStore<Job, Delivery extends QueuedDelivery & OutboxDelivery>(
  db: Kysely<Database>,
  queue: OutboxQueue<Delivery>,
  init: { delivery: (job: Job) => Delivery; claimDue: OutboxStore<Job>['claimDue'] },
): OutboxStore<Job> {
  const { delivery } = init;
  return {
    delivery,
    claimDue: init.claimDue,
    markDelivered: (job, record, now) => markDelivered(db, queue, delivery(job), record, now),
    markAttemptFailed: (job, record, options) => markAttemptFailed(db, queue, delivery(job), record, options),
    releaseClaims: (ids, notBefore, now) => releaseClaims(db, queue.deliveries, ids, notBefore, now),
    releaseAllClaims: (now) => releaseAllClaims(db, queue.deliveries, now),
    // The worker's channels are the queue's: their names are the table's channel values.
    nextDueAt: (channel) => nextDueAt(db, queue.deliveries, channel as DeliveryChannel),
  };
}
