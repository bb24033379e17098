import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { StaffStockAnswer, StockAnswer, StockEntry, StockOverrideInput } from '../../contracts/stock.ts';
import { type StockCatalog, stockStateOf } from '../../contracts/stock-rules.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { type CapacitySource, countCap } from './capacity-source.ts';
import type { StockCatalogFile } from './stock-catalog.ts';
import {
  claimRound,
  deleteOverride,
  keyOf,
  lastRoundAt,
  putOverride,
  readLevels,
  readOverrides,
  type StockLevel,
  type StockOverride,
  storeRound,
} from './stock-repository.ts';

export interface StockServiceDeps {
  db: Kysely<Database>;
  catalog: StockCatalogFile;
  source: CapacitySource;
  log: FastifyBaseLogger;
  now: () => number;
  /** The round's interval: a round's lease lasts a little less, so the next interval's round is free to run. */
  everyMs: number;
  /** Called after a round stored new figures (the "tell me" fan-out). */
  afterRound?: () => Promise<void>;
}

/**
 * What the site says of a plan at a location, from the measured figure and any override. The
 * number left is given only when it is said ("Only N left", sold out): a location's whole free
 * room is the provider's business, not the public's.
 */
export function entryOf(key: { line: string; plan: string; location: string }, level: StockLevel | undefined, override: StockOverride | undefined): StockEntry {
  if (override) {
    const left = override.mode === 'sold_out' ? 0 : (override.count ?? 0);
    const state = stockStateOf(left);
    return { ...key, orderable: state !== 'sold_out', state, left: state === 'in_stock' ? null : left, source: 'override' };
  }
  // Never measured (a plan added since the last round): orderable until a round says otherwise.
  const left = level?.left ?? null;
  const state = stockStateOf(left);
  return { ...key, orderable: state !== 'sold_out', state, left: state === 'in_stock' ? null : left, source: level?.source ?? 'manual' };
}

/**
 * Stock (docs/decisions.md 101-103): a round measures every plan at every location it is sold
 * at, from the capacity source, and stores the figures (one instance per interval, by the round's
 * lease); reads combine them with the admins' overrides.
 */
export class StockService {
  readonly #deps: StockServiceDeps;
  readonly #worker = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(deps: StockServiceDeps) {
    this.#deps = deps;
  }

  catalog(): Promise<StockCatalog> {
    return this.#deps.catalog.read();
  }

  /** One round, when this instance wins the interval's lease (`force`: an admin asked; it runs now whoever ran last). Returns whether it ran. */
  async refresh(force = false): Promise<boolean> {
    const { db, source, now, everyMs } = this.#deps;
    const at = now();
    const won = await claimRound(db, this.#worker, force ? Number.MAX_SAFE_INTEGER : at, at + Math.max(1000, everyMs - 1000));
    if (!won) return false;
    const catalog = await this.catalog();
    const locationIds = catalog.locations.map((l) => l.id);
    const levels: StockLevel[] = [];
    const counted = catalog.plans.filter((p) => p.source === 'capacity' && p.memoryMb !== null && p.diskMb !== null);
    const capacity = counted.length ? await source.read(locationIds) : new Map();
    for (const plan of catalog.plans) {
      for (const location of plan.locations) {
        const key = { line: plan.line, plan: plan.plan, location };
        const here = capacity.get(location);
        if (plan.source === 'capacity' && plan.memoryMb !== null && plan.diskMb !== null) {
          const left = here ? here.fits(plan.memoryMb, plan.diskMb, countCap) : 0;
          levels.push({ ...key, left, source: source.name, detail: here?.detail ?? 'location unknown to the capacity source', measuredAt: at });
        } else {
          const detail =
            plan.source === 'manual' ? 'not provisioned by the game panel: in stock unless overridden' : 'size unknown: in stock unless overridden';
          levels.push({ ...key, left: null, source: 'manual', detail, measuredAt: at });
        }
      }
    }
    await storeRound(db, levels, now());
    this.#deps.log.debug({ figures: levels.length, source: source.name }, 'stock: round stored');
    await this.#deps.afterRound?.();
    return true;
  }

  /** Every plan at every location it is sold at, filtered by the query. */
  async entries(query: { line?: string | undefined; plan?: string | undefined; location?: string | undefined } = {}): Promise<StockAnswer> {
    const [catalog, levels, overrides, refreshedAt] = await Promise.all([
      this.catalog(),
      readLevels(this.#deps.db),
      readOverrides(this.#deps.db),
      lastRoundAt(this.#deps.db),
    ]);
    const levelOf = new Map(levels.map((l) => [keyOf(l), l]));
    const overrideOf = new Map(overrides.map((o) => [keyOf(o), o]));
    const stock = catalog.plans
      .filter((p) => (!query.line || p.line === query.line) && (!query.plan || p.plan === query.plan))
      .flatMap((p) =>
        p.locations
          .filter((l) => !query.location || l === query.location)
          .map((location) => {
            const key = { line: p.line, plan: p.plan, location };
            return entryOf(key, levelOf.get(keyOf(key)), overrideOf.get(keyOf(key)));
          }),
      );
    return { refreshedAt: refreshedAt === null ? null : new Date(refreshedAt).toISOString(), locations: catalog.locations, stock };
  }

  /** The console's table: what the site shows, what was measured, and the override. */
  async staffRows(waiting: Map<string, number>): Promise<StaffStockAnswer> {
    const [catalog, answer, levels, overrides] = await Promise.all([this.catalog(), this.entries(), readLevels(this.#deps.db), readOverrides(this.#deps.db)]);
    const levelOf = new Map(levels.map((l) => [keyOf(l), l]));
    const overrideOf = new Map(overrides.map((o) => [keyOf(o), o]));
    const nameOf = new Map(catalog.plans.map((p) => [`${p.line}/${p.plan}`, p.name]));
    const locationName = new Map(catalog.locations.map((l) => [l.id, l.name]));
    return {
      refreshedAt: answer.refreshedAt,
      rows: answer.stock.map((entry) => {
        const level = levelOf.get(keyOf(entry));
        const override = overrideOf.get(keyOf(entry));
        return {
          ...entry,
          name: nameOf.get(`${entry.line}/${entry.plan}`) ?? entry.plan,
          locationName: locationName.get(entry.location) ?? entry.location,
          measured: level ? { left: level.left, source: level.source, detail: level.detail } : null,
          override: override ? { mode: override.mode, count: override.count, by: override.by, at: new Date(override.at).toISOString() } : null,
          waiting: waiting.get(keyOf(entry)) ?? 0,
        };
      }),
    };
  }

  /** The plan at a location, or a 400 naming what the catalogue does not sell. */
  async sold(key: { line: string; plan: string; location: string }): Promise<{ name: string; route: string; locationName: string }> {
    const catalog = await this.catalog();
    const plan = catalog.plans.find((p) => p.line === key.line && p.plan === key.plan);
    if (!plan)
      throw new HttpError(400, 'unknown_plan', `There is no plan "${key.plan}" in "${key.line}".`, { fields: { plan: 'Choose a plan the site sells.' } });
    if (!plan.locations.includes(key.location)) {
      const message = `${plan.name} is not sold at "${key.location}".`;
      throw new HttpError(400, 'unknown_location', message, { fields: { location: message } });
    }
    const locationName = catalog.locations.find((l) => l.id === key.location)?.name ?? key.location;
    return { name: plan.name, route: plan.route, locationName };
  }

  async setOverride(input: StockOverrideInput, by: string): Promise<void> {
    await this.sold(input);
    await putOverride(this.#deps.db, { ...input, count: input.mode === 'count' ? (input.count ?? 0) : null, by, at: this.#deps.now() });
    await this.#deps.afterRound?.();
  }

  async clearOverride(key: { line: string; plan: string; location: string }): Promise<boolean> {
    const removed = await deleteOverride(this.#deps.db, key);
    await this.#deps.afterRound?.();
    return removed;
  }
}
