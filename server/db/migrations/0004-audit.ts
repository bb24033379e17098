import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/** The audit capability's one table: what staff, customers and the system did. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('audit_log')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('at', bigint, (c) => c.notNull())
    .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_label', 'text')
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('client_ip', 'text')
    .addColumn('detail', 'text')
    .execute();
  // Newest first, by time alone or by who or what.
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_at').on('audit_log').columns(['actor_kind', 'actor_id', 'at']).execute();
  await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
}
