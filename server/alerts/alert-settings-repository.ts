import type { Transaction } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database, Db } from '../db/schema.ts';
import { statusEventWaiting } from '../status-events/status-events-repository.ts';

// The alerts' settings (the auto-publish minutes) and the fan-out's cursor in the status event log.

export async function readSetting(db: Db, name: string): Promise<string | undefined> {
  return (await db.selectFrom('alert_setting').select('value').where('name', '=', name).executeTakeFirst())?.value;
}

export async function writeSetting(db: Db, name: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('alert_setting')
    .values({ name, value, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** The fan-out cursor, locked for the transaction (FOR UPDATE on PostgreSQL; SQLite has one writer). */
export async function lockCursor(trx: Transaction<Database>, dialect: Dialect): Promise<number> {
  let query = trx.selectFrom('alert_setting').select('value').where('name', '=', 'cursor');
  if (dialect === 'postgres') query = query.forUpdate();
  return Number((await query.executeTakeFirstOrThrow()).value);
}

/** Whether the log has monitor changes past the cursor (a cheap look before the transaction). */
export async function changesWaiting(db: Db): Promise<boolean> {
  const cursor = Number((await readSetting(db, 'cursor')) ?? 0);
  return statusEventWaiting(db, cursor, ['monitor.changed']);
}
