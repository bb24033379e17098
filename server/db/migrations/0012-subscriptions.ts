import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Status subscriptions: the subscribers, the hashes of their link tokens, the notification
 * queue (one row per subscription and event, unique) with its attempts, and the fan-out cursor.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('subscription')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('monitor_ids', 'text', (c) => c.notNull())
    .addColumn('pending_monitor_ids', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('confirmed_at', bigint)
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('subscription_channel_address', ['channel', 'address_key'])
    .execute();
  await db.schema.createIndex('subscription_status').on('subscription').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('subscription_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('subscription_id', bigint, (c) => c.notNull().references('subscription.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscription_token_subscription').on('subscription_token').column('subscription_id').execute();

  await db.schema
    .createTable('subscription_notification')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('subscription_id', bigint, (c) => c.notNull().references('subscription.id').onDelete('cascade'))
    .addColumn('event_id', bigint)
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
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
    // One notification per subscription and event, whatever runs the fan-out (NULLs, the
    // confirmation requests, are distinct on both dialects).
    .addUniqueConstraint('subscription_notification_once', ['subscription_id', 'event_id'])
    .execute();
  await db.schema.createIndex('subscription_notification_due').on('subscription_notification').columns(['status', 'channel', 'next_attempt_at']).execute();

  await db.schema
    .createTable('subscription_attempt')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('notification_id', bigint, (c) => c.notNull().references('subscription_notification.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('started_at', bigint, (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('worker', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscription_attempt_notification').on('subscription_attempt').column('notification_id').execute();

  await db.schema
    .createTable('subscription_cursor')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('last_event_id', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.insertInto('subscription_cursor').values({ name: 'notifications', last_event_id: 0, updated_at: Date.now() }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscription_cursor').ifExists().execute();
  await db.schema.dropTable('subscription_attempt').ifExists().execute();
  await db.schema.dropTable('subscription_notification').ifExists().execute();
  await db.schema.dropTable('subscription_token').ifExists().execute();
  await db.schema.dropTable('subscription').ifExists().execute();
}
