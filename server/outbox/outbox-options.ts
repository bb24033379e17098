import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Dialect } from '../db/database.ts';
import { type Clock, systemClock } from '../lib/clock.ts';

/** How an outbox worker paces itself: polls, batches, timeouts, leases, backoff and the window. */
export interface OutboxOptions {
  /** How often an idle worker looks for work it was not told about (other instances, the CLI). */
  pollIntervalMs: number;
  /** Deliveries claimed at once per channel; they are sent one after another. */
  batchSize: number;
  /** How long one send may take. */
  sendTimeoutMs: number;
  /** How long a claim holds; a crashed worker's rows are taken over after it. */
  leaseMs: number;
  /** Exponential backoff between failed attempts: base, doubling, capped, with jitter. */
  backoff: { baseMs: number; maxMs: number };
  /** How long a delivery is retried before it is marked failed (24 h). */
  maxAgeMs: number;
  /**
   * The database's dialect. On SQLite there is one instance, so claims left at start-up belong
   * to a dead process and are released; on PostgreSQL rows are claimed with SKIP LOCKED.
   */
  dialect: Dialect;
  random: () => number;
  workerId: string;
  /** The app's clock (server/lib/clock.ts): what is due, and the times of attempts. */
  clock: Clock;
}

export const outboxMaxAgeMs = 24 * 60 * 60 * 1000;

export function defaultOutboxOptions<O extends Partial<OutboxOptions>>(overrides: O = {} as O): OutboxOptions & O {
  const batchSize = overrides.batchSize ?? 10;
  const sendTimeoutMs = overrides.sendTimeoutMs ?? 10_000;
  return {
    pollIntervalMs: 5_000,
    batchSize,
    sendTimeoutMs,
    leaseMs: batchSize * sendTimeoutMs + 30_000,
    backoff: { baseMs: 5_000, maxMs: 60 * 60 * 1000 },
    maxAgeMs: outboxMaxAgeMs,
    dialect: 'sqlite',
    random: Math.random,
    clock: systemClock,
    workerId: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    ...overrides,
  };
}

/**
 * The wait before attempt `failures + 1`: base × 2^(failures − 1), capped, and then a random
 * point in its upper half ("equal jitter"), so retries of many deliveries spread out.
 */
export function backoffDelay(failures: number, backoff: OutboxOptions['backoff'], random: () => number): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
