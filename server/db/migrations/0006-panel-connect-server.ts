import type { Kysely } from 'kysely';

/** Failed panel connects also remember the server id tried, for the per-server cap. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('panel_connect_failures').addColumn('server_id', 'text').execute();
  await db.schema.createIndex('panel_connect_failures_server_at').on('panel_connect_failures').columns(['server_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('panel_connect_failures_server_at').execute();
  await db.schema.alterTable('panel_connect_failures').dropColumn('server_id').execute();
}
