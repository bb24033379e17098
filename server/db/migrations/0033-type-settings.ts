import type { Kysely } from 'kysely';

/**
 * The settings of a monitor's type and of an alert channel's kind (docs/decisions.md 114): each
 * type or kind (server/status/monitor-types/, server/alerts/channel-kinds/) declares its own
 * settings beyond the columns every monitor or channel has, kept here as JSON ('{}' when it
 * has none), so adding a type or a kind needs no new column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('status_monitor')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('alert_channel')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alert_channel').dropColumn('settings').execute();
  await db.schema.alterTable('status_monitor').dropColumn('settings').execute();
}
