import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Probe locations (docs/decisions.md 47-49): agents' tokens (hashed), what each location saw of
 * each monitor (its results and its own state machine), the monitor's decided (quorum) state,
 * and a quorum per monitor set by operators.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('probe_agent')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('location', 'text', (c) => c.notNull())
    // sha256 of the token, hex: the token itself is shown once and never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', bigint)
    .addColumn('ping_url', 'text')
    .addColumn('dropped', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', bigint)
    .execute();
  await db.schema
    .createTable('status_location_result')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('monitor_id', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('latency', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('status_location_result_monitor_at').on('status_location_result').columns(['monitor_id', 'location', 'at']).execute();
  await db.schema.createIndex('status_location_result_at').on('status_location_result').column('at').execute();
  await db.schema
    .createTable('status_location_state')
    .addColumn('monitor_id', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    // null before the location's first decision.
    .addColumn('state', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    .addColumn('latency', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('status_location_state_pk', ['monitor_id', 'location'])
    .execute();
  await db.schema
    .createTable('status_decision')
    .addColumn('monitor_id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema.alterTable('status_monitor').addColumn('quorum', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('status_monitor').dropColumn('quorum').execute();
  await db.schema.dropTable('status_decision').execute();
  await db.schema.dropTable('status_location_state').execute();
  await db.schema.dropTable('status_location_result').execute();
  await db.schema.dropTable('probe_agent').execute();
}
