import type { Kysely } from 'kysely';
import type { Database, Db } from '../db/schema.ts';

/** One measured figure: a plan at a location. */
export interface StockLevel {
  line: string;
  plan: string;
  location: string;
  left: number | null;
  source: 'panel' | 'local' | 'manual';
  detail: string;
  measuredAt: number;
}

export interface StockOverride {
  line: string;
  plan: string;
  location: string;
  mode: 'sold_out' | 'count';
  count: number | null;
  by: string;
  at: number;
}

export const keyOf = (k: { line: string; plan: string; location: string }) => `${k.line}/${k.plan}/${k.location}`;

/**
 * Takes the round's lease when it has run out (or was never taken): the one row of stock_round,
 * updated only where `claimed_until <= now`, so of instances asking together exactly one wins.
 */
export async function claimRound(db: Kysely<Database>, worker: string, now: number, until: number): Promise<boolean> {
  await db
    .insertInto('stock_round')
    .values({ id: 1, claimed_until: 0, claimed_by: '', finished_at: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const result = await db
    .updateTable('stock_round')
    .set({ claimed_until: until, claimed_by: worker })
    .where('id', '=', 1)
    .where('claimed_until', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the last round finished, if one did. */
export async function lastRoundAt(db: Db): Promise<number | null> {
  const row = await db.selectFrom('stock_round').select('finished_at').where('id', '=', 1).executeTakeFirst();
  return row?.finished_at === null || row?.finished_at === undefined ? null : Number(row.finished_at);
}

/** Replaces every measured figure with a round's (one transaction: readers see the old round or the new one). */
export async function storeRound(db: Kysely<Database>, levels: readonly StockLevel[], now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('stock_level').execute();
    for (let i = 0; i < levels.length; i += 200) {
      await trx
        .insertInto('stock_level')
        .values(
          levels.slice(i, i + 200).map((l) => ({
            line_id: l.line,
            plan_id: l.plan,
            location_id: l.location,
            left_count: l.left,
            source: l.source,
            detail: l.detail,
            measured_at: l.measuredAt,
          })),
        )
        .execute();
    }
    await trx.updateTable('stock_round').set({ finished_at: now }).where('id', '=', 1).execute();
  });
}

export async function readLevels(db: Db): Promise<StockLevel[]> {
  const rows = await db.selectFrom('stock_level').selectAll().execute();
  return rows.map((r) => ({
    line: r.line_id,
    plan: r.plan_id,
    location: r.location_id,
    left: r.left_count === null ? null : Number(r.left_count),
    source: r.source,
    detail: r.detail,
    measuredAt: Number(r.measured_at),
  }));
}

export async function readOverrides(db: Db): Promise<StockOverride[]> {
  const rows = await db.selectFrom('stock_override').selectAll().execute();
  return rows.map((r) => ({
    line: r.line_id,
    plan: r.plan_id,
    location: r.location_id,
    mode: r.mode,
    count: r.count === null ? null : Number(r.count),
    by: r.set_by,
    at: Number(r.set_at),
  }));
}

export async function putOverride(db: Db, o: StockOverride): Promise<void> {
  const values = { line_id: o.line, plan_id: o.plan, location_id: o.location, mode: o.mode, count: o.count, set_by: o.by, set_at: o.at };
  await db
    .insertInto('stock_override')
    .values(values)
    .onConflict((oc) => oc.columns(['line_id', 'plan_id', 'location_id']).doUpdateSet({ mode: o.mode, count: o.count, set_by: o.by, set_at: o.at }))
    .execute();
}

/** Removes an override; whether there was one. */
export async function deleteOverride(db: Db, k: { line: string; plan: string; location: string }): Promise<boolean> {
  const result = await db
    .deleteFrom('stock_override')
    .where('line_id', '=', k.line)
    .where('plan_id', '=', k.plan)
    .where('location_id', '=', k.location)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
