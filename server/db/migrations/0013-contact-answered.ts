import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * A contact message can be marked answered in the staff console: when, and by whom (the staff
 * member's e-mail as it was then, with no foreign key, so removing an account keeps the record,
 * as the audit log keeps its labels). Null while unanswered.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { bigint } = columnTypes(dialect);
  await db.schema.alterTable('contact_messages').addColumn('answered_at', bigint).execute();
  await db.schema.alterTable('contact_messages').addColumn('answered_by', 'text').execute();
  // The console's count of unanswered messages, on every navigation.
  await db.schema.createIndex('contact_messages_answered_at').on('contact_messages').column('answered_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_messages_answered_at').execute();
  await db.schema.alterTable('contact_messages').dropColumn('answered_by').execute();
  await db.schema.alterTable('contact_messages').dropColumn('answered_at').execute();
}
