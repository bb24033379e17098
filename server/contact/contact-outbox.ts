import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { ContactChannel } from './channels/channel.ts';
import {
  addMissingDeliveries,
  claimDue,
  markAttemptFailed,
  markDelivered,
  nextDueAt,
  releaseAllClaims,
  releaseClaims,
  type ClaimedDelivery,
} from './contact-repository.ts';
import type { ContactAttemptOutcome, ContactChannelName } from './contact-tables.ts';

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
  /** How long a message is retried before it is marked failed (24 h). */
  maxAgeMs: number;
  /**
   * The database's dialect. On SQLite there is one instance, so claims left at start-up belong
   * to a dead process and are released; on PostgreSQL rows are claimed with SKIP LOCKED.
   */
  dialect: Dialect;
  random: () => number;
  workerId: string;
  /** Told of every attempt's outcome (metrics). */
  onAttempt?: (channel: ContactChannelName, outcome: ContactAttemptOutcome) => void;
}

export const contactMaxAgeMs = 24 * 60 * 60 * 1000;

export function defaultOutboxOptions(overrides: Partial<OutboxOptions> = {}): OutboxOptions {
  const batchSize = overrides.batchSize ?? 10;
  const sendTimeoutMs = overrides.sendTimeoutMs ?? 10_000;
  return {
    pollIntervalMs: 5_000,
    batchSize,
    sendTimeoutMs,
    leaseMs: batchSize * sendTimeoutMs + 30_000,
    backoff: { baseMs: 5_000, maxMs: 60 * 60 * 1000 },
    maxAgeMs: contactMaxAgeMs,
    dialect: 'sqlite',
    random: Math.random,
    workerId: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    ...overrides,
  };
}

/**
 * The wait before attempt `failures + 1`: base × 2^(failures − 1), capped, and then a random
 * point in its upper half ("equal jitter"), so retries of many messages spread out.
 */
export function backoffDelay(failures: number, backoff: OutboxOptions['backoff'], random: () => number): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A sleep that wake() or stop() can end early. */
class Waiter {
  #timer: NodeJS.Timeout | undefined;
  #resolve: (() => void) | undefined;
  #woken = false;

  sleep(ms: number): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#resolve = resolve;
      this.#timer = setTimeout(() => this.wake(), Math.max(0, ms));
    });
  }

  wake(): void {
    clearTimeout(this.#timer);
    const resolve = this.#resolve;
    this.#resolve = undefined;
    if (resolve) resolve();
    else this.#woken = true;
  }
}

/**
 * The outbox worker: delivers every stored message to every configured channel, one loop per
 * channel, so each channel keeps its own state and pace. Delivery is at least once; a delivery
 * is marked done right after the channel accepts it, so a message is sent twice only if the
 * process dies (or loses the database) between those two steps.
 */
export class ContactOutbox {
  readonly #db: Kysely<Database>;
  readonly #channels: readonly ContactChannel[];
  readonly #log: FastifyBaseLogger;
  readonly options: OutboxOptions;
  readonly #waiters = new Map<string, Waiter>();
  #loops: Promise<void>[] = [];
  #stopping = false;

  constructor(db: Kysely<Database>, channels: readonly ContactChannel[], log: FastifyBaseLogger, options: Partial<OutboxOptions> = {}) {
    this.#db = db;
    this.#channels = channels;
    this.#log = log;
    this.options = defaultOutboxOptions(options);
  }

  get channels(): readonly ContactChannel[] {
    return this.#channels;
  }

  async start(): Promise<void> {
    if (this.#channels.length === 0) return;
    const now = Date.now();
    if (this.options.dialect === 'sqlite') {
      const released = await releaseAllClaims(this.#db, now);
      if (released) this.#log.info({ released }, 'contact outbox: took back deliveries claimed before a restart');
    }
    const added = await addMissingDeliveries(
      this.#db,
      this.#channels.map((c) => c.name),
      now - this.options.maxAgeMs,
      now,
      this.options.maxAgeMs,
    );
    if (added) this.#log.info({ added }, 'contact outbox: queued recent messages for newly configured channels');
    for (const channel of this.#channels) {
      const waiter = new Waiter();
      this.#waiters.set(channel.name, waiter);
      this.#loops.push(this.#run(channel, waiter));
    }
  }

  /** A new message was stored: look now rather than at the next poll. */
  wake(): void {
    for (const waiter of this.#waiters.values()) waiter.wake();
  }

  /** Stops after the sends in flight finish and are recorded; claimed rows not yet sent are handed back. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.wake();
    await Promise.all(this.#loops);
    this.#loops = [];
    await Promise.all(this.#channels.map((c) => c.close?.()));
  }

  async #run(channel: ContactChannel, waiter: Waiter): Promise<void> {
    while (!this.#stopping) {
      let claimed: ClaimedDelivery[];
      try {
        claimed = await claimDue(this.#db, this.options.dialect, {
          channel: channel.name,
          now: Date.now(),
          limit: this.options.batchSize,
          leaseMs: this.options.leaseMs,
          worker: this.options.workerId,
        });
      } catch (error) {
        if (this.#stopping) break;
        this.#log.error({ err: error, channel: channel.name }, 'contact outbox: could not read the queue; trying again');
        await waiter.sleep(this.options.pollIntervalMs);
        continue;
      }
      if (claimed.length === 0) {
        await waiter.sleep(await this.#idleWait(channel));
        continue;
      }
      const pauseMs = await this.#deliverBatch(channel, claimed);
      if (pauseMs > 0) await waiter.sleep(pauseMs);
    }
  }

  /** Until the next delivery is due, at most a poll interval. */
  async #idleWait(channel: ContactChannel): Promise<number> {
    try {
      const next = await nextDueAt(this.#db, channel.name);
      if (next === undefined) return this.options.pollIntervalMs;
      const wait = next - Date.now();
      // Due but not claimable: another worker holds it; look again at the next poll.
      return wait <= 0 ? this.options.pollIntervalMs : Math.min(wait, this.options.pollIntervalMs);
    } catch {
      return this.options.pollIntervalMs;
    }
  }

  /** Sends a batch one by one. Returns how long the channel asked us to pause (0 for none). */
  async #deliverBatch(channel: ContactChannel, claimed: ClaimedDelivery[]): Promise<number> {
    for (let i = 0; i < claimed.length; i++) {
      const { delivery, message } = claimed[i]!;
      if (this.#stopping) {
        await this.#release(claimed.slice(i), Date.now());
        return 0;
      }
      const startedAt = Date.now();
      const result = await channel.send(message, this.options.sendTimeoutMs);
      const now = Date.now();
      const record = {
        startedAt,
        durationMs: now - startedAt,
        statusCode: result.statusCode,
        worker: this.options.workerId,
      };
      const context = { channel: channel.name, messageId: message.id, attempt: delivery.attempts + 1 };
      this.options.onAttempt?.(channel.name, result.ok ? 'delivered' : result.retryAfterMs !== undefined ? 'rate_limited' : 'failed');
      try {
        if (result.ok) {
          await markDelivered(this.#db, delivery, { ...record, outcome: 'delivered', error: null }, now);
          this.#log.info(context, 'contact message delivered');
          continue;
        }
        const rateLimited = result.retryAfterMs !== undefined;
        const final = now >= delivery.expiresAt;
        const wait = rateLimited ? result.retryAfterMs! : backoffDelay(delivery.attempts + 1, this.options.backoff, this.options.random);
        const nextAttemptAt = final ? now : Math.min(now + wait, Math.max(delivery.expiresAt, now + (rateLimited ? wait : 0)));
        await markAttemptFailed(
          this.#db,
          delivery,
          { ...record, outcome: rateLimited ? 'rate_limited' : 'failed', error: result.error },
          { nextAttemptAt, final, now },
        );
        if (final) {
          this.#log.error({ ...context, error: result.error }, 'contact message could not be delivered for 24 h: marked failed (npm run contact -- retry ID)');
        } else {
          this.#log.warn({ ...context, error: result.error, retryInMs: nextAttemptAt - now }, 'contact message delivery failed; will retry');
        }
        if (rateLimited) {
          // The channel as a whole is rate limited: hand the rest back until the wait is over.
          await this.#release(claimed.slice(i + 1), now + result.retryAfterMs!);
          return result.retryAfterMs!;
        }
      } catch (error) {
        // The database is unreachable: the claim runs out and the delivery is tried again.
        this.#log.error({ err: error, ...context, delivered: result.ok }, 'contact outbox: could not record a delivery attempt');
      }
    }
    return 0;
  }

  async #release(rows: ClaimedDelivery[], notBefore: number): Promise<void> {
    try {
      await releaseClaims(
        this.#db,
        rows.map((r) => r.delivery.id),
        notBefore,
        Date.now(),
      );
    } catch (error) {
      this.#log.warn({ err: error }, 'contact outbox: could not hand back claimed deliveries; their lease will run out');
    }
  }
}
