import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Incident, Maintenance, NoticeEvent, StatusEventKind } from '../../contracts/incidents.ts';
import { ClusterNotify } from '../lib/cluster-notify.ts';
import type { Database } from '../db/schema.ts';
import { SseHub, type SseHubOptions } from './sse-hub.ts';
import type { AnyStatusEvent, LoggedEventKind, StatusEventOf } from './status-event-map.ts';
import { statusEventById } from './status-events-repository.ts';

/** Where a publication was made: by this instance, or by another one (heard through the cluster). */
export type EventOrigin = 'here' | 'elsewhere';

/** What a subscriber is called with: one event of the kinds it asked for, typed by its kind. */
export type StatusEventListener<K extends LoggedEventKind> = (event: StatusEventOf<K>, origin: EventOrigin) => void | Promise<void>;

/** The channel the instances tell each other of new events on (ids only; the rows are read). */
export const statusEventsChannel = 'hostfront_status_events';

/** The notice an incident's or a maintenance's event becomes on the board's stream. */
export function noticeOf(kind: StatusEventKind, payload: unknown): NoticeEvent {
  return kind.startsWith('incident.') ? { kind, incident: payload as Incident } : { kind, maintenance: payload as Maintenance };
}

interface Subscription {
  kinds: ReadonlySet<LoggedEventKind>;
  listener: (event: AnyStatusEvent, origin: EventOrigin) => void | Promise<void>;
}

/**
 * The status events of the whole app (docs/decisions.md 55): capabilities append an event in the
 * transaction that makes the change (status-events-repository.ts), then `publish` it once it is
 * committed. A publication reaches this instance's subscribers, then its open boards, then the
 * other instances by a NOTIFY carrying its id (server/lib/cluster-notify.ts; nothing to do on
 * SQLite, where there is one instance): each reads the event and hands it on in the same order,
 * its own subscribers, then its open boards, in the order they were told. The log stays the truth:
 * subscriptions and alerts keep their own cursors over it, and a publication only wakes them.
 */
export class StatusEvents {
  /** The open boards of this instance (GET /api/status/stream). */
  readonly hub: SseHub;
  readonly #db: Kysely<Database>;
  readonly #log: FastifyBaseLogger;
  readonly #cluster: ClusterNotify<{ id: number }>;
  readonly #subscriptions: Subscription[] = [];
  readonly #resyncListeners: Array<() => void> = [];
  /** Events heard from other instances, handed on one after another. */
  #heard: Promise<void> = Promise.resolve();

  constructor(options: { db: Kysely<Database>; pool: pg.Pool | undefined; log: FastifyBaseLogger; streams?: Omit<SseHubOptions, 'keep'> }) {
    this.#db = options.db;
    this.#log = options.log;
    this.hub = new SseHub(options.streams ?? {});
    this.#cluster = new ClusterNotify({ pool: options.pool, channel: statusEventsChannel, log: options.log });
  }

  /** Calls `listener` with every event of these kinds, made here or on another instance. Returns a function that ends it. */
  subscribe<K extends LoggedEventKind>(kinds: readonly K[], listener: StatusEventListener<K>): () => void {
    const subscription: Subscription = { kinds: new Set<LoggedEventKind>(kinds), listener: listener as Subscription['listener'] };
    this.#subscriptions.push(subscription);
    return () => {
      const index = this.#subscriptions.indexOf(subscription);
      if (index !== -1) this.#subscriptions.splice(index, 1);
    };
  }

  /** Calls `listener` when publications from other instances may have been missed (a lost LISTEN): read the state again. */
  onResync(listener: () => void): void {
    this.#resyncListeners.push(listener);
  }

  /**
   * After the transaction that appended `event` committed: to this instance's subscribers, then
   * its open boards, then the other instances (who do the same). A subscriber's failure is
   * logged, never thrown.
   */
  async publish(event: AnyStatusEvent): Promise<void> {
    await this.#deliver(event, 'here');
    this.#pushToBoards(event);
    await this.#cluster.publish({ id: event.id });
  }

  /** Starts hearing the other instances (PostgreSQL). */
  async start(): Promise<void> {
    await this.#cluster.start(
      ({ id }) => {
        this.#heard = this.#heard.then(() => this.#hear(id));
      },
      () => {
        for (const listener of this.#resyncListeners) listener();
      },
    );
  }

  /** Ends the open boards' streams (before the server stops accepting). */
  closeStreams(): void {
    this.hub.close();
  }

  async stop(): Promise<void> {
    this.hub.close();
    await this.#cluster.stop();
    await this.#heard;
  }

  async #hear(id: number): Promise<void> {
    try {
      const event = await statusEventById(this.#db, id);
      if (!event) return;
      // Subscribers first (the incidents' copy is read again), then the boards, as on the instance that made it.
      await this.#deliver(event, 'elsewhere');
      this.#pushToBoards(event);
    } catch (error) {
      this.#log.error({ err: error, eventId: id }, 'status events: could not read an event made on another instance');
    }
  }

  async #deliver(event: AnyStatusEvent, origin: EventOrigin): Promise<void> {
    for (const subscription of [...this.#subscriptions]) {
      if (!subscription.kinds.has(event.kind)) continue;
      try {
        await subscription.listener(event, origin);
      } catch (error) {
        this.#log.error({ err: error, eventId: event.id, kind: event.kind }, 'status events: a subscriber failed');
      }
    }
  }

  /** Incidents' and maintenance's changes go to every open board as a `notice`; monitors' changes do not. */
  #pushToBoards(event: AnyStatusEvent): void {
    if (event.kind !== 'monitor.changed') this.hub.publishNotice(noticeOf(event.kind, event.payload));
  }
}
