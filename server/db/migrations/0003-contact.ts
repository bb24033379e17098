import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/** The contact capability's tables: messages, their per-channel deliveries, and every attempt. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_created_at').on('contact_messages').column('created_at').execute();

  await db.schema
    .createTable('contact_deliveries')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('message_id', 'varchar(36)', (c) => c.notNull().references('contact_messages.id').onDelete('cascade'))
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
    .addUniqueConstraint('contact_deliveries_message_channel', ['message_id', 'channel'])
    .execute();
  // The worker's question: which pending deliveries of a channel are due.
  await db.schema.createIndex('contact_deliveries_due').on('contact_deliveries').columns(['status', 'channel', 'next_attempt_at']).execute();

  await db.schema
    .createTable('contact_delivery_attempts')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('delivery_id', bigint, (c) => c.notNull().references('contact_deliveries.id').onDelete('cascade'))
    .addColumn('message_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('started_at', bigint, (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('worker', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_delivery_attempts_delivery').on('contact_delivery_attempts').column('delivery_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_delivery_attempts').ifExists().execute();
  await db.schema.dropTable('contact_deliveries').ifExists().execute();
  await db.schema.dropTable('contact_messages').ifExists().execute();
}
