import { sql } from 'kysely';
import type { Db } from './schema.ts';

/** The cheapest question the database answers: for readiness and the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
