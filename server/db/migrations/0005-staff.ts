import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/** The staff capability's tables: accounts, passkeys, enrolment links, sessions, challenges, failures. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('staff_accounts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text')
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_handle', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('disabled_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_sign_in_at', bigint)
    .execute();

  await db.schema
    .createTable('staff_passkeys')
    .addColumn('id', 'varchar(1400)', (c) => c.primaryKey())
    .addColumn('staff_id', 'varchar(36)', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', bigint, (c) => c.notNull())
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('synced', 'integer', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_used_at', bigint)
    .execute();
  await db.schema.createIndex('staff_passkeys_staff').on('staff_passkeys').column('staff_id').execute();

  await db.schema
    .createTable('staff_enrolments')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('staff_id', 'varchar(36)', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('used_at', bigint)
    .execute();
  await db.schema.createIndex('staff_enrolments_staff').on('staff_enrolments').column('staff_id').execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('staff_id', 'varchar(36)', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_seen_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();
  await db.schema.createIndex('staff_sessions_expires_at').on('staff_sessions').column('expires_at').execute();

  await db.schema
    .createTable('staff_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('challenge', 'varchar(128)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('staff_id', 'varchar(36)')
    .addColumn('session_hash', 'varchar(64)')
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_challenges_expires_at').on('staff_challenges').column('expires_at').execute();

  await db.schema
    .createTable('staff_auth_failures')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_auth_failures_ip_at').on('staff_auth_failures').columns(['client_ip', 'at']).execute();
  await db.schema.createIndex('staff_auth_failures_at').on('staff_auth_failures').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['staff_auth_failures', 'staff_challenges', 'staff_sessions', 'staff_enrolments', 'staff_passkeys', 'staff_accounts']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
