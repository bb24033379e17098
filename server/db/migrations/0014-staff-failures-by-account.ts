import type { Kysely } from 'kysely';

/**
 * Failed sign-ins are counted per client and per account, never in total (docs/decisions.md 11):
 * the client column holds the client's key (an IPv6 client by its /64) and a failure that
 * reached an account names it. No foreign key: a removed account's failures run out with the
 * window like the others.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_auth_failures').renameColumn('client_ip', 'client_key').execute();
  await db.schema.alterTable('staff_auth_failures').addColumn('staff_id', 'varchar(36)').execute();
  await db.schema.createIndex('staff_auth_failures_staff_at').on('staff_auth_failures').columns(['staff_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('staff_auth_failures_staff_at').execute();
  await db.schema.alterTable('staff_auth_failures').dropColumn('staff_id').execute();
  await db.schema.alterTable('staff_auth_failures').renameColumn('client_key', 'client_ip').execute();
}
