import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { siteLocationId } from '../../contracts/probe-locations-rules.ts';
import { decideResults, type DecideOutcome, type LocationResult } from './decider.ts';
import type { Monitor } from './monitors-file.ts';
import { probe, probeUserAgent, type ProbeResult } from './probes.ts';
import type { ResultRow } from './status-repository.ts';
import type { Round } from './coordination.ts';
import type { MonitorChangeEvent } from './monitor-changes.ts';
import type { StatusUpdate } from '../../contracts/status.ts';

export interface SchedulerOptions {
  db: Kysely<Database>;
  /** PostgreSQL takes the decider's lock (docs/decisions.md 47); unset is SQLite's one-at-a-time. */
  dialect?: Dialect;
  /** The monitors to probe at start; setMonitors changes them. */
  monitors: readonly Monitor[];
  log: FastifyBaseLogger;
  /** The location this prober counts as (docs/decisions.md 47): `site` unless the operator placed it. */
  location?: string;
  /** True while this prober steps aside (STATUS_PROBER=standby and agents report): no probes. */
  standby?: () => boolean;
  /** In standby, its location: counted only while no other location reports (decider.ts). */
  standbyLocation?: string | undefined;
  /** Whether a monitor is in a maintenance window at a moment: its results are marked (docs/decisions.md 38). */
  inMaintenance?: (monitorId: string, at: number) => boolean;
  /** Called after each round is stored, with the monitors' changes it decided (logged in its transaction). */
  onRound: (round: Round, changes: readonly MonitorChangeEvent[]) => void;
  /** Probes running at once, at most. */
  concurrency?: number;
  probeFn?: typeof probe;
  firstRoundDelayMs?: number;
}

/** A stored result as the stream carries it. */
export function updateOfRow(r: ResultRow): StatusUpdate {
  return {
    id: r.monitorId,
    status: r.state,
    latency: r.latency,
    timestamp: r.at,
    ...(r.players ? { players: r.players } : {}),
    ...(r.version ? { version: r.version } : {}),
  };
}

/** A decision's stored results as one round of the stream, each with its locations and what they say. */
export function roundOfDecision(outcome: DecideOutcome): Round {
  return {
    id: outcome.at,
    updates: outcome.rows.map((r) => {
      const locations = outcome.locations.get(r.monitorId);
      const detail = outcome.details.get(r.monitorId);
      const failure = outcome.failures.get(r.monitorId);
      return { ...updateOfRow(r), ...(locations ? { locations } : {}), ...(detail ? { detail } : {}), ...(failure ? { failure } : {}) };
    }),
  };
}

/**
 * Probes each monitor every intervalSeconds. Monitors that fall due together form one round:
 * probed concurrently, their results stored in one transaction, then handed to onRound. A
 * monitor still being probed is not started again. The state machine continues from what is
 * stored, so a new prober (after a restart or a takeover) carries on where the last one stopped.
 * The monitors can change while it runs (setMonitors): a new one is probed in the next round.
 */
export class ProbeScheduler {
  private readonly options: SchedulerOptions;
  private monitors: readonly Monitor[];
  private readonly nextDue = new Map<string, number>();
  private readonly running = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private active = false;

  constructor(options: SchedulerOptions) {
    this.options = options;
    this.monitors = options.monitors;
  }

  get isRunning(): boolean {
    return this.active;
  }

  async start(): Promise<void> {
    if (this.active) return;
    this.active = true;
    // The first round waits a moment, so a monitor of this very server finds it listening
    // (onReady comes just before listen).
    const first = Date.now() + (this.options.firstRoundDelayMs ?? 250);
    for (const m of this.monitors) this.nextDue.set(m.id, first);
    this.tick();
  }

  /**
   * The monitors to probe from now on. A new one is probed at once (its state continues from
   * what is stored under its id, if anything); a removed one is no longer probed; a changed
   * interval applies from the next probe.
   */
  setMonitors(monitors: readonly Monitor[]): void {
    const before = new Map(this.monitors.map((m) => [m.id, m]));
    this.monitors = monitors;
    const ids = new Set(monitors.map((m) => m.id));
    for (const id of before.keys()) if (!ids.has(id)) this.nextDue.delete(id);
    if (!this.active) return;
    const now = Date.now();
    for (const m of monitors) {
      const old = before.get(m.id);
      if (!old) this.nextDue.set(m.id, now);
      else if (old.intervalSeconds !== m.intervalSeconds) this.nextDue.set(m.id, Math.min(this.nextDue.get(m.id) ?? now, now + m.intervalSeconds * 1000));
    }
    this.reschedule();
  }

  private reschedule(): void {
    if (!this.active) return;
    clearTimeout(this.timer);
    this.tick();
  }

  /** Stops scheduling and waits for rounds in flight to be stored. */
  async stop(): Promise<void> {
    this.active = false;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  private tick(): void {
    if (!this.active) return;
    const now = Date.now();
    const due: Monitor[] = [];
    for (const m of this.monitors) {
      const at = this.nextDue.get(m.id);
      if (at === undefined || at > now || this.running.has(m.id)) continue;
      due.push(m);
      const intervalMs = m.intervalSeconds * 1000;
      // Keep the cadence (no drift), but never catch up with a burst after a stall.
      this.nextDue.set(m.id, at + intervalMs > now ? at + intervalMs : now + intervalMs);
    }
    if (due.length) {
      const round = this.round(due).finally(() => {
        this.inFlight.delete(round);
      });
      this.inFlight.add(round);
    }
    const next = Math.min(...this.monitors.map((m) => this.nextDue.get(m.id) ?? Number.POSITIVE_INFINITY));
    // With nothing to probe, no timer: setMonitors starts the ticks again.
    if (Number.isFinite(next)) this.timer = setTimeout(() => this.tick(), Math.max(10, next - Date.now()));
  }

  private async round(monitors: Monitor[]): Promise<void> {
    if (this.options.standby?.()) return;
    for (const m of monitors) this.running.add(m.id);
    try {
      const results = await this.probeAll(monitors);
      const location = this.options.location ?? siteLocationId;
      const taken: LocationResult[] = monitors.map((m, i) => {
        const result = results[i]!;
        if (!result.ok) this.options.log.debug({ monitor: m.id, error: result.error }, 'status: probe failed');
        return {
          monitorId: m.id,
          at: Date.now(),
          ok: result.ok,
          latency: result.ok ? result.latency : 0,
          ...(result.ok ? {} : { error: result.error ?? 'no answer' }),
          ...(result.ok && result.players ? { players: result.players } : {}),
          ...(result.ok && result.version ? { version: result.version } : {}),
        };
      });
      // A monitor removed while its probe ran is not reported.
      let outcome: DecideOutcome;
      try {
        outcome = await decideResults(this.options.db, this.options.dialect, {
          location,
          results: taken,
          monitors: new Map(this.monitors.map((m) => [m.id, m])),
          now: Date.now(),
          inMaintenance: this.options.inMaintenance ?? (() => false),
          ...(this.options.standbyLocation !== undefined ? { standbyLocation: this.options.standbyLocation } : {}),
        });
      } catch (error) {
        this.options.log.error({ err: error }, 'status: could not store a round of results');
        return;
      }
      if (!this.active || outcome.rows.length === 0) return;
      this.options.onRound(roundOfDecision(outcome), outcome.changeEvents);
    } finally {
      for (const m of monitors) this.running.delete(m.id);
    }
  }

  private async probeAll(monitors: Monitor[]): Promise<ProbeResult[]> {
    const run = this.options.probeFn ?? probe;
    const results: ProbeResult[] = new Array(monitors.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < monitors.length) {
        const i = next++;
        const m = monitors[i]!;
        results[i] = await run({
          type: m.type,
          target: m.target,
          settings: m.settings,
          timeoutMs: m.timeoutSeconds * 1000,
          userAgent: probeUserAgent(this.options.location ?? siteLocationId),
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 256, monitors.length) }, worker));
    return results;
  }
}
