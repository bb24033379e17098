import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Alerts to the team: the channels, the alerts (one per outage, unique per opening event), the
 * alert queue (one row per channel and message, unique) with its attempts, and small settings
 * (the fan-out cursor over the status event log, the draft incidents' auto-publish delay).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('alert_channel')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('token', 'text')
    .addColumn('monitor_ids', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('remind_every_minutes', 'integer', (c) => c.notNull())
    .addColumn('support_notices', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('alert')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('monitor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('event_id', bigint, (c) => c.notNull().unique())
    .addColumn('started_at', bigint, (c) => c.notNull())
    .addColumn('fired_at', bigint)
    .addColumn('detail', 'text')
    .addColumn('locations', 'text')
    .addColumn('acknowledged_at', bigint)
    .addColumn('acknowledged_by', 'text')
    .addColumn('recovered_at', bigint)
    .addColumn('draft_state', 'varchar(16)')
    .addColumn('draft_title', 'text')
    .addColumn('incident_id', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_monitor_state').on('alert').columns(['monitor_id', 'state']).execute();
  await db.schema.createIndex('alert_state').on('alert').columns(['state', 'started_at']).execute();

  await db.schema
    .createTable('alert_delivery')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('channel_id', 'varchar(64)', (c) => c.notNull().references('alert_channel.id').onDelete('cascade'))
    .addColumn('alert_id', bigint, (c) => c.references('alert.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text')
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
    // One message of each kind (and reminder number) per alert and channel, whoever queues it
    // (NULL alert ids, tests and notices, are distinct on both dialects).
    .addUniqueConstraint('alert_delivery_once', ['alert_id', 'channel_id', 'kind', 'seq'])
    .execute();
  await db.schema.createIndex('alert_delivery_due').on('alert_delivery').columns(['status', 'channel', 'next_attempt_at']).execute();

  await db.schema
    .createTable('alert_attempt')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('delivery_id', bigint, (c) => c.notNull().references('alert_delivery.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('started_at', bigint, (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('worker', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_attempt_delivery').on('alert_attempt').column('delivery_id').execute();

  await db.schema
    .createTable('alert_setting')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  // The cursor starts at the log's end: changes recorded before alerts existed are history, not news.
  const last = await db
    .selectFrom('status_event')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const now = Date.now();
  await db
    .insertInto('alert_setting')
    .values([
      { name: 'cursor', value: String(Number(last?.id ?? 0)), updated_at: now },
      { name: 'autoPublishMinutes', value: '0', updated_at: now },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_setting').ifExists().execute();
  await db.schema.dropTable('alert_attempt').ifExists().execute();
  await db.schema.dropTable('alert_delivery').ifExists().execute();
  await db.schema.dropTable('alert').ifExists().execute();
  await db.schema.dropTable('alert_channel').ifExists().execute();
}
