import type { Kysely } from 'kysely';
import type { StatusUpdate } from '../../contracts/status.ts';
import { historyLength, type ShownStatus } from '../../contracts/status-rules.ts';
import type { Database } from '../db/schema.ts';
import { onlySite } from './decider.ts';
import { allDecisions, recentLocationResults } from './location-results-repository.ts';
import type { SseHub } from '../status-events/sse-hub.ts';
import type { Round } from './coordination.ts';
import type { MonitorCatalog } from './monitor-catalog.ts';
import { recentResults } from './status-repository.ts';
import { failureWords } from './failure-words.ts';
import type { UptimeFigures } from './uptime-figures.ts';

/** What one location said of a monitor lately. */
export interface LiveLocation {
  status: ShownStatus;
  latency: number;
  at: number;
  /** Why its newest result got no answer, in words (failure-words.ts). */
  failure?: string;
  history: { timestamp: number; latency: number }[];
}

export interface Live {
  /** Each location's state and readings (docs/decisions.md 47). */
  locations: Map<string, LiveLocation>;
  /** "Unreachable from Singapore" while a minority fails. */
  detail?: string;
  status: ShownStatus;
  latency: number;
  checkedAt: number | null;
  /** Why nobody got an answer, in words, while nobody does (docs/decisions.md 86). */
  failure?: string;
  history: { timestamp: number; latency: number }[];
  players?: { online: number; max: number };
  version?: string;
}

export const emptyLive = (): Live => ({ locations: new Map(), status: 'pending', latency: 0, checkedAt: null, history: [] });

/** The locations of a monitor, when more than this site's own prober reported. */
export function locationsShown(live: Live): boolean {
  return !onlySite([...live.locations.keys()].map((location) => ({ location })));
}

/**
 * The board's live state on this instance: each monitor's latest state and readings, fed by
 * rounds (this instance's prober, an agent's decided batch, or another instance's rounds) and
 * pushed to the open boards as `serverStatus` events. A change of state makes the uptime
 * figures be computed afresh.
 */
export class LiveBoard {
  readonly #db: Kysely<Database>;
  readonly #catalog: MonitorCatalog;
  readonly #hub: SseHub;
  readonly #figures: UptimeFigures;
  readonly #live = new Map<string, Live>();
  #lastRound: Round | undefined;

  constructor(options: { db: Kysely<Database>; catalog: MonitorCatalog; hub: SseHub; figures: UptimeFigures }) {
    this.#db = options.db;
    this.#catalog = options.catalog;
    this.#hub = options.hub;
    this.#figures = options.figures;
    this.sync();
  }

  /** The newest round this instance knows of (probed by it or another instance). */
  get lastRound(): Round | undefined {
    return this.#lastRound;
  }

  /** Whether the board has an entry for this monitor (a round naming another means the monitors changed). */
  has(id: string): boolean {
    return this.#live.has(id);
  }

  /** A monitor's live entry (an empty one for a monitor not read yet). */
  of(id: string): Live {
    return this.#live.get(id) ?? emptyLive();
  }

  /** The latest state this instance knows of a monitor. */
  liveOf(id: string): { status: ShownStatus; checkedAt: number | null } {
    const live = this.#live.get(id);
    return { status: live?.status ?? 'pending', checkedAt: live?.checkedAt ?? null };
  }

  /** When a location last reported anything this instance knows of (any monitor). */
  locationSeenAt(location: string): number | undefined {
    let newest: number | undefined;
    for (const live of this.#live.values()) {
      const at = live.locations.get(location)?.at;
      if (at !== undefined && (newest === undefined || at > newest)) newest = at;
    }
    return newest;
  }

  /** A live entry for every monitor of the catalog, none for deleted ones. */
  sync(): void {
    const ids = new Set(this.#catalog.all.map((m) => m.id));
    for (const id of this.#live.keys()) if (!ids.has(id)) this.#live.delete(id);
    for (const id of ids) if (!this.#live.has(id)) this.#live.set(id, emptyLive());
  }

  /** Applies a finished round: the board's state, then every open stream. */
  apply(round: Round): void {
    if (this.#lastRound && round.id <= this.#lastRound.id) return;
    for (const u of round.updates) {
      const live = this.#live.get(u.id);
      if (!live) continue;
      // A change of state changes the uptime, and so does every reading that is not operational
      // (after a maintenance window it counts at once): compute it afresh for the next report.
      // Operational readings move it by a hair, so those wait for the figures' own short reuse.
      if (live.status !== u.status || u.status !== 'operational') this.#figures.invalidate();
      live.status = u.status as Live['status'];
      live.latency = u.latency;
      live.checkedAt = u.timestamp;
      if (u.failure) live.failure = u.failure;
      else delete live.failure;
      // Players online are as of the newest answer: none when it did not answer. The version stays known.
      if (u.players) live.players = u.players;
      else if (u.latency === 0) delete live.players;
      if (u.version) live.version = u.version;
      live.history.push({ timestamp: u.timestamp, latency: u.latency });
      if (live.history.length > historyLength) live.history.splice(0, live.history.length - historyLength);
      for (const l of u.locations ?? []) {
        const known = live.locations.get(l.location);
        const line: LiveLocation = known ?? { status: l.status, latency: l.latency, at: l.at, history: [] };
        // A buffered batch: the line is what was stored, not only the round's newest reading.
        if (l.readings) line.history = l.readings.slice(-historyLength);
        else if (!known || known.at !== l.at) line.history.push({ timestamp: l.at, latency: l.latency });
        if (line.history.length > historyLength) line.history.splice(0, line.history.length - historyLength);
        Object.assign(line, { status: l.status, latency: l.latency, at: l.at });
        if (l.failure) line.failure = l.failure;
        else delete line.failure;
        live.locations.set(l.location, line);
      }
      if (u.locations) live.detail = u.detail;
    }
    this.#lastRound = round;
    this.#hub.publish(round.id, round.updates);
  }

  /** The latest state of every monitor, as one serverStatus event (for new subscribers). */
  snapshot(): { id: number; updates: StatusUpdate[] } | undefined {
    if (!this.#lastRound) return undefined;
    const updates: StatusUpdate[] = [];
    for (const m of this.#catalog.all) {
      const live = this.#live.get(m.id);
      if (!live || live.checkedAt === null) continue;
      updates.push({
        id: m.id,
        status: live.status,
        latency: live.latency,
        timestamp: live.checkedAt,
        ...(live.players ? { players: live.players } : {}),
        ...(live.version ? { version: live.version } : {}),
        ...(live.failure ? { failure: live.failure } : {}),
        ...(locationsShown(live)
          ? {
              locations: [...live.locations].map(([location, l]) => ({
                location,
                status: l.status,
                latency: l.latency,
                at: l.at,
                ...(l.failure ? { failure: l.failure } : {}),
              })),
            }
          : {}),
        ...(live.detail ? { detail: live.detail } : {}),
      });
    }
    return { id: this.#lastRound.id, updates };
  }

  /** Reads each monitor's newest readings from the database (at start, and after a lost LISTEN). */
  async reload(): Promise<void> {
    const [rows, locationRows, decisions] = await Promise.all([
      recentResults(this.#db, historyLength),
      recentLocationResults(this.#db, historyLength),
      allDecisions(this.#db),
    ]);
    const lines = new Map<string, Map<string, LiveLocation>>();
    for (const r of locationRows) {
      const ofMonitor = lines.get(r.monitorId) ?? new Map<string, LiveLocation>();
      lines.set(r.monitorId, ofMonitor);
      const line: LiveLocation = ofMonitor.get(r.location) ?? { status: r.state, latency: r.latency, at: r.at, history: [] };
      line.history.push({ timestamp: r.at, latency: r.latency });
      Object.assign(line, { status: r.state, latency: r.latency, at: r.at });
      if (!r.ok) line.failure = failureWords(r.error);
      else delete line.failure;
      ofMonitor.set(r.location, line);
    }
    const byMonitor = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byMonitor.get(row.monitorId);
      if (list) list.push(row);
      else byMonitor.set(row.monitorId, [row]);
    }
    for (const m of this.#catalog.all) {
      const own = byMonitor.get(m.id) ?? [];
      const last = own.at(-1);
      const answered = [...own].reverse().find((r) => r.version);
      const decision = decisions.get(m.id);
      // Nobody answered the newest decided reading: the newest failing location's reason, in words.
      const failing = last && last.latency === 0 ? [...(lines.get(m.id)?.values() ?? [])].filter((l) => l.failure).sort((a, b) => b.at - a.at)[0] : undefined;
      this.#live.set(m.id, {
        ...(failing?.failure ? { failure: failing.failure } : last && last.latency === 0 ? { failure: failureWords(undefined) } : {}),
        locations: lines.get(m.id) ?? new Map(),
        ...(decision?.detail && decision.state !== 'down' ? { detail: decision.detail } : {}),
        status: last?.state ?? 'pending',
        latency: last?.latency ?? 0,
        checkedAt: last?.at ?? null,
        history: own.map((r) => ({ timestamp: r.at, latency: r.latency })),
        ...(last?.players ? { players: last.players } : {}),
        ...(answered?.version ? { version: answered.version } : {}),
      });
    }
    const newest = rows.reduce((max, r) => Math.max(max, r.at), 0);
    if (newest > 0 && (!this.#lastRound || newest > this.#lastRound.id)) {
      this.#lastRound = { id: newest, updates: [] };
      const snap = this.snapshot();
      if (snap && this.#hub.size > 0) this.#hub.publish(snap.id, snap.updates);
    }
    this.#figures.invalidate();
  }
}
