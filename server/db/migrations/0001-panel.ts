import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/** The panel capability's tables: sessions, the audit log, failed connect attempts. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('panel_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('server_id', 'text', (c) => c.notNull())
    .addColumn('driver', 'text', (c) => c.notNull())
    .addColumn('key_ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('panel_sessions_expires_at').on('panel_sessions').column('expires_at').execute();

  await db.schema
    .createTable('panel_audit')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('at', bigint, (c) => c.notNull())
    .addColumn('server_id', 'text', (c) => c.notNull())
    .addColumn('driver', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('panel_audit_server_at').on('panel_audit').columns(['server_id', 'at']).execute();

  await db.schema
    .createTable('panel_connect_failures')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('panel_connect_failures_ip_at').on('panel_connect_failures').columns(['client_ip', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('panel_connect_failures').execute();
  await db.schema.dropTable('panel_audit').execute();
  await db.schema.dropTable('panel_sessions').execute();
}
