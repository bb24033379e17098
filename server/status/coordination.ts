import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { StatusUpdate } from '../../contracts/status.ts';
import { ClusterNotify } from '../lib/cluster-notify.ts';

/** The results of one probe round, as every instance streams them. id = the round's time. */
export interface Round {
  id: number;
  updates: StatusUpdate[];
}

/**
 * A short message to the other instances: the monitors changed (read them again). Status events
 * travel on their own channel (server/status-events/).
 */
export type Signal = { kind: 'monitors' };

export interface CoordinatorEvents {
  /** This instance now runs the probes. */
  onLeader(): void;
  /** This instance stopped running the probes (lost its lock). */
  onFollower(): void;
  /** Another instance finished a round. */
  onRound(round: Round): void;
  /** Rounds may have been missed (the listening connection was lost): reload from the database. */
  onResync(): void;
  /** Another instance sent a signal. */
  onSignal?(signal: Signal): void;
}

/** Decides which instance probes, and carries rounds to the others. */
export interface Coordinator {
  start(events: CoordinatorEvents): Promise<void>;
  publish(round: Round): Promise<void>;
  /** Tells the other instances something (nothing to do when there are none). */
  signal(signal: Signal): Promise<void>;
  stop(): Promise<void>;
}

/** SQLite: one instance, always the one that probes. */
export class LocalCoordinator implements Coordinator {
  async start(events: CoordinatorEvents): Promise<void> {
    events.onLeader();
  }
  async publish(): Promise<void> {}
  async signal(): Promise<void> {}
  async stop(): Promise<void> {}
}

const channel = 'hostfront_status';
/** The advisory lock key of the prober (any constant that no other code uses). */
export const proberLockKey = '4848284656611405';

/** What travels on the coordinator's channel: a round, or its id when it is too big for one message, or a signal. */
interface NotifyPayload {
  round?: Round;
  /** Set instead of round when the round was too big: load it from the database. */
  ref?: number;
  signal?: Signal;
}

/**
 * Sends a signal on the coordinator's channel from any connection: the monitors CLI uses it
 * to tell running instances (on PostgreSQL) that it changed the monitors.
 */
export async function sendSignal(pool: pg.Pool, signal: Signal, origin = 'cli'): Promise<void> {
  await ClusterNotify.send<NotifyPayload>(pool, channel, { signal }, origin);
}

/**
 * PostgreSQL: the instance holding a session advisory lock probes; the others retry every
 * `retryMs`, so when the holder dies (its session ends and the lock with it) one of them takes
 * over within that time. Rounds travel by NOTIFY (server/lib/cluster-notify.ts); every instance LISTENs.
 */
export class PgCoordinator implements Coordinator {
  private readonly notify: ClusterNotify<NotifyPayload>;
  private readonly pool: pg.Pool;
  private readonly retryMs: number;
  private readonly log: FastifyBaseLogger;
  private readonly loadRound: (id: number) => Promise<Round>;
  private events: CoordinatorEvents | undefined;
  private lockClient: pg.PoolClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly discarded = new WeakSet<pg.PoolClient>();
  private ticking: Promise<void> = Promise.resolve();

  constructor(options: { pool: pg.Pool; retryMs: number; log: FastifyBaseLogger; loadRound: (id: number) => Promise<Round> }) {
    this.pool = options.pool;
    this.retryMs = options.retryMs;
    this.log = options.log;
    this.loadRound = options.loadRound;
    this.notify = new ClusterNotify({ pool: options.pool, channel, log: options.log });
  }

  get instanceId(): string {
    return this.notify.instanceId;
  }

  get isLeader(): boolean {
    return this.lockClient !== undefined;
  }

  async start(events: CoordinatorEvents): Promise<void> {
    this.events = events;
    await this.notify.start(
      (payload) => void this.receive(payload),
      () => this.events?.onResync(),
    );
    this.ticking = this.tick();
    await this.ticking;
  }

  async publish(round: Round): Promise<void> {
    await this.notify.publish(ClusterNotify.fits({ round }) ? { round } : { ref: round.id });
  }

  async signal(signal: Signal): Promise<void> {
    await this.notify.publish({ signal });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    if (this.lockClient) {
      const client = this.lockClient;
      this.lockClient = undefined;
      await client.query('select pg_advisory_unlock($1)', [proberLockKey]).catch(() => {});
      this.discard(client);
    }
    await this.notify.stop();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick();
    }, this.retryMs);
    this.timer.unref();
  }

  /** Holder: checks its session is alive. Others: try to take the lock. */
  private async tick(): Promise<void> {
    try {
      if (this.lockClient) {
        await this.lockClient.query('select 1');
      } else {
        const client = await this.pool.connect();
        let taken = false;
        try {
          const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [proberLockKey]);
          taken = result.rows[0]?.locked === true;
        } finally {
          if (!taken) client.release();
        }
        if (taken && !this.stopped) {
          this.lockClient = client;
          client.on('error', (error) => this.lose(error));
          this.log.info({ instance: this.instanceId }, 'status: this instance now runs the probes');
          this.events?.onLeader();
        } else if (taken) {
          await client.query('select pg_advisory_unlock($1)', [proberLockKey]).catch(() => {});
          client.release();
        }
      }
    } catch (error) {
      if (this.lockClient) this.lose(error);
      else this.log.warn({ err: error }, 'status: could not reach PostgreSQL for the prober lock');
    }
    this.schedule();
  }

  private lose(error: unknown): void {
    const client = this.lockClient;
    if (!client) return;
    this.lockClient = undefined;
    this.discard(client);
    this.log.warn({ err: error }, 'status: lost the prober lock; another instance will take over');
    this.events?.onFollower();
  }

  /**
   * Closes the lock's connection instead of pooling it again with our listeners on it, once: a
   * broken connection may still report errors after it is let go.
   */
  private discard(client: pg.PoolClient): void {
    if (this.discarded.has(client)) return;
    this.discarded.add(client);
    client.release(true);
  }

  private async receive(payload: NotifyPayload): Promise<void> {
    try {
      if (payload.signal) {
        this.events?.onSignal?.(payload.signal);
        return;
      }
      const round = payload.round ?? (payload.ref !== undefined ? await this.loadRound(payload.ref) : undefined);
      if (round) this.events?.onRound(round);
    } catch (error) {
      this.log.error({ err: error }, 'status: could not read a round from another instance');
    }
  }
}
