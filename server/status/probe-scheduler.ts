import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { freshMemory, nextMemory, type MonitorMemory } from './monitor-state.ts';
import type { Monitor } from './monitors-file.ts';
import { probe, type ProbeResult } from './probes.ts';
import { recordMonitorChange, type MonitorChange } from './monitor-changes.ts';
import { recentResults, writeResults, type ResultRow, type StoredState } from './status-repository.ts';
import type { Round } from './coordination.ts';
import type { StatusUpdate } from '../../contracts/status.ts';

export interface SchedulerOptions {
  db: Kysely<Database>;
  /** The monitors to probe at start; setMonitors changes them. */
  monitors: readonly Monitor[];
  log: FastifyBaseLogger;
  /** Whether a monitor is in a maintenance window at a moment: its results are marked (docs/decisions.md 38). */
  inMaintenance?: (monitorId: string, at: number) => boolean;
  /** Called after each round is stored. */
  onRound: (round: Round) => void;
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

/** Rebuilds a monitor's state-machine memory from its newest stored results (oldest first). */
export function memoryFromRows(rows: readonly ResultRow[]): MonitorMemory {
  let memory = freshMemory;
  for (const row of rows) {
    memory = {
      state: row.state === 'pending' ? memory.state : row.state,
      failures: row.ok ? 0 : memory.failures + 1,
    };
  }
  return memory;
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
  private readonly memory = new Map<string, MonitorMemory>();
  private readonly nextDue = new Map<string, number>();
  private readonly running = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private lastRoundAt = 0;
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
    await this.remember(
      this.monitors.map((m) => m.id),
      Math.max(1, ...this.monitors.map((m) => m.failuresBeforeDown)),
    );
    if (!this.active) return;
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
    for (const id of before.keys()) {
      if (ids.has(id)) continue;
      this.memory.delete(id);
      this.nextDue.delete(id);
    }
    if (!this.active) return;
    const now = Date.now();
    const added = monitors.filter((m) => !before.has(m.id));
    for (const m of monitors) {
      const old = before.get(m.id);
      if (old && old.intervalSeconds !== m.intervalSeconds) this.nextDue.set(m.id, Math.min(this.nextDue.get(m.id) ?? now, now + m.intervalSeconds * 1000));
      if (old && (old.target !== m.target || old.type !== m.type)) this.memory.set(m.id, freshMemory);
    }
    if (added.length === 0) {
      this.reschedule();
      return;
    }
    // Their memory first (a resumed monitor carries on from its stored results), then a round.
    void this.remember(
      added.map((m) => m.id),
      Math.max(1, ...added.map((m) => m.failuresBeforeDown)),
    )
      .catch((error: unknown) => this.options.log.error({ err: error }, 'status: could not read the stored state of new monitors'))
      .finally(() => {
        for (const m of added) if (ids.has(m.id) && !this.nextDue.has(m.id)) this.nextDue.set(m.id, Date.now());
        this.reschedule();
      });
  }

  /** Rebuilds the state-machine memory of some monitors from their newest stored results. */
  private async remember(ids: readonly string[], depth: number): Promise<void> {
    if (ids.length === 0) return;
    const rows = await recentResults(this.options.db, depth);
    const wanted = new Set(ids);
    const byMonitor = new Map<string, ResultRow[]>();
    for (const row of rows) {
      if (!wanted.has(row.monitorId)) continue;
      const list = byMonitor.get(row.monitorId);
      if (list) list.push(row);
      else byMonitor.set(row.monitorId, [row]);
    }
    for (const id of ids) this.memory.set(id, memoryFromRows(byMonitor.get(id) ?? []));
    this.lastRoundAt = Math.max(
      this.lastRoundAt,
      rows.reduce((max, r) => Math.max(max, r.at), 0),
    );
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
    for (const m of monitors) this.running.add(m.id);
    try {
      const results = await this.probeAll(monitors);
      const at = Math.max(Date.now(), this.lastRoundAt + 1);
      this.lastRoundAt = at;
      const inMaintenance = this.options.inMaintenance ?? (() => false);
      // A monitor removed while its probe ran is not reported.
      const current = new Set(this.monitors.map((m) => m.id));
      const rows: ResultRow[] = [];
      const changes: MonitorChange[] = [];
      monitors.forEach((m, i) => {
        if (!current.has(m.id)) return;
        const result = results[i]!;
        const before = this.memory.get(m.id) ?? freshMemory;
        const memory = nextMemory(before, result, m);
        this.memory.set(m.id, memory);
        if (memory.state !== undefined && memory.state !== before.state) {
          changes.push({
            monitorId: m.id,
            from: before.state ?? null,
            to: memory.state,
            at,
            maintenance: inMaintenance(m.id, at),
            ...(result.ok ? {} : { detail: result.error ?? 'no answer' }),
          });
        }
        if (!result.ok) this.options.log.debug({ monitor: m.id, error: result.error }, 'status: probe failed');
        const state: StoredState = memory.state ?? 'pending';
        rows.push({
          monitorId: m.id,
          at,
          ok: result.ok,
          latency: result.ok ? result.latency : 0,
          state,
          maintenance: inMaintenance(m.id, at),
          ...(result.ok && result.players ? { players: result.players } : {}),
          ...(result.ok && result.version ? { version: result.version } : {}),
        });
      });
      if (rows.length === 0) return;
      try {
        // The results and the changes they decided, together (docs/decisions.md 55).
        await this.options.db.transaction().execute(async (trx) => {
          await writeResults(trx, rows);
          for (const change of changes) await recordMonitorChange(trx, change);
        });
      } catch (error) {
        this.options.log.error({ err: error }, 'status: could not store a round of results');
      }
      if (!this.active) return;
      this.options.onRound({ id: at, updates: rows.map(updateOfRow) });
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
        results[i] = await run({ type: m.type, target: m.target, timeoutMs: m.timeoutSeconds * 1000 });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 256, monitors.length) }, worker));
    return results;
  }
}
