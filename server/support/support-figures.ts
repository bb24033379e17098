import type { Kysely } from 'kysely';
import { answeredWithinSeconds, figuresWindowDays, satisfiedFrom } from '../../contracts/support-rules.ts';
import type { HomeFigures, SupportFigures } from '../../contracts/support.ts';
import type { StaffFigures } from '../../contracts/support-staff-api.ts';
import type { Database } from '../db/schema.ts';
import { type FigureRow, figureRowsSince } from './support-figures-repository.ts';
import { dayMs } from '../../contracts/time-units.ts';

const share = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/**
 * The four figures (docs/decisions.md 44). Speed is about chats: of the chats at least a minute
 * old, the share a person answered within 60 s, and the average wait for the first answer of
 * those answered. Satisfaction: ratings of 4-5 of all ratings. First-time resolution: of the
 * conversations ever resolved, those never reopened.
 */
export function computeFigures(rows: readonly FigureRow[], now: number): SupportFigures {
  const chats = rows.filter((r) => r.origin === 'chat' && r.createdAt <= now - answeredWithinSeconds * 1000);
  const answered = chats.filter((r) => r.firstAnswerAt !== null);
  const waits = answered.map((r) => (r.firstAnswerAt! - r.createdAt) / 1000);
  const rated = rows.filter((r) => r.rating !== null);
  const everResolved = rows.filter((r) => r.state === 'resolved' || r.reopened > 0);
  return {
    answeredInSeconds: share(waits.filter((w) => w <= answeredWithinSeconds).length, chats.length),
    averageFirstAnswerSeconds: waits.length === 0 ? null : Math.round(waits.reduce((a, b) => a + b, 0) / waits.length),
    satisfied: share(rated.filter((r) => r.rating! >= satisfiedFrom).length, rated.length),
    resolvedFirstTime: share(everResolved.filter((r) => r.state === 'resolved' && r.reopened === 0).length, everResolved.length),
  };
}

/** Monday 00:00 UTC of the week of `at`. */
export function weekStart(at: number): number {
  const day = Math.floor(at / dayMs);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  return (day - ((day + 3) % 7)) * dayMs;
}

/**
 * The figures of the last figuresWindowDays days, kept `cacheMs` (the home page asks on every
 * view; changes on this instance forget them at once). Measured once the window holds
 * `threshold` conversations.
 */
export class SupportFiguresSource {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  readonly #threshold: number;
  readonly #cacheMs: number;
  #cached: { at: number; value: HomeFigures } | undefined;

  constructor(deps: { db: Kysely<Database>; now: () => number; threshold: number; cacheMs?: number }) {
    this.#db = deps.db;
    this.#now = deps.now;
    this.#threshold = deps.threshold;
    this.#cacheMs = deps.cacheMs ?? 60_000;
  }

  forget(): void {
    this.#cached = undefined;
  }

  async home(): Promise<HomeFigures> {
    const now = this.#now();
    if (this.#cached && now - this.#cached.at < this.#cacheMs && now >= this.#cached.at) return this.#cached.value;
    const rows = await figureRowsSince(this.#db, now - figuresWindowDays * dayMs);
    const value = this.#home(rows, now);
    this.#cached = { at: now, value };
    return value;
  }

  #home(rows: readonly FigureRow[], now: number): HomeFigures {
    return {
      measured: rows.length >= this.#threshold,
      conversations: rows.length,
      threshold: this.#threshold,
      windowDays: figuresWindowDays,
      computedAt: now,
      figures: computeFigures(rows, now),
    };
  }

  /** Per week (newest first) and per person (who gave the first answer), over `weeks` weeks. */
  async staff(weeks: number): Promise<StaffFigures> {
    const now = this.#now();
    const since = weekStart(now) - (weeks - 1) * 7 * dayMs;
    const rows = await figureRowsSince(this.#db, Math.min(since, now - figuresWindowDays * dayMs));
    const inWeeks = rows.filter((r) => r.createdAt >= since);
    const byWeek = new Map<number, FigureRow[]>();
    for (let w = weekStart(now); w >= since; w -= 7 * dayMs) byWeek.set(w, []);
    for (const r of inWeeks) byWeek.get(weekStart(r.createdAt))?.push(r);
    const byPerson = new Map<string, { name: string; rows: FigureRow[] }>();
    for (const r of inWeeks) {
      if (!r.firstAnswerBy) continue;
      const entry = byPerson.get(r.firstAnswerBy) ?? { name: r.firstAnswerName ?? r.firstAnswerBy, rows: [] };
      entry.rows.push(r);
      byPerson.set(r.firstAnswerBy, entry);
    }
    return {
      weeks: [...byWeek].map(([start, list]) => ({ weekStart: start, conversations: list.length, figures: computeFigures(list, now) })),
      people: [...byPerson]
        .map(([staffId, p]) => ({ staffId, name: p.name, conversations: p.rows.length, figures: computeFigures(p.rows, now) }))
        .sort((a, b) => b.conversations - a.conversations || a.name.localeCompare(b.name)),
      overall: this.#home(
        rows.filter((r) => r.createdAt >= now - figuresWindowDays * dayMs),
        now,
      ),
    };
  }
}
