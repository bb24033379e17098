import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Customer accounts (docs/decisions.md 75-78): the accounts, their sessions, e-mail sign-in
 * links and the requests for them (the throttle), passkeys and their challenges, and the
 * OpenID Connect sign-ins under way. Secrets are kept only as their sha256.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('customer_account')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('email_verified', 'integer', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('subject', 'text', (c) => c.unique())
    .addColumn('user_handle', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_sign_in_at', bigint)
    .execute();
  // One account per verified address; an unverified one (from the portal) may repeat.
  await db.schema
    .createIndex('customer_account_verified_email')
    .on('customer_account')
    .column('email')
    .unique()
    .where(sql.ref('email_verified'), '=', 1)
    .execute();

  await db.schema
    .createTable('customer_session')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('customer_id', 'varchar(36)', (c) => c.notNull().references('customer_account.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_seen_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('customer_session_customer').on('customer_session').column('customer_id').execute();
  await db.schema.createIndex('customer_session_expires_at').on('customer_session').column('expires_at').execute();

  await db.schema
    .createTable('customer_email_link')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('used_at', bigint)
    .execute();
  await db.schema.createIndex('customer_email_link_created_at').on('customer_email_link').column('created_at').execute();

  await db.schema
    .createTable('customer_link_request')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('email_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_link_request_email').on('customer_link_request').columns(['email_hash', 'at']).execute();
  await db.schema.createIndex('customer_link_request_client').on('customer_link_request').columns(['client_key', 'at']).execute();

  await db.schema
    .createTable('customer_passkey')
    .addColumn('id', 'varchar(1400)', (c) => c.primaryKey())
    .addColumn('customer_id', 'varchar(36)', (c) => c.notNull().references('customer_account.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', bigint, (c) => c.notNull())
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('synced', 'integer', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_used_at', bigint)
    .execute();
  await db.schema.createIndex('customer_passkey_customer').on('customer_passkey').column('customer_id').execute();

  await db.schema
    .createTable('customer_challenge')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('challenge', 'varchar(128)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('customer_id', 'varchar(36)')
    .addColumn('session_hash', 'varchar(64)')
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_challenge_expires_at').on('customer_challenge').column('expires_at').execute();

  await db.schema
    .createTable('customer_oidc_flow')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('state', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('return_to', 'text')
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_oidc_flow_expires_at').on('customer_oidc_flow').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'customer_oidc_flow',
    'customer_challenge',
    'customer_passkey',
    'customer_link_request',
    'customer_email_link',
    'customer_session',
    'customer_account',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
