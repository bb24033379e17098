import type { Kysely } from 'kysely';
import type { DailyUptime, Uptimes } from '../../contracts/status.ts';
import { barDays } from '../../contracts/status-rules.ts';
import type { Database } from '../db/schema.ts';
import type { MonitorCatalog } from './monitor-catalog.ts';
import { dayMs } from '../../contracts/time-units.ts';
import { dailyCounts, firstCountedReadings, uptimeCountsSince, uptimePercent, type DayCounts, type UptimeCounts } from './status-repository.ts';

/** One monitor's measured figures. */
export interface Measured {
  uptimes: Uptimes;
  measuredSince: number | null;
  daily: DailyUptime;
}

export interface Figures {
  perMonitor: Map<string, Measured>;
  overall: Uptimes;
  overallSince: number | null;
  daysFrom: number;
}

/** How long computed uptime figures are reused. */
const uptimeCacheMs = 15_000;

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
 * The board's uptime figures (24 h, 30 and 90 days, the daily bars), computed from what is
 * stored and reused for a while; `invalidate` when something changes which readings count.
 */
export class UptimeFigures {
  readonly #db: Kysely<Database>;
  readonly #catalog: MonitorCatalog;
  #cache: { at: number; value: Promise<Figures> } | undefined;

  constructor(db: Kysely<Database>, catalog: MonitorCatalog) {
    this.#db = db;
    this.#catalog = catalog;
  }

  /** Computed afresh for the next report. */
  invalidate(): void {
    this.#cache = undefined;
  }

  at(now: number): Promise<Figures> {
    if (this.#cache && now - this.#cache.at < uptimeCacheMs && now >= this.#cache.at) return this.#cache.value;
    const value = this.#compute(now);
    this.#cache = { at: now, value };
    value.catch(() => {
      this.#cache = undefined;
    });
    return value;
  }

  async #compute(now: number): Promise<Figures> {
    const db = this.#db;
    const all = this.#catalog.all;
    const daysFrom = barStart(now);
    const since90 = now - 90 * dayMs;
    const [h24, d30, d90, days, firsts] = await Promise.all([
      uptimeCountsSince(db, now - dayMs, now),
      uptimeCountsSince(db, now - 30 * dayMs, now),
      uptimeCountsSince(db, since90, now),
      dailyCounts(db, daysFrom),
      firstCountedReadings(db, since90, now),
    ]);
    const one = (counts: Map<string, UptimeCounts>, id: string) => uptimePercent(counts.has(id) ? [counts.get(id)!] : []);
    const perMonitor = new Map<string, Measured>();
    for (const m of all) {
      perMonitor.set(m.id, {
        uptimes: { h24: one(h24, m.id), d30: one(d30, m.id), d90: one(d90, m.id) },
        measuredSince: firsts.get(m.id) ?? null,
        daily: dailyOf(days.get(m.id) ?? [], daysFrom),
      });
    }
    // The overall figure counts every monitor on the board, paused ones included: what was measured stays measured.
    const pick = (counts: Map<string, UptimeCounts>): UptimeCounts[] => all.flatMap((m) => counts.get(m.id) ?? []);
    const sinces = all.map((m) => firsts.get(m.id)).filter((t): t is number => t !== undefined);
    return {
      perMonitor,
      overall: { h24: uptimePercent(pick(h24)), d30: uptimePercent(pick(d30)), d90: uptimePercent(pick(d90)) },
      overallSince: sinces.length ? Math.min(...sinces) : null,
      daysFrom,
    };
  }
}
