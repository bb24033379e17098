import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LocationStatus } from '../../contracts/probe-locations.ts';
import { siteLocationId } from '../../contracts/probe-locations-rules.ts';
import type { StatusReport } from '../../contracts/status.ts';
import type { ShownStatus } from '../../contracts/status-rules.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { decideResults, type LocationResult } from './decider.ts';
import type { StatusEvents } from '../status-events/status-events.ts';
import type { Coordinator, Round } from './coordination.ts';
import { LiveBoard } from './live-board.ts';
import type { MonitorCatalog } from './monitor-catalog.ts';
import type { MonitorChangeEvent } from './monitor-changes.ts';
import { ProbeScheduler, roundOfDecision } from './probe-scheduler.ts';
import { assembleReport, type NoticeSource } from './status-report.ts';
import { UptimeFigures } from './uptime-figures.ts';

/** The locations watching (server/probe-locations/): which report, and whether agents do (the own prober's standby). */
export interface LocationSource {
  locations(): Promise<LocationStatus[]>;
  agentsReporting(): Promise<boolean>;
}

/** The background work the board runs on the app's one scheduler (app.jobs, server/jobs/scheduler.ts). */
export interface StatusJobs {
  every(spec: { name: string; everyMs: number; runAtStart?: boolean }, run: () => Promise<unknown>): void;
}

/** How often the prober looks for monitor changes made elsewhere (the CLI on SQLite), and a standby prober at the agents. */
const watchEveryMs = 1000;

/**
 * The status board of one instance: the monitors (from the database, docs/decisions.md 37),
 * their live state (live-board.ts, fed by this instance's prober, agents' batches or rounds from
 * the prober instance), the uptime figures (uptime-figures.ts) and the report. It publishes the
 * monitors' decided changes to the status events and hears incidents' maintenance there.
 */
export class StatusService {
  readonly catalog: MonitorCatalog;
  readonly live: LiveBoard;
  private readonly db: Kysely<Database>;
  private readonly events: StatusEvents;
  private readonly coordinator: Coordinator;
  private readonly log: FastifyBaseLogger;
  private readonly figures: UptimeFigures;
  private readonly scheduler: ProbeScheduler;
  private readonly notices: NoticeSource;
  private locationSource: LocationSource | undefined;
  private readonly dialect: Dialect | undefined;
  private readonly prober: { location: string; mode: 'location' | 'standby' };
  /** True while the own prober steps aside (standby, and agents report). */
  private standby = false;
  private readonly probedListeners = new Set<(round: Round) => void>();
  private started = false;
  private readonly clock: Clock;

  constructor(options: {
    db: Kysely<Database>;
    catalog: MonitorCatalog;
    coordinator: Coordinator;
    log: FastifyBaseLogger;
    /** The status events (server/status-events/): the open boards, and where changes are published. */
    events: StatusEvents;
    /** The incidents capability: maintenance windows, and the incidents and maintenance the board shows. */
    notices: NoticeSource;
    /** The probe locations: the report lists them, and the own prober's standby follows them. */
    locations?: LocationSource;
    /** The app's clock (server/lib/clock.ts): what the report's windows and bars, and agents' batches, are counted from. */
    clock?: Clock;
    /** The app's scheduler: the watch for monitor changes and the standby's look at the agents run on it. */
    jobs: StatusJobs;
    /** PostgreSQL: decisions take the cluster's lock (server/status/decider.ts). */
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
    this.events = options.events;
    this.notices = options.notices;
    this.locationSource = options.locations;
    this.figures = new UptimeFigures(this.db, this.catalog);
    this.live = new LiveBoard({ db: this.db, catalog: this.catalog, hub: this.events.hub, figures: this.figures });
    this.scheduler = new ProbeScheduler({
      db: this.db,
      dialect: this.dialect,
      monitors: this.catalog.active(),
      log: this.log,
      location: this.prober.location,
      standby: () => this.standby,
      standbyLocation: this.prober.mode === 'standby' ? this.prober.location : undefined,
      inMaintenance: (id, at) => this.notices.inMaintenance(id, at),
      onRound: (round, changes) => {
        for (const listener of this.probedListeners) listener(round);
        this.publishRound(round, changes);
      },
    });
    this.catalog.onChange(() => {
      this.live.sync();
      this.figures.invalidate();
      this.scheduler.setMonitors(this.catalog.active());
      // Open boards read the report again: a monitor was added, changed, paused or deleted.
      if (this.started) this.events.hub.publishUnnumbered('monitors', { monitors: this.catalog.all.length });
    });
    // A maintenance window that starts, ends or is cancelled changes which readings count.
    this.events.subscribe(['maintenance.scheduled', 'maintenance.updated', 'maintenance.started', 'maintenance.completed', 'maintenance.cancelled'], () =>
      this.figures.invalidate(),
    );
    // The prober notices monitor changes made without a signal (the CLI on SQLite) within a second.
    options.jobs.every({ name: 'status monitors watch', everyMs: watchEveryMs, runAtStart: false }, () => this.watchMonitors());
    // In standby, the own prober steps aside while agents report (docs/decisions.md 47).
    if (this.prober.mode === 'standby') options.jobs.every({ name: 'status standby', everyMs: watchEveryMs }, () => this.followAgents());
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
      now: this.clock(),
      inMaintenance: (id, at) => this.notices.inMaintenance(id, at),
      ...(this.prober.mode === 'standby' ? { standbyLocation: this.prober.location } : {}),
    });
    if (outcome.rows.length) this.publishRound(roundOfDecision(outcome), outcome.changeEvents);
    return { accepted: outcome.accepted, ignored: outcome.ignored };
  }

  /**
   * The probe locations hand in which locations report (server/probe-locations/, registered after
   * this capability because the board decides their agents' batches), so neither reaches into the other.
   */
  setLocationSource(source: LocationSource): void {
    this.locationSource = source;
  }

  /** When a location last reported anything this instance knows of (any monitor). */
  locationSeenAt(location: string): number | undefined {
    return this.live.locationSeenAt(location);
  }

  /** A stored round: to this board and the other instances; the changes it decided to the status events' subscribers. */
  private publishRound(round: Round, changes: readonly MonitorChangeEvent[]): void {
    this.live.apply(round);
    this.coordinator.publish(round).catch((error: unknown) => this.log.error({ err: error }, 'status: could not send a round to the other instances'));
    for (const change of changes) void this.events.publish(change);
  }

  /** Calls `listener` with each round this instance probes (metrics). */
  onProbed(listener: (round: Round) => void): void {
    this.probedListeners.add(listener);
  }

  /** After a change of the monitors here: read them again now, and tell the other instances (a failure is logged). */
  async monitorsChanged(): Promise<void> {
    await this.catalog.refresh();
    await this.coordinator
      .signal({ kind: 'monitors' })
      .catch((error: unknown) => this.log.error({ err: error }, 'status: could not signal the other instances'));
  }

  /** When the newest round this instance knows of was probed (by it or another instance). */
  get lastRoundAt(): number | undefined {
    return this.live.lastRound?.id;
  }

  /** True while this instance runs the probes. */
  get probing(): boolean {
    return this.scheduler.isRunning;
  }

  /** The latest state this instance knows of a monitor. */
  liveOf(id: string): { status: ShownStatus; checkedAt: number | null } {
    return this.live.liveOf(id);
  }

  /** Loads the monitors and the stored readings, then joins the instances (probing if this one is chosen). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    try {
      await this.catalog.refresh();
      await this.live.reload();
    } catch (error) {
      // The database is away: start anyway (health says so); the monitors are read again on the next change or resync.
      this.log.error({ err: error }, 'status: could not read the monitors and readings at start');
    }
    const refreshMonitors = () => this.catalog.refresh().catch((error: unknown) => this.log.error({ err: error }, 'status: monitors reload failed'));
    await this.coordinator.start({
      onLeader: () => {
        this.scheduler.start().catch((error: unknown) => this.log.error({ err: error }, 'status: the prober failed to start'));
      },
      onFollower: () => void this.scheduler.stop(),
      onRound: (round) => {
        // A round naming a monitor this instance has not read yet: the monitors changed.
        if (round.updates.some((u) => !this.live.has(u.id)))
          void this.catalog.refresh().then(
            () => this.live.apply(round),
            () => this.live.apply(round),
          );
        else this.live.apply(round);
      },
      onResync: () => {
        void refreshMonitors();
        void this.live.reload().catch((error: unknown) => this.log.error({ err: error }, 'status: reload failed'));
      },
      onSignal: () => void refreshMonitors(),
    });
  }

  async stop(): Promise<void> {
    await this.scheduler.stop();
    await this.coordinator.stop();
  }

  /** GET /api/status. */
  async report(now = this.clock()): Promise<StatusReport> {
    const figures = await this.figures.at(now);
    const notices = this.notices.board(now);
    const locations = this.locationSource ? await this.locationSource.locations() : undefined;
    return assembleReport({ catalog: this.catalog, live: this.live, figures, notices, locations });
  }

  /** The prober's look for monitor changes made elsewhere: read again when changed, and the other instances told. */
  private async watchMonitors(): Promise<void> {
    if (!this.started || !this.scheduler.isRunning) return;
    try {
      if (await this.catalog.refreshIfChanged()) await this.coordinator.signal({ kind: 'monitors' });
    } catch (error) {
      this.log.warn({ err: error }, 'status: could not look for monitor changes');
    }
  }

  /** In standby, whether agents report: the own prober steps aside while they do. */
  private async followAgents(): Promise<void> {
    const source = this.locationSource;
    if (!this.started || !source) return;
    try {
      const reporting = await source.agentsReporting();
      if (reporting !== this.standby)
        this.log.info(
          { standby: reporting },
          reporting ? 'status: agents report; the own prober steps aside' : 'status: no agent reports; the own prober probes',
        );
      this.standby = reporting;
    } catch (error) {
      this.log.warn({ err: error }, 'status: could not read the agents');
    }
  }
}
