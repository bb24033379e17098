import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/** The status capability's tables: raw probe results and their hourly sums. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('status_result')
    .addColumn('id', t.serial, (c) => c.primaryKey())
    .addColumn('monitor_id', 'text', (c) => c.notNull())
    .addColumn('at', t.bigint, (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('latency', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('status_result_monitor_at').on('status_result').columns(['monitor_id', 'at']).execute();
  await db.schema.createIndex('status_result_at').on('status_result').column('at').execute();
  await db.schema
    .createTable('status_hourly')
    .addColumn('monitor_id', 'text', (c) => c.notNull())
    .addColumn('hour', t.bigint, (c) => c.notNull())
    .addColumn('checks', 'integer', (c) => c.notNull())
    .addColumn('up', 'integer', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('latency_sum', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('status_hourly_pk', ['monitor_id', 'hour'])
    .execute();
  await db.schema.createIndex('status_hourly_hour').on('status_hourly').column('hour').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('status_hourly').execute();
  await db.schema.dropTable('status_result').execute();
}
