import type { Db } from '../db/schema.ts';

// The team's support hours (docs/decisions.md 92): one row, stored as the JSON of the hours.

/** The stored hours' JSON, or undefined when they were never set. */
export async function readHours(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('support_hours').select('hours').where('id', '=', 'team').executeTakeFirst();
  return row?.hours;
}

export async function writeHours(db: Db, json: string, now: number, by: string | null): Promise<void> {
  await db
    .insertInto('support_hours')
    .values({ id: 'team', hours: json, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('id').doUpdateSet({ hours: json, updated_at: now, updated_by: by }))
    .execute();
}
