import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Stock (docs/decisions.md 101-103): what the last round measured per plan and location, the
 * admins' overrides, the one row that lets a single instance run each round, "tell me when it is
 * back" requests, and their mail queue on the outbox's columns.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { bigint, serial } = columnTypes(dialect);
  await db.schema
    .createTable('stock_level')
    .addColumn('line_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('location_id', 'varchar(64)', (c) => c.notNull())
    // How many more fit (null: not counted: a manual line, or a plan of unknown size).
    .addColumn('left_count', 'integer')
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('measured_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_level_pk', ['line_id', 'plan_id', 'location_id'])
    .execute();

  await db.schema
    .createTable('stock_override')
    .addColumn('line_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('location_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('count', 'integer')
    .addColumn('set_by', 'text', (c) => c.notNull())
    .addColumn('set_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_override_pk', ['line_id', 'plan_id', 'location_id'])
    .execute();

  // One row: the round's lease. An instance takes it when it has run out, so one instance measures per interval.
  await db.schema
    .createTable('stock_round')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('claimed_until', bigint, (c) => c.notNull())
    .addColumn('claimed_by', 'text', (c) => c.notNull())
    .addColumn('finished_at', bigint)
    .execute();

  await db.schema
    .createTable('stock_watch')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('line_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('location_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('confirmed_at', bigint)
    // Set in the transaction that queues the one "it is back" mail.
    .addColumn('notified_at', bigint)
    .execute();
  await db.schema.createIndex('stock_watch_target').on('stock_watch').columns(['line_id', 'plan_id', 'location_id']).execute();
  await db.schema.createIndex('stock_watch_email').on('stock_watch').columns(['email', 'created_at']).execute();

  await db.schema
    .createTable('stock_mail_deliveries')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('watch_id', bigint, (c) => c.notNull().references('stock_watch.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('claimed_until', bigint)
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_mail_deliveries_due').on('stock_mail_deliveries').columns(['status', 'channel', 'next_attempt_at']).execute();
  await db.schema
    .createTable('stock_mail_attempts')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('delivery_id', bigint, (c) => c.notNull().references('stock_mail_deliveries.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('started_at', bigint, (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('worker', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['stock_mail_attempts', 'stock_mail_deliveries', 'stock_watch', 'stock_round', 'stock_override', 'stock_level']) {
    await db.schema.dropTable(table).execute();
  }
}
