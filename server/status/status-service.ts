import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ServerView, StatusReport, StatusUpdate, Uptimes } from '../../contracts/status.ts';
import { bannerFor, historyLength, type ServerStatus, type ShownStatus } from '../../contracts/status-rules.ts';
import type { Coordinator, Round } from './coordination.ts';
import { activeIncidents, type Incident, type Monitor } from './monitors-file.ts';
import { ProbeScheduler } from './probe-scheduler.ts';
import { dayMs, recentResults, uptimeCountsSince, uptimePercent, type UptimeCounts } from './status-repository.ts';
import { SseHub } from './sse-hub.ts';

interface Live {
  status: ShownStatus;
  latency: number;
  checkedAt: number | null;
  history: { timestamp: number; latency: number }[];
}

/** How long computed uptime figures are reused. */
const uptimeCacheMs = 15_000;

/**
 * The status board of one instance: the latest state and readings of every monitor (fed by
 * this instance's prober or by rounds from the prober instance), the SSE hub, and the uptime
 * figures computed from what is stored.
 */
export class StatusService {
  readonly hub: SseHub;
  private readonly db: Kysely<Database>;
  private readonly monitors: readonly Monitor[];
  private readonly incidents: readonly Incident[];
  private readonly coordinator: Coordinator;
  private readonly log: FastifyBaseLogger;
  private readonly live = new Map<string, Live>();
  private readonly scheduler: ProbeScheduler;
  private lastRound: Round | undefined;
  private readonly probedListeners = new Set<(round: Round) => void>();
  private uptimeCache: { at: number; value: Promise<Map<string, Uptimes> & { overall?: Uptimes }> } | undefined;
  private started = false;

  constructor(options: {
    db: Kysely<Database>;
    monitors: readonly Monitor[];
    incidents: readonly Incident[];
    coordinator: Coordinator;
    log: FastifyBaseLogger;
    heartbeatMs?: number;
    /** Live stream limits (see SseHub). */
    streams?: { maxPerAddress?: number; maxTotal?: number };
  }) {
    this.db = options.db;
    this.monitors = options.monitors;
    this.incidents = options.incidents;
    this.coordinator = options.coordinator;
    this.log = options.log;
    for (const m of this.monitors) this.live.set(m.id, { status: 'pending', latency: 0, checkedAt: null, history: [] });
    this.hub = new SseHub({ heartbeatMs: options.heartbeatMs, ...options.streams, snapshot: () => this.snapshot() });
    this.scheduler = new ProbeScheduler({
      db: this.db,
      monitors: this.monitors,
      log: this.log,
      onRound: (round) => {
        for (const listener of this.probedListeners) listener(round);
        this.apply(round);
        this.coordinator.publish(round).catch((error: unknown) => this.log.error({ err: error }, 'status: could not send a round to the other instances'));
      },
    });
  }

  /** Calls `listener` with each round this instance probes (metrics). */
  onProbed(listener: (round: Round) => void): void {
    this.probedListeners.add(listener);
  }

  /** When the newest round this instance knows of was probed (by it or another instance). */
  get lastRoundAt(): number | undefined {
    return this.lastRound?.id;
  }

  /** True while this instance runs the probes. */
  get probing(): boolean {
    return this.scheduler.isRunning;
  }

  /** Loads the stored readings, then joins the instances (probing if this one is chosen). */
  async start(): Promise<void> {
    if (this.monitors.length === 0 || this.started) return;
    this.started = true;
    await this.reload();
    await this.coordinator.start({
      onLeader: () => {
        this.scheduler.start().catch((error: unknown) => this.log.error({ err: error }, 'status: the prober failed to start'));
      },
      onFollower: () => void this.scheduler.stop(),
      onRound: (round) => this.apply(round),
      onResync: () => void this.reload().catch((error: unknown) => this.log.error({ err: error }, 'status: reload failed')),
    });
  }

  /** Ends the streams (before the server stops accepting). */
  closeStreams(): void {
    this.hub.close();
  }

  async stop(): Promise<void> {
    this.hub.close();
    await this.scheduler.stop();
    await this.coordinator.stop();
  }

  /** Applies a finished round: the board's state, then every open stream. */
  apply(round: Round): void {
    if (this.lastRound && round.id <= this.lastRound.id) return;
    for (const u of round.updates) {
      const live = this.live.get(u.id);
      if (!live) continue;
      // A change of state changes the uptime: compute it afresh for the next report.
      if (live.status !== u.status) this.uptimeCache = undefined;
      live.status = u.status as Live['status'];
      live.latency = u.latency;
      live.checkedAt = u.timestamp;
      live.history.push({ timestamp: u.timestamp, latency: u.latency });
      if (live.history.length > historyLength) live.history.splice(0, live.history.length - historyLength);
    }
    this.lastRound = round;
    this.hub.publish(round.id, round.updates);
  }

  /** The latest state of every monitor, as one serverStatus event (for new subscribers). */
  snapshot(): { id: number; updates: StatusUpdate[] } | undefined {
    if (!this.lastRound) return undefined;
    const updates: StatusUpdate[] = [];
    for (const m of this.monitors) {
      const live = this.live.get(m.id)!;
      if (live.checkedAt !== null) updates.push({ id: m.id, status: live.status, latency: live.latency, timestamp: live.checkedAt });
    }
    return { id: this.lastRound.id, updates };
  }

  /** GET /api/status. */
  async report(now = Date.now()): Promise<StatusReport> {
    const uptimes = await this.uptimes(now);
    const servers: ServerView[] = this.monitors.map((m) => {
      const live = this.live.get(m.id)!;
      const u = uptimes.get(m.id) ?? { h24: null, d30: null, d90: null };
      return {
        id: m.id,
        name: m.name,
        type: m.type,
        status: live.status,
        latency: live.latency,
        uptime: u.d90,
        uptimes: u,
        checkedAt: live.checkedAt,
        history: live.history.slice(),
      };
    });
    const decided = servers.map((s) => s.status).filter((s): s is ServerStatus => s !== 'pending');
    const overall = uptimes.overall ?? { h24: null, d30: null, d90: null };
    return {
      summary: {
        banner: bannerFor(decided),
        monitored: this.monitors.length,
        uptime90d: overall.d90,
        uptimes: overall,
        incidents: activeIncidents(this.incidents, now),
        ...(this.monitors.length ? { intervalSeconds: Math.min(...this.monitors.map((m) => m.intervalSeconds)) } : {}),
      },
      servers,
    };
  }

  /** Reads each monitor's newest readings from the database (at start, and after a lost LISTEN). */
  private async reload(): Promise<void> {
    const rows = await recentResults(this.db, historyLength);
    const byMonitor = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byMonitor.get(row.monitorId);
      if (list) list.push(row);
      else byMonitor.set(row.monitorId, [row]);
    }
    for (const m of this.monitors) {
      const own = byMonitor.get(m.id) ?? [];
      const last = own.at(-1);
      this.live.set(m.id, {
        status: last?.state ?? 'pending',
        latency: last?.latency ?? 0,
        checkedAt: last?.at ?? null,
        history: own.map((r) => ({ timestamp: r.at, latency: r.latency })),
      });
    }
    const newest = rows.reduce((max, r) => Math.max(max, r.at), 0);
    if (newest > 0 && (!this.lastRound || newest > this.lastRound.id)) {
      this.lastRound = { id: newest, updates: [] };
      const snap = this.snapshot();
      if (snap && this.hub.size > 0) this.hub.publish(snap.id, snap.updates);
    }
    this.uptimeCache = undefined;
  }

  private uptimes(now: number): Promise<Map<string, Uptimes> & { overall?: Uptimes }> {
    if (this.uptimeCache && now - this.uptimeCache.at < uptimeCacheMs) return this.uptimeCache.value;
    const value = this.computeUptimes(now);
    this.uptimeCache = { at: now, value };
    value.catch(() => {
      this.uptimeCache = undefined;
    });
    return value;
  }

  private async computeUptimes(now: number): Promise<Map<string, Uptimes> & { overall?: Uptimes }> {
    const [h24, d30, d90] = await Promise.all([
      uptimeCountsSince(this.db, now - dayMs, now),
      uptimeCountsSince(this.db, now - 30 * dayMs, now),
      uptimeCountsSince(this.db, now - 90 * dayMs, now),
    ]);
    const result = new Map<string, Uptimes>() as Map<string, Uptimes> & { overall?: Uptimes };
    const pick = (counts: Map<string, UptimeCounts>): UptimeCounts[] => this.monitors.flatMap((m) => counts.get(m.id) ?? []);
    for (const m of this.monitors) {
      result.set(m.id, {
        h24: uptimePercent(h24.has(m.id) ? [h24.get(m.id)!] : []),
        d30: uptimePercent(d30.has(m.id) ? [d30.get(m.id)!] : []),
        d90: uptimePercent(d90.has(m.id) ? [d90.get(m.id)!] : []),
      });
    }
    result.overall = { h24: uptimePercent(pick(h24)), d30: uptimePercent(pick(d30)), d90: uptimePercent(pick(d90)) };
    return result;
  }
}
