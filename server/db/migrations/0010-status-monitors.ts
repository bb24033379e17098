import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The status board's monitors move from the monitors file into the database (the file seeds it
 * once), and each probe result keeps what a Minecraft server said about itself.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { bigint } = columnTypes(dialect);
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('status_monitor')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // As written: ${PORT} and ${DEMO_MC_PORT} are expanded when the monitor is probed.
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('interval_seconds', real, (c) => c.notNull())
    .addColumn('timeout_seconds', real, (c) => c.notNull())
    .addColumn('degraded_above_ms', 'integer', (c) => c.notNull())
    .addColumn('failures_before_down', 'integer', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    // The board's order: the file's, then the order they were added in.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  // What was imported once, by name (the monitors file): a second start never imports it again.
  await db.schema
    .createTable('status_seed')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('status_result').addColumn('players_online', 'integer').execute();
  await db.schema.alterTable('status_result').addColumn('players_max', 'integer').execute();
  await db.schema.alterTable('status_result').addColumn('version', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('status_result').dropColumn('version').execute();
  await db.schema.alterTable('status_result').dropColumn('players_max').execute();
  await db.schema.alterTable('status_result').dropColumn('players_online').execute();
  await db.schema.dropTable('status_seed').execute();
  await db.schema.dropTable('status_monitor').execute();
}
