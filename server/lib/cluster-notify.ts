import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** pg_notify payloads must stay under 8000 bytes; callers send ids and read the rows. */
const maxPayloadBytes = 7900;

/** A message over the limit: a mistake of the caller, not of the network. */
class TooLarge extends Error {}

/**
 * Small messages between the instances of the app on one PostgreSQL (LISTEN/NOTIFY on one
 * channel), as the status coordinator does for its rounds: `publish` tells every other instance,
 * `start` hears them. An instance never hears its own messages. On SQLite (no pool) there is one
 * instance: publish does nothing. A lost LISTEN connection is replaced within a second, and
 * `onResync` is called then: messages may have been missed, so read the state again.
 */
export class ClusterNotify<Payload> {
  readonly instanceId = randomUUID();
  readonly #pool: pg.Pool | undefined;
  readonly #channel: string;
  readonly #log: FastifyBaseLogger;
  #onMessage: ((payload: Payload) => void) | undefined;
  #onResync: (() => void) | undefined;
  #client: pg.PoolClient | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  /** Connections already let go: a broken one may still report errors afterwards. */
  readonly #released = new WeakSet<pg.PoolClient>();

  constructor(options: { pool: pg.Pool | undefined; channel: string; log: FastifyBaseLogger }) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.channel)) throw new Error(`not a channel name: ${options.channel}`);
    this.#pool = options.pool;
    this.#channel = options.channel;
    this.#log = options.log;
  }

  /** True when other instances may exist (PostgreSQL). */
  get clustered(): boolean {
    return this.#pool !== undefined;
  }

  async start(onMessage: (payload: Payload) => void, onResync?: () => void): Promise<void> {
    this.#onMessage = onMessage;
    this.#onResync = onResync;
    if (this.#pool) await this.#listen(false);
  }

  /** Tells the other instances; a failure is logged, never thrown (the local side already happened). */
  async publish(payload: Payload): Promise<void> {
    if (!this.#pool || this.#stopped) return;
    try {
      await ClusterNotify.send(this.#pool, this.#channel, payload, this.instanceId);
    } catch (error) {
      if (error instanceof TooLarge) throw error;
      this.#log.warn({ err: error, channel: this.#channel }, 'could not notify the other instances');
    }
  }

  /**
   * Tells every instance listening on `channel`, from any connection (a CLI tells running
   * instances this way); `origin` is what they see as the sender. Throws when it could not.
   */
  static async send<P>(pool: pg.Pool, channel: string, payload: P, origin: string): Promise<void> {
    const text = JSON.stringify({ o: origin, p: payload });
    if (Buffer.byteLength(text) > maxPayloadBytes) throw new TooLarge(`cluster message on ${channel} too large: send ids and read the rows`);
    await pool.query('select pg_notify($1, $2)', [channel, text]);
  }

  /** Whether a payload fits in one message (else send an id and read the rows). */
  static fits(payload: unknown): boolean {
    return Buffer.byteLength(JSON.stringify({ o: randomUUID(), p: payload })) <= maxPayloadBytes;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    if (client) {
      await client.query(`unlisten ${this.#channel}`).catch(() => {});
      this.#release(client);
    }
  }

  async #listen(resync: boolean): Promise<void> {
    if (this.#stopped || !this.#pool) return;
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      this.#log.warn({ err: error, channel: this.#channel }, 'could not LISTEN; retrying');
      this.#retry(resync);
      return;
    }
    let dropped = false;
    const drop = (error: unknown): void => {
      if (dropped) return;
      dropped = true;
      if (this.#client === client) this.#client = undefined;
      this.#release(client);
      if (this.#stopped) return;
      this.#log.warn({ err: error, channel: this.#channel }, 'lost the LISTEN connection; reconnecting');
      this.#retry(true);
    };
    client.on('notification', (message) => {
      if (message.channel !== this.#channel || !message.payload) return;
      this.#receive(message.payload);
    });
    client.on('error', drop);
    try {
      await client.query(`listen ${this.#channel}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (this.#stopped) {
      this.#release(client);
      return;
    }
    this.#client = client;
    if (resync) this.#onResync?.();
  }

  /** Closes a LISTEN connection instead of pooling it again with our listeners on it, once. */
  #release(client: pg.PoolClient): void {
    if (this.#released.has(client)) return;
    this.#released.add(client);
    client.release(true);
  }

  #retry(resync: boolean): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#listen(resync), 1000);
    this.#timer.unref();
  }

  #receive(text: string): void {
    try {
      const message = JSON.parse(text) as { o: string; p: Payload };
      if (message.o === this.instanceId) return;
      this.#onMessage?.(message.p);
    } catch (error) {
      this.#log.error({ err: error, channel: this.#channel }, 'could not read a message from another instance');
    }
  }
}
