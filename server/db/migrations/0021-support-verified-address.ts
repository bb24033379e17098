import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The support desk's mail to a visitor goes only to a proven address (docs/decisions.md 72):
 * when the conversation's address was proven (a link mailed to it was opened). A continue link
 * grants its conversation to the browser that opens it, beside the browser's own
 * (docs/decisions.md 73): one row per browser and granted conversation, gone with the
 * conversation. The mail queue is counted per recipient for the daily caps.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { bigint } = columnTypes(dialect);
  await db.schema.alterTable('support_conversations').addColumn('email_verified_at', bigint).execute();

  await db.schema
    .createTable('support_conversation_grants')
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'varchar(36)', (c) => c.notNull().references('support_conversations.id').onDelete('cascade'))
    .addColumn('granted_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('support_conversation_grants_pk', ['visitor_id', 'conversation_id'])
    .execute();
  await db.schema.createIndex('support_conversation_grants_conversation').on('support_conversation_grants').column('conversation_id').execute();

  await db.schema.createIndex('support_mail_deliveries_kind_created').on('support_mail_deliveries').columns(['kind', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('support_mail_deliveries_kind_created').execute();
  await db.schema.dropTable('support_conversation_grants').execute();
  await db.schema.alterTable('support_conversations').dropColumn('email_verified_at').execute();
}
