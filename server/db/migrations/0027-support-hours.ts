import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The team's support hours (docs/decisions.md 92): one row, the hours as JSON (the days and
 * times, the time zone), who set them and when. No row: the default hours.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { bigint } = columnTypes(dialect);
  await db.schema
    .createTable('support_hours')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('hours', 'text', (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_hours').execute();
}
