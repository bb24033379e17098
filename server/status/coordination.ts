import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { StatusUpdate } from '../../contracts/status.ts';

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

/** pg_notify payloads must stay under 8000 bytes; a bigger round is sent as a reference. */
const maxPayloadBytes = 7900;
const channel = 'hostfront_status';
/** The advisory lock key of the prober (any constant that no other code uses). */
export const proberLockKey = '4848284656611405';

interface NotifyPayload {
  origin: string;
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
  await pool.query('select pg_notify($1, $2)', [channel, JSON.stringify({ origin, signal } satisfies NotifyPayload)]);
}

/**
 * PostgreSQL: the instance holding a session advisory lock probes; the others retry every
 * `retryMs`, so when the holder dies (its session ends and the lock with it) one of them takes
 * over within that time. Rounds travel by NOTIFY; every instance LISTENs.
 */
export class PgCoordinator implements Coordinator {
  readonly instanceId = randomUUID();
  private readonly pool: pg.Pool;
  private readonly retryMs: number;
  private readonly log: FastifyBaseLogger;
  private readonly loadRound: (id: number) => Promise<Round>;
  private events: CoordinatorEvents | undefined;
  private lockClient: pg.PoolClient | undefined;
  private listenClient: pg.PoolClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private listenTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly discarded = new WeakSet<pg.PoolClient>();
  private ticking: Promise<void> = Promise.resolve();

  constructor(options: { pool: pg.Pool; retryMs: number; log: FastifyBaseLogger; loadRound: (id: number) => Promise<Round> }) {
    this.pool = options.pool;
    this.retryMs = options.retryMs;
    this.log = options.log;
    this.loadRound = options.loadRound;
  }

  get isLeader(): boolean {
    return this.lockClient !== undefined;
  }

  async start(events: CoordinatorEvents): Promise<void> {
    this.events = events;
    await this.listen();
    this.ticking = this.tick();
    await this.ticking;
  }

  async publish(round: Round): Promise<void> {
    let payload = JSON.stringify({ origin: this.instanceId, round } satisfies NotifyPayload);
    if (Buffer.byteLength(payload) > maxPayloadBytes) payload = JSON.stringify({ origin: this.instanceId, ref: round.id } satisfies NotifyPayload);
    await this.pool.query('select pg_notify($1, $2)', [channel, payload]);
  }

  async signal(signal: Signal): Promise<void> {
    await sendSignal(this.pool, signal, this.instanceId);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.listenTimer);
    await this.ticking;
    if (this.lockClient) {
      const client = this.lockClient;
      this.lockClient = undefined;
      await client.query('select pg_advisory_unlock($1)', [proberLockKey]).catch(() => {});
      this.discard(client);
    }
    if (this.listenClient) {
      const client = this.listenClient;
      this.listenClient = undefined;
      await client.query(`unlisten ${channel}`).catch(() => {});
      this.discard(client);
    }
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
   * Closes a dedicated connection (the lock's or the LISTEN one) instead of pooling it again with
   * our listeners on it, once: a broken connection may still report errors after it is let go.
   */
  private discard(client: pg.PoolClient): void {
    if (this.discarded.has(client)) return;
    this.discarded.add(client);
    client.release(true);
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    try {
      const client = await this.pool.connect();
      // A broken connection can report more than one error (and its LISTEN query fails too):
      // it goes back to the pool, and a new one is tried, exactly once.
      let dropped = false;
      const drop = (error: unknown): void => {
        if (dropped || this.discarded.has(client)) return;
        dropped = true;
        if (this.listenClient === client) this.listenClient = undefined;
        this.discard(client);
        this.log.warn({ err: error }, 'status: lost the LISTEN connection; reconnecting');
        this.retryListen(true);
      };
      client.on('notification', (message) => {
        if (message.channel !== channel || !message.payload) return;
        void this.receive(message.payload);
      });
      client.on('error', drop);
      try {
        await client.query(`listen ${channel}`);
      } catch (error) {
        drop(error);
        return;
      }
      if (!dropped) this.listenClient = client;
    } catch (error) {
      this.log.warn({ err: error }, 'status: could not LISTEN; retrying');
      this.retryListen(false);
    }
  }

  private retryListen(resync: boolean): void {
    if (this.stopped) return;
    this.listenTimer = setTimeout(() => {
      void this.listen().then(() => {
        if (resync && this.listenClient) this.events?.onResync();
      });
    }, 1000);
    this.listenTimer.unref();
  }

  private async receive(text: string): Promise<void> {
    try {
      const payload = JSON.parse(text) as NotifyPayload;
      if (payload.origin === this.instanceId) return;
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
