import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Incidents with their timelines and scheduled maintenance, written by staff; and the mark on
 * each probe result taken in a maintenance window, so that time is left out of uptime.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('incident')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('impact', 'text', (c) => c.notNull())
    // JSON array of monitor ids.
    .addColumn('monitor_ids', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('started_at', bigint, (c) => c.notNull())
    .addColumn('resolved_at', bigint)
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('incident_started_at').on('incident').column('started_at').execute();
  await db.schema.createIndex('incident_resolved_at').on('incident').column('resolved_at').execute();
  await db.schema
    .createTable('incident_update')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incident.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    .addColumn('edited_at', bigint)
    .execute();
  await db.schema.createIndex('incident_update_incident').on('incident_update').columns(['incident_id', 'id']).execute();
  await db.schema
    .createTable('maintenance')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('monitor_ids', 'text', (c) => c.notNull())
    .addColumn('starts_at', bigint, (c) => c.notNull())
    .addColumn('ends_at', bigint, (c) => c.notNull())
    .addColumn('cancelled_at', bigint)
    // Set once, by the one instance whose conditional update claims the announcement.
    .addColumn('started_announced_at', bigint)
    .addColumn('completed_announced_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maintenance_ends_at').on('maintenance').column('ends_at').execute();
  await db.schema.createIndex('maintenance_starts_at').on('maintenance').column('starts_at').execute();
  await db.schema
    .alterTable('status_result')
    .addColumn('maintenance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('status_hourly')
    .addColumn('maintenance_checks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('status_hourly').dropColumn('maintenance_checks').execute();
  await db.schema.alterTable('status_result').dropColumn('maintenance').execute();
  await db.schema.dropTable('maintenance').execute();
  await db.schema.dropTable('incident_update').execute();
  await db.schema.dropTable('incident').execute();
}
