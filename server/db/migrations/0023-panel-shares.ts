import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Customer accounts in the panel (docs/decisions.md 80-81): servers of the local driver shared
 * by their owner with another customer's e-mail address (one row per server and address, the
 * grants as a comma-separated list), and panel sessions opened by a signed-in customer (the
 * account's id; such a session stores no customer key).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { bigint } = columnTypes(dialect);
  await db.schema
    .createTable('panel_server_shares')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('driver', 'varchar(16)', (c) => c.notNull())
    .addColumn('server_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('grants', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('accepted_at', bigint)
    .addUniqueConstraint('panel_server_shares_server_email', ['driver', 'server_id', 'email'])
    .execute();
  await db.schema.createIndex('panel_server_shares_email').on('panel_server_shares').columns(['driver', 'email']).execute();
  await db.schema.alterTable('panel_sessions').addColumn('customer_id', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('panel_sessions').dropColumn('customer_id').execute();
  await db.schema.dropTable('panel_server_shares').execute();
}
