import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { freshMemory, nextMemory, type MonitorMemory } from './monitor-state.ts';
import type { Monitor } from './monitors-file.ts';
import { probe, type ProbeResult } from './probes.ts';
import { insertResults, recentResults, type ResultRow, type StoredState } from './status-repository.ts';
import type { Round } from './coordination.ts';

export interface SchedulerOptions {
  db: Kysely<Database>;
  monitors: readonly Monitor[];
  log: FastifyBaseLogger;
  /** Called after each round is stored. */
  onRound: (round: Round) => void;
  /** Probes running at once, at most. */
  concurrency?: number;
  probeFn?: typeof probe;
  firstRoundDelayMs?: number;
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
 */
export class ProbeScheduler {
  private readonly options: SchedulerOptions;
  private readonly memory = new Map<string, MonitorMemory>();
  private readonly nextDue = new Map<string, number>();
  private readonly running = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private lastRoundAt = 0;
  private active = false;

  constructor(options: SchedulerOptions) {
    this.options = options;
  }

  get isRunning(): boolean {
    return this.active;
  }

  async start(): Promise<void> {
    if (this.active) return;
    this.active = true;
    const { db, monitors } = this.options;
    const depth = Math.max(1, ...monitors.map((m) => m.failuresBeforeDown));
    const rows = await recentResults(db, depth);
    const byMonitor = new Map<string, ResultRow[]>();
    for (const row of rows) {
      const list = byMonitor.get(row.monitorId);
      if (list) list.push(row);
      else byMonitor.set(row.monitorId, [row]);
    }
    for (const m of monitors) this.memory.set(m.id, memoryFromRows(byMonitor.get(m.id) ?? []));
    this.lastRoundAt = rows.reduce((max, r) => Math.max(max, r.at), 0);
    if (!this.active) return;
    // The first round waits a moment, so a monitor of this very server finds it listening
    // (onReady comes just before listen).
    const first = Date.now() + (this.options.firstRoundDelayMs ?? 250);
    for (const m of monitors) this.nextDue.set(m.id, first);
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
    for (const m of this.options.monitors) {
      const at = this.nextDue.get(m.id)!;
      if (at > now || this.running.has(m.id)) continue;
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
    const next = Math.min(...this.options.monitors.map((m) => this.nextDue.get(m.id)!));
    this.timer = setTimeout(() => this.tick(), Math.max(10, next - Date.now()));
  }

  private async round(monitors: Monitor[]): Promise<void> {
    for (const m of monitors) this.running.add(m.id);
    try {
      const results = await this.probeAll(monitors);
      const at = Math.max(Date.now(), this.lastRoundAt + 1);
      this.lastRoundAt = at;
      const rows: ResultRow[] = monitors.map((m, i) => {
        const result = results[i]!;
        const memory = nextMemory(this.memory.get(m.id) ?? freshMemory, result, m);
        this.memory.set(m.id, memory);
        if (!result.ok) this.options.log.debug({ monitor: m.id, error: result.error }, 'status: probe failed');
        const state: StoredState = memory.state ?? 'pending';
        return { monitorId: m.id, at, ok: result.ok, latency: result.ok ? result.latency : 0, state };
      });
      try {
        await insertResults(this.options.db, rows);
      } catch (error) {
        this.options.log.error({ err: error }, 'status: could not store a round of results');
      }
      if (!this.active) return;
      this.options.onRound({
        id: at,
        updates: rows.map((r) => ({ id: r.monitorId, status: r.state, latency: r.latency, timestamp: r.at })),
      });
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
