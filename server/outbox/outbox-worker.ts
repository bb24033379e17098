import type { FastifyBaseLogger } from 'fastify';
import type { OutboxChannel } from './channel.ts';
import { backoffDelay, type OutboxOptions } from './outbox-options.ts';
import type { AttemptOutcome, AttemptRecord } from './outbox-tables.ts';
import { Waiter } from './waiter.ts';

/**
 * The retrying machinery every outbox shares (contact messages, status notifications): rows
 * claimed with a lease (FOR UPDATE SKIP LOCKED on PostgreSQL, in outbox-repository.ts's claim), sent
 * one after another per channel, retried with backoff and jitter within a window, every attempt
 * recorded, and on SQLite the claims of a dead process released at start. Each queue brings
 * its SQL as an OutboxStore (queue-store.ts); the worker owns the loop and the decisions; its
 * pace is set by OutboxOptions (outbox-options.ts).
 */

/** What the worker needs to know of a claimed row. */
export interface OutboxDelivery {
  id: number;
  attempts: number;
  /** After this, a failure is final. */
  expiresAt: number;
}

/** A queue's SQL: claims, outcomes and releases of its own tables. */
export interface OutboxStore<Job> {
  delivery(job: Job): OutboxDelivery;
  claimDue(channel: string, options: { now: number; limit: number; leaseMs: number; worker: string }): Promise<Job[]>;
  markDelivered(job: Job, record: AttemptRecord, now: number): Promise<void>;
  markAttemptFailed(job: Job, record: AttemptRecord, options: { nextAttemptAt: number; final: boolean; now: number }): Promise<void>;
  /** Hands claimed rows back without an attempt, due again at `notBefore`. */
  releaseClaims(ids: readonly number[], notBefore: number, now: number): Promise<void>;
  /** Frees every claim (SQLite, at start). Returns how many. */
  releaseAllClaims(now: number): Promise<number>;
  /** The soonest time a pending delivery of the channel is due, if any. */
  nextDueAt(channel: string): Promise<number | undefined>;
}

/** The words the worker logs with, so each queue's lines read as its own. */
export interface OutboxWording<Job> {
  /** "contact outbox": the prefix of the worker's own lines. */
  name: string;
  /** The fields of a line about one delivery. */
  context(job: Job, channel: string): Record<string, unknown>;
  delivered: string;
  willRetry: string;
  gaveUp: string;
}

export interface OutboxWorkerOptions<Job> {
  store: OutboxStore<Job>;
  channels: readonly OutboxChannel<Job>[];
  log: FastifyBaseLogger;
  wording: OutboxWording<Job>;
  options: OutboxOptions;
  /**
   * What a 429 means: `channel` (contact's one webhook: the whole channel waits, the rest of the
   * batch is handed back) or `delivery` (each subscriber has their own webhook: only that one waits).
   */
  rateLimitScope: 'channel' | 'delivery';
  /** Told of every attempt's outcome (metrics). */
  onAttempt?: ((channel: string, outcome: AttemptOutcome) => void) | undefined;
  /** Runs at start, after claims are taken back and before the loops (contact: queue recent messages for new channels). */
  onStart?: (() => Promise<void>) | undefined;
}

/**
 * The worker: one loop per channel, so each channel keeps its own state and pace. Delivery is
 * at least once; a delivery is marked done right after the channel accepts it, so it is sent
 * twice only if the process dies (or loses the database) between those two steps.
 */
export class OutboxWorker<Job> {
  readonly #store: OutboxStore<Job>;
  readonly #channels: readonly OutboxChannel<Job>[];
  readonly #log: FastifyBaseLogger;
  readonly #wording: OutboxWording<Job>;
  readonly #rateLimitScope: 'channel' | 'delivery';
  readonly #onAttempt: OutboxWorkerOptions<Job>['onAttempt'];
  readonly #onStart: OutboxWorkerOptions<Job>['onStart'];
  readonly options: OutboxOptions;
  readonly #waiters = new Map<string, Waiter>();
  #loops: Promise<void>[] = [];
  #stopping = false;
  /** Callers of idle(), each with the channels that have not yet found their queue empty. */
  #idleWaiters: { channels: Set<string>; resolve: () => void }[] = [];

  constructor(init: OutboxWorkerOptions<Job>) {
    this.#store = init.store;
    this.#channels = init.channels;
    this.#log = init.log;
    this.#wording = init.wording;
    this.#rateLimitScope = init.rateLimitScope;
    this.#onAttempt = init.onAttempt;
    this.#onStart = init.onStart;
    this.options = init.options;
  }

  /** The channels deliveries go to. */
  get channels(): readonly OutboxChannel<Job>[] {
    return this.#channels;
  }

  /** Takes back a dead process's claims, runs the queue's own start step, and starts the loops. Without a channel, nothing runs. */
  async start(): Promise<void> {
    if (this.#channels.length === 0) return;
    await this.takeBackClaims();
    await this.#onStart?.();
    this.run();
  }

  /** On SQLite (one instance), claims found at start-up are a dead process's: released. */
  async takeBackClaims(): Promise<void> {
    if (this.options.dialect !== 'sqlite') return;
    const released = await this.#store.releaseAllClaims(this.options.clock());
    if (released) this.#log.info({ released }, `${this.#wording.name}: took back deliveries claimed before a restart`);
  }

  /** Starts one loop per channel. */
  run(): void {
    for (const channel of this.#channels) {
      const waiter = new Waiter();
      this.#waiters.set(channel.name, waiter);
      this.#loops.push(this.#run(channel, waiter));
    }
  }

  /**
   * Resolves once every channel's loop has looked and found nothing due, after this call: the
   * queue is drained as far as it is due now (tests wait on it instead of sleeping).
   */
  idle(): Promise<void> {
    if (this.#loops.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#idleWaiters.push({ channels: new Set(this.#channels.map((c) => c.name)), resolve });
      this.wake();
    });
  }

  #foundNothing(channel: string): void {
    for (const waiter of this.#idleWaiters) waiter.channels.delete(channel);
    for (const waiter of this.#idleWaiters.filter((w) => w.channels.size === 0)) waiter.resolve();
    this.#idleWaiters = this.#idleWaiters.filter((w) => w.channels.size > 0);
  }

  /** Work was stored: look now rather than at the next poll. */
  wake(): void {
    for (const waiter of this.#waiters.values()) waiter.wake();
  }

  /** Stops after the sends in flight finish and are recorded; claimed rows not yet sent are handed back. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.wake();
    await Promise.all(this.#loops);
    this.#loops = [];
    for (const waiter of this.#idleWaiters.splice(0)) waiter.resolve();
    await Promise.all(this.#channels.map((c) => c.close?.()));
  }

  async #run(channel: OutboxChannel<Job>, waiter: Waiter): Promise<void> {
    while (!this.#stopping) {
      let claimed: Job[];
      try {
        claimed = await this.#store.claimDue(channel.name, {
          now: this.options.clock(),
          limit: this.options.batchSize,
          leaseMs: this.options.leaseMs,
          worker: this.options.workerId,
        });
      } catch (error) {
        if (this.#stopping) break;
        this.#log.error({ err: error, channel: channel.name }, `${this.#wording.name}: could not read the queue; trying again`);
        await waiter.sleep(this.options.pollIntervalMs);
        continue;
      }
      if (claimed.length === 0) {
        this.#foundNothing(channel.name);
        await waiter.sleep(await this.#idleWait(channel));
        continue;
      }
      const pauseMs = await this.#deliverBatch(channel, claimed);
      if (pauseMs > 0) await waiter.sleep(pauseMs);
    }
  }

  /** Until the next delivery is due, at most a poll interval. */
  async #idleWait(channel: OutboxChannel<Job>): Promise<number> {
    try {
      const next = await this.#store.nextDueAt(channel.name);
      if (next === undefined) return this.options.pollIntervalMs;
      const wait = next - this.options.clock();
      // Due but not claimable: another worker holds it; look again at the next poll.
      return wait <= 0 ? this.options.pollIntervalMs : Math.min(wait, this.options.pollIntervalMs);
    } catch {
      return this.options.pollIntervalMs;
    }
  }

  /** Sends a batch one by one. Returns how long the channel asked us to pause (0 for none). */
  async #deliverBatch(channel: OutboxChannel<Job>, claimed: Job[]): Promise<number> {
    for (let i = 0; i < claimed.length; i++) {
      const job = claimed[i]!;
      const delivery = this.#store.delivery(job);
      if (this.#stopping) {
        await this.#release(claimed.slice(i), this.options.clock());
        return 0;
      }
      const startedAt = this.options.clock();
      const result = await channel.send(job, this.options.sendTimeoutMs);
      const now = this.options.clock();
      const record = {
        startedAt,
        durationMs: now - startedAt,
        statusCode: result.statusCode,
        worker: this.options.workerId,
      };
      const context = this.#wording.context(job, channel.name);
      this.#onAttempt?.(channel.name, result.ok ? 'delivered' : result.retryAfterMs !== undefined ? 'rate_limited' : 'failed');
      try {
        if (result.ok) {
          await this.#store.markDelivered(job, { ...record, outcome: 'delivered', error: null }, now);
          this.#log.info(context, this.#wording.delivered);
          continue;
        }
        const rateLimited = result.retryAfterMs !== undefined;
        const final = now >= delivery.expiresAt || result.final === true;
        const wait = rateLimited ? result.retryAfterMs! : backoffDelay(delivery.attempts + 1, this.options.backoff, this.options.random);
        const nextAttemptAt = final ? now : Math.min(now + wait, Math.max(delivery.expiresAt, now + (rateLimited ? wait : 0)));
        await this.#store.markAttemptFailed(
          job,
          { ...record, outcome: rateLimited ? 'rate_limited' : 'failed', error: result.error },
          { nextAttemptAt, final, now },
        );
        if (final) {
          this.#log.error({ ...context, error: result.error }, this.#wording.gaveUp);
        } else {
          this.#log.warn({ ...context, error: result.error, retryInMs: nextAttemptAt - now }, this.#wording.willRetry);
        }
        if (rateLimited && this.#rateLimitScope === 'channel') {
          // The channel as a whole is rate limited: hand the rest back until the wait is over.
          await this.#release(claimed.slice(i + 1), now + result.retryAfterMs!);
          return result.retryAfterMs!;
        }
      } catch (error) {
        // The database is unreachable: the claim runs out and the delivery is tried again.
        this.#log.error({ err: error, ...context, delivered: result.ok }, `${this.#wording.name}: could not record a delivery attempt`);
      }
    }
    return 0;
  }

  async #release(jobs: Job[], notBefore: number): Promise<void> {
    try {
      await this.#store.releaseClaims(
        jobs.map((j) => this.#store.delivery(j).id),
        notBefore,
        this.options.clock(),
      );
    } catch (error) {
      this.#log.warn({ err: error }, `${this.#wording.name}: could not hand back claimed deliveries; their lease will run out`);
    }
  }
}
