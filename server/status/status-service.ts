import { type Clock, systemClock } from '../lib/clock.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Incident, IncidentBrief, Maintenance, NoticeEvent } from '../../contracts/incidents.ts';
import type { DailyUptime, ServerView, StatusReport, StatusUpdate, Uptimes } from '../../contracts/status.ts';
import { barDays, boardBanner, historyLength, type ServerStatus, type ShownStatus } from '../../contracts/status-rules.ts';
import type { Coordinator, Round, Signal } from './coordination.ts';
import type { MonitorCatalog } from './monitor-catalog.ts';
import type { StoredMonitor } from './monitors-repository.ts';
import { ProbeScheduler, roundOfDecision } from './probe-scheduler.ts';
import {
  dailyCounts,
  dayMs,
  firstCountedReadings,
  recentResults,
  uptimeCountsSince,
  uptimePercent,
  type DayCounts,
  type UptimeCounts,
} from './status-repository.ts';
import { SseHub } from './sse-hub.ts';
import type { LocationStatus } from '../../contracts/probe-locations.ts';
import { siteLocationId } from '../../contracts/probe-locations-rules.ts';
import type { Dialect } from '../db/database.ts';
import { decideResults, onlySite, type LocationResult } from '../probe-locations/decider.ts';
import { allDecisions, recentLocationResults } from '../probe-locations/location-results-repository.ts';
import type { Monitor } from './monitors-file.ts';

/** What one location said of a monitor lately. */
interface LiveLocation {
  status: ShownStatus;
  latency: number;
  at: number;
  history: { timestamp: number; latency: number }[];
}

interface Live {
  /** Each location's state and readings (docs/decisions.md 47). */
  locations: Map<string, LiveLocation>;
  /** "Unreachable from Singapore" while a minority fails. */
  detail?: string;
  status: ShownStatus;
  latency: number;
  checkedAt: number | null;
  history: { timestamp: number; latency: number }[];
  players?: { online: number; max: number };
  version?: string;
}

/**
 * What the incidents capability tells the board (server/incidents/): which monitors are in a
 * maintenance window, and the incidents and maintenance to show. Without it the board has none.
 */
export interface NoticeSource {
  inMaintenance(monitorId: string, at: number): boolean;
  board(now: number): { incidents: Incident[]; maintenance: Maintenance[]; recent: IncidentBrief[] };
}

/** The locations watching (server/probe-locations/): which report, and whether agents do (the own prober's standby). */
export interface LocationSource {
  locations(): Promise<LocationStatus[]>;
  agentsReporting(): Promise<boolean>;
}

/** What other capabilities hear from the other instances: their signals, or that some may have been missed. */
export type ClusterSignal = Signal | { kind: 'resync' };

interface Measured {
  uptimes: Uptimes;
  measuredSince: number | null;
  daily: DailyUptime;
}

interface Figures {
  perMonitor: Map<string, Measured>;
  overall: Uptimes;
  overallSince: number | null;
  daysFrom: number;
}

/** How long computed uptime figures are reused. */
const uptimeCacheMs = 15_000;
/** How often the prober looks for monitor changes made elsewhere (the CLI on SQLite). */
const monitorsWatchMs = 1000;

const emptyLive = (): Live => ({ locations: new Map(), status: 'pending', latency: 0, checkedAt: null, history: [] });

/** UTC midnight of the first day of the bars that end today. */
export function barStart(now: number): number {
  return (Math.floor(now / dayMs) - (barDays - 1)) * dayMs;
}

/** A monitor's bar from its day counts. */
export function dailyOf(counts: readonly DayCounts[], daysFrom: number): DailyUptime {
  const uptime: (number | null)[] = new Array(barDays).fill(null);
  const maintenance: number[] = [];
  const first = daysFrom / dayMs;
  for (const c of counts) {
    const index = c.day - first;
    if (index < 0 || index >= barDays) continue;
    uptime[index] = uptimePercent([c]);
    if (c.maintenance > 0) maintenance.push(index);
  }
  return { uptime, maintenance: maintenance.sort((a, b) => a - b) };
}

/**
 * The status board of one instance: the monitors (from the database, docs/decisions.md 37),
 * the latest state and readings of each (fed by this instance's prober or by rounds from the
 * prober instance), the SSE hub, and the uptime figures computed from what is stored.
 */
export class StatusService {
  readonly hub: SseHub;
  readonly catalog: MonitorCatalog;
  private readonly db: Kysely<Database>;
  private readonly coordinator: Coordinator;
  private readonly log: FastifyBaseLogger;
  private readonly live = new Map<string, Live>();
  private readonly scheduler: ProbeScheduler;
  private notices: NoticeSource | undefined;
  private locationSource: LocationSource | undefined;
  private readonly dialect: Dialect | undefined;
  private readonly prober: { location: string; mode: 'location' | 'standby' };
  /** True while the own prober steps aside (standby, and agents report). */
  private standby = false;
  private standbyTimer: NodeJS.Timeout | undefined;
  private lastRound: Round | undefined;
  private readonly probedListeners = new Set<(round: Round) => void>();
  private readonly signalListeners = new Set<(signal: ClusterSignal) => void>();
  private uptimeCache: { at: number; value: Promise<Figures> } | undefined;
  private watchTimer: NodeJS.Timeout | undefined;
  private started = false;
  private readonly clock: Clock;

  constructor(options: {
    db: Kysely<Database>;
    catalog: MonitorCatalog;
    coordinator: Coordinator;
    log: FastifyBaseLogger;
    heartbeatMs?: number;
    /** Live stream limits (see SseHub). */
    streams?: { maxPerAddress?: number; maxTotal?: number };
    /** The app's clock (server/lib/clock.ts): what the report's windows and bars are counted from. */
    clock?: Clock;
    /** PostgreSQL: decisions take the cluster's lock (server/probe-locations/decider.ts). */
    dialect?: Dialect;
    /** This site's own prober: its location, and whether it steps aside while agents report (docs/decisions.md 47). */
    prober?: { location: string; mode: 'location' | 'standby' };
  }) {
    this.db = options.db;
    this.dialect = options.dialect;
    this.prober = options.prober ?? { location: siteLocationId, mode: 'location' };
    this.clock = options.clock ?? systemClock;
    this.catalog = options.catalog;
    this.coordinator = options.coordinator;
    this.log = options.log;
    this.syncLive();
    this.hub = new SseHub({ heartbeatMs: options.heartbeatMs, ...options.streams, snapshot: () => this.snapshot() });
    this.scheduler = new ProbeScheduler({
      db: this.db,
      dialect: this.dialect,
      monitors: this.catalog.active(),
      log: this.log,
      location: this.prober.location,
      standby: () => this.standby,
      standbyLocation: this.prober.mode === 'standby' ? this.prober.location : undefined,
      inMaintenance: (id, at) => this.notices?.inMaintenance(id, at) ?? false,
      onRound: (round) => {
        for (const listener of this.probedListeners) listener(round);
        this.publishRound(round);
      },
    });
    this.catalog.onChange(() => {
      this.syncLive();
      this.uptimeCache = undefined;
      this.scheduler.setMonitors(this.catalog.active());
      // Open boards read the report again: a monitor was added, changed, paused or deleted.
      if (this.started) this.hub.publishUnnumbered('monitors', { monitors: this.catalog.all.length });
    });
  }

  /** The incidents capability joins the board here. */
  setNoticeSource(source: NoticeSource): void {
    this.notices = source;
    this.uptimeCache = undefined;
  }

  /** The probe locations join the board here: the report lists them, and the own prober's standby follows them. */
  setLocationSource(source: LocationSource): void {
    this.locationSource = source;
    if (this.prober.mode !== 'standby') return;
    clearInterval(this.standbyTimer);
    this.standbyTimer = setInterval(() => {
      source.agentsReporting().then(
        (reporting) => {
          if (reporting !== this.standby)
            this.log.info(
              { standby: reporting },
              reporting ? 'status: agents report; the own prober steps aside' : 'status: no agent reports; the own prober probes',
            );
          this.standby = reporting;
        },
        (error: unknown) => this.log.warn({ err: error }, 'status: could not read the agents'),
      );
    }, 1000);
    this.standbyTimer.unref();
  }

  /** The monitors probed now (not paused), targets expanded: what agents probe too. */
  activeMonitors(): Monitor[] {
    return this.catalog.active();
  }

  /**
   * One location's results (an agent's batch): stored, decided with the other locations' and
   * pushed to every board (docs/decisions.md 47).
   */
  async acceptResults(location: string, results: readonly LocationResult[]): Promise<{ accepted: number; ignored: number }> {
    const outcome = await decideResults(this.db, this.dialect, {
      location,
      results,
      monitors: new Map(this.catalog.active().map((m) => [m.id, m])),
      now: Date.now(),
      inMaintenance: (id, at) => this.notices?.inMaintenance(id, at) ?? false,
      ...(this.prober.mode === 'standby' ? { standbyLocation: this.prober.location } : {}),
    });
    if (outcome.rows.length) this.publishRound(roundOfDecision(outcome));
    return { accepted: outcome.accepted, ignored: outcome.ignored };
  }

  /** When a location last reported anything this instance knows of (any monitor). */
  locationSeenAt(location: string): number | undefined {
    let newest: number | undefined;
    for (const live of this.live.values()) {
      const at = live.locations.get(location)?.at;
      if (at !== undefined && (newest === undefined || at > newest)) newest = at;
    }
    return newest;
  }

  private publishRound(round: Round): void {
    this.apply(round);
    this.coordinator.publish(round).catch((error: unknown) => this.log.error({ err: error }, 'status: could not send a round to the other instances'));
  }

  /** Calls `listener` with each round this instance probes (metrics). */
  onProbed(listener: (round: Round) => void): void {
    this.probedListeners.add(listener);
  }

  /** Calls `listener` with each signal another instance sends (the incidents capability listens for notices). */
  onSignal(listener: (signal: ClusterSignal) => void): void {
    this.signalListeners.add(listener);
  }

  /** Tells the other instances (PostgreSQL); a failure is logged, the change itself is made. */
  async broadcast(signal: Signal): Promise<void> {
    try {
      await this.coordinator.signal(signal);
    } catch (error) {
      this.log.error({ err: error, signal }, 'status: could not signal the other instances');
    }
  }

  /** An incident or maintenance change, to every open board of this instance; the figures are computed afresh. */
  pushNotice(notice: NoticeEvent): void {
    // A window that starts, ends or is cancelled changes which readings count.
    if (notice.maintenance) this.uptimeCache = undefined;
    this.hub.publishNotice(notice);
  }

  /** After a change of the monitors here: read them again now, and tell the other instances. */
  async monitorsChanged(): Promise<void> {
    await this.catalog.refresh();
    await this.broadcast({ kind: 'monitors' });
  }

  /** When the newest round this instance knows of was probed (by it or another instance). */
  get lastRoundAt(): number | undefined {
    return this.lastRound?.id;
  }

  /** True while this instance runs the probes. */
  get probing(): boolean {
    return this.scheduler.isRunning;
  }

  /** The latest state this instance knows of a monitor. */
  liveOf(id: string): { status: ShownStatus; checkedAt: number | null } {
    const live = this.live.get(id);
    return { status: live?.status ?? 'pending', checkedAt: live?.checkedAt ?? null };
  }

  /** Loads the monitors and the stored readings, then joins the instances (probing if this one is chosen). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    try {
      await this.catalog.refresh();
      await this.reload();
    } catch (error) {
      // The database is away: start anyway (health says so); the monitors are read again on the next change or resync.
      this.log.error({ err: error }, 'status: could not read the monitors and readings at start');
    }
    await this.coordinator.start({
      onLeader: () => {
        this.scheduler.start().catch((error: unknown) => this.log.error({ err: error }, 'status: the prober failed to start'));
      },
      onFollower: () => void this.scheduler.stop(),
      onRound: (round) => {
        // A round naming a monitor this instance has not read yet: the monitors changed.
        if (round.updates.some((u) => !this.live.has(u.id)))
          void this.catalog.refresh().then(
            () => this.apply(round),
            () => this.apply(round),
          );
        else this.apply(round);
      },
      onResync: () => {
        void this.catalog.refresh().catch((error: unknown) => this.log.error({ err: error }, 'status: monitors reload failed'));
        void this.reload().catch((error: unknown) => this.log.error({ err: error }, 'status: reload failed'));
        for (const listener of this.signalListeners) listener({ kind: 'resync' });
      },
      onSignal: (signal) => {
        if (signal.kind === 'monitors') void this.catalog.refresh().catch((error: unknown) => this.log.error({ err: error }, 'status: monitors reload failed'));
        for (const listener of this.signalListeners) listener(signal);
      },
    });
    // The prober notices monitor changes made without a signal (the CLI on SQLite) within a second.
    this.watchTimer = setInterval(() => {
      if (!this.scheduler.isRunning) return;
      this.catalog
        .refreshIfChanged()
        .then((changed) => (changed ? this.broadcast({ kind: 'monitors' }) : undefined))
        .catch((error: unknown) => this.log.warn({ err: error }, 'status: could not look for monitor changes'));
    }, monitorsWatchMs);
    this.watchTimer.unref();
  }

  /** Ends the streams (before the server stops accepting). */
  closeStreams(): void {
    this.hub.close();
  }

  async stop(): Promise<void> {
    clearInterval(this.watchTimer);
    clearInterval(this.standbyTimer);
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
      // Players online are as of the newest answer: none when it did not answer. The version stays known.
      if (u.players) live.players = u.players;
      else if (u.latency === 0) delete live.players;
      if (u.version) live.version = u.version;
      live.history.push({ timestamp: u.timestamp, latency: u.latency });
      if (live.history.length > historyLength) live.history.splice(0, live.history.length - historyLength);
      for (const l of u.locations ?? []) {
        const known = live.locations.get(l.location);
        const line = known ?? { status: l.status, latency: l.latency, at: l.at, history: [] };
        if (!known || known.at !== l.at) line.history.push({ timestamp: l.at, latency: l.latency });
        if (line.history.length > historyLength) line.history.splice(0, line.history.length - historyLength);
        Object.assign(line, { status: l.status, latency: l.latency, at: l.at });
        live.locations.set(l.location, line);
      }
      if (u.locations) live.detail = u.detail;
    }
    this.lastRound = round;
    this.hub.publish(round.id, round.updates);
  }

  /** The latest state of every monitor, as one serverStatus event (for new subscribers). */
  snapshot(): { id: number; updates: StatusUpdate[] } | undefined {
    if (!this.lastRound) return undefined;
    const updates: StatusUpdate[] = [];
    for (const m of this.catalog.all) {
      const live = this.live.get(m.id);
      if (!live || live.checkedAt === null) continue;
      updates.push({
        id: m.id,
        status: live.status,
        latency: live.latency,
        timestamp: live.checkedAt,
        ...(live.players ? { players: live.players } : {}),
        ...(live.version ? { version: live.version } : {}),
        ...(!onlySite([...live.locations.keys()].map((location) => ({ location })))
          ? { locations: [...live.locations].map(([location, l]) => ({ location, status: l.status, latency: l.latency, at: l.at })) }
          : {}),
        ...(live.detail ? { detail: live.detail } : {}),
      });
    }
    return { id: this.lastRound.id, updates };
  }

  /** GET /api/status. */
  async report(now = this.clock()): Promise<StatusReport> {
    const figures = await this.figures(now);
    const notices = this.notices?.board(now) ?? { incidents: [], maintenance: [], recent: [] };
    const inProgress = new Set(notices.maintenance.filter((m) => m.state === 'in_progress').flatMap((m) => m.monitorIds));
    const none: Measured = { uptimes: { h24: null, d30: null, d90: null }, measuredSince: null, daily: dailyOf([], figures.daysFrom) };
    const servers: ServerView[] = this.catalog.all.map((m) => {
      const live = this.live.get(m.id) ?? emptyLive();
      const measured = figures.perMonitor.get(m.id) ?? none;
      return {
        id: m.id,
        name: m.name,
        type: m.type,
        status: live.status,
        latency: live.latency,
        uptime: measured.uptimes.d90,
        uptimes: measured.uptimes,
        checkedAt: live.checkedAt,
        history: live.history.slice(),
        paused: m.paused,
        maintenance: inProgress.has(m.id),
        measuredSince: measured.measuredSince,
        daily: measured.daily,
        ...(live.players ? { players: live.players } : {}),
        ...(live.version ? { version: live.version } : {}),
        ...(!onlySite([...live.locations.keys()].map((location) => ({ location })))
          ? {
              locations: [...live.locations].map(([location, l]) => ({ location, status: l.status, latency: l.latency, at: l.at, history: l.history.slice() })),
            }
          : {}),
        ...(live.detail ? { detail: live.detail } : {}),
      };
    });
    const locations = this.locationSource ? await this.locationSource.locations() : undefined;
    const counted = servers.filter((s) => !s.paused && !s.maintenance).map((s) => s.status);
    const active = this.catalog.all.filter((m) => !m.paused);
    return {
      summary: {
        banner: boardBanner({
          statuses: counted.filter((s): s is ServerStatus => s !== 'pending'),
          impacts: notices.incidents.map((i) => i.impact),
          maintenance: servers.some((s) => s.maintenance && !s.paused),
        }),
        monitored: active.length,
        paused: this.catalog.all.length - active.length,
        uptime90d: figures.overall.d90,
        uptimes: figures.overall,
        measuredSince: figures.overallSince,
        openIncidents: notices.incidents.length,
        ...(active.length ? { intervalSeconds: Math.min(...active.map((m) => m.intervalSeconds)) } : {}),
      },
      servers,
      incidents: notices.incidents,
      maintenance: notices.maintenance,
      recentIncidents: notices.recent,
      daysFrom: figures.daysFrom,
      ...(locations ? { locations } : {}),
    };
  }

  /** A live entry for every monitor of the catalog, none for deleted ones. */
  private syncLive(): void {
    const ids = new Set(this.catalog.all.map((m: StoredMonitor) => m.id));
    for (const id of this.live.keys()) if (!ids.has(id)) this.live.delete(id);
    for (const id of ids) if (!this.live.has(id)) this.live.set(id, emptyLive());
  }

  /** Reads each monitor's newest readings from the database (at start, and after a lost LISTEN). */
  private async reload(): Promise<void> {
    const [rows, locationRows, decisions] = await Promise.all([
      recentResults(this.db, historyLength),
      recentLocationResults(this.db, historyLength),
      allDecisions(this.db),
    ]);
    const lines = new Map<string, Map<string, LiveLocation>>();
    for (const r of locationRows) {
      const ofMonitor = lines.get(r.monitorId) ?? new Map<string, LiveLocation>();
      lines.set(r.monitorId, ofMonitor);
      const line = ofMonitor.get(r.location) ?? { status: r.state, latency: r.latency, at: r.at, history: [] };
      line.history.push({ timestamp: r.at, latency: r.latency });
      Object.assign(line, { status: r.state, latency: r.latency, at: r.at });
      ofMonitor.set(r.location, line);
    }
    const byMonitor = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byMonitor.get(row.monitorId);
      if (list) list.push(row);
      else byMonitor.set(row.monitorId, [row]);
    }
    for (const m of this.catalog.all) {
      const own = byMonitor.get(m.id) ?? [];
      const last = own.at(-1);
      const answered = [...own].reverse().find((r) => r.version);
      const decision = decisions.get(m.id);
      this.live.set(m.id, {
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
    if (newest > 0 && (!this.lastRound || newest > this.lastRound.id)) {
      this.lastRound = { id: newest, updates: [] };
      const snap = this.snapshot();
      if (snap && this.hub.size > 0) this.hub.publish(snap.id, snap.updates);
    }
    this.uptimeCache = undefined;
  }

  private figures(now: number): Promise<Figures> {
    if (this.uptimeCache && now - this.uptimeCache.at < uptimeCacheMs && now >= this.uptimeCache.at) return this.uptimeCache.value;
    const value = this.computeFigures(now);
    this.uptimeCache = { at: now, value };
    value.catch(() => {
      this.uptimeCache = undefined;
    });
    return value;
  }

  private async computeFigures(now: number): Promise<Figures> {
    const daysFrom = barStart(now);
    const since90 = now - 90 * dayMs;
    const [h24, d30, d90, days, firsts] = await Promise.all([
      uptimeCountsSince(this.db, now - dayMs, now),
      uptimeCountsSince(this.db, now - 30 * dayMs, now),
      uptimeCountsSince(this.db, since90, now),
      dailyCounts(this.db, daysFrom),
      firstCountedReadings(this.db, since90, now),
    ]);
    const one = (counts: Map<string, UptimeCounts>, id: string) => uptimePercent(counts.has(id) ? [counts.get(id)!] : []);
    const perMonitor = new Map<string, Measured>();
    for (const m of this.catalog.all) {
      perMonitor.set(m.id, {
        uptimes: { h24: one(h24, m.id), d30: one(d30, m.id), d90: one(d90, m.id) },
        measuredSince: firsts.get(m.id) ?? null,
        daily: dailyOf(days.get(m.id) ?? [], daysFrom),
      });
    }
    // The overall figure counts every monitor on the board, paused ones included: what was measured stays measured.
    const pick = (counts: Map<string, UptimeCounts>): UptimeCounts[] => this.catalog.all.flatMap((m) => counts.get(m.id) ?? []);
    const sinces = this.catalog.all.map((m) => firsts.get(m.id)).filter((t): t is number => t !== undefined);
    return {
      perMonitor,
      overall: { h24: uptimePercent(pick(h24)), d30: uptimePercent(pick(d30)), d90: uptimePercent(pick(d90)) },
      overallSince: sinces.length ? Math.min(...sinces) : null,
      daysFrom,
    };
  }
}
