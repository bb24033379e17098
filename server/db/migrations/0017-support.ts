import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The support desk (docs/decisions.md 42): conversations and their messages and notes, the
 * team's availability and open consoles, saved replies, and the desk's mail queue (the outbox's
 * columns). Every contact message stored so far becomes a conversation (same id) with its text
 * as the visitor's first message; one marked answered is resolved, with a line saying so.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const { serial, bigint } = columnTypes(dialect);
  await db.schema
    .createTable('support_conversations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('origin', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('page', 'text')
    .addColumn('assistant_question', 'text')
    .addColumn('server_id', 'text')
    .addColumn('server_name', 'text')
    .addColumn('panel_session_hash', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('contact_message_id', 'varchar(36)')
    .addColumn('assignee_id', 'text')
    .addColumn('assignee_name', 'text')
    .addColumn('first_answer_at', bigint)
    .addColumn('first_answer_by', 'text')
    .addColumn('first_answer_name', 'text')
    .addColumn('resolved_at', bigint)
    .addColumn('resolved_by', 'text')
    .addColumn('reopened', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating', 'integer')
    .addColumn('rating_comment', 'text')
    .addColumn('rated_at', bigint)
    .addColumn('staff_read_up_to', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('visitor_read_up_to', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('team_notified_at', bigint)
    .addColumn('last_message_at', bigint, (c) => c.notNull())
    .addColumn('preview', 'text', (c) => c.notNull())
    .addColumn('visitor_preview', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_conversations_visitor').on('support_conversations').column('visitor_id').execute();
  await db.schema.createIndex('support_conversations_activity').on('support_conversations').columns(['last_message_at', 'id']).execute();
  await db.schema.createIndex('support_conversations_created').on('support_conversations').column('created_at').execute();
  await db.schema.createIndex('support_conversations_state').on('support_conversations').column('state').execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('conversation_id', 'varchar(36)', (c) => c.notNull().references('support_conversations.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('author', 'varchar(16)', (c) => c.notNull())
    .addColumn('staff_id', 'text')
    .addColumn('author_name', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('client_id', 'varchar(64)')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('emailed_at', bigint)
    .execute();
  await db.schema.createIndex('support_messages_conversation').on('support_messages').columns(['conversation_id', 'id']).execute();
  await db.schema.createIndex('support_messages_client').on('support_messages').columns(['conversation_id', 'client_id']).unique().execute();
  // The mailing job's question: staff messages not mailed yet, by age.
  await db.schema.createIndex('support_messages_unmailed').on('support_messages').columns(['author', 'emailed_at', 'created_at']).execute();

  await db.schema
    .createTable('support_availability')
    .addColumn('staff_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('available', 'integer', (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('support_console_presence')
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('support_console_presence_pk', ['instance_id', 'staff_id'])
    .execute();

  await db.schema
    .createTable('support_saved_replies')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('support_mail_deliveries')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('conversation_id', 'varchar(36)')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('claimed_until', bigint)
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_mail_deliveries_due').on('support_mail_deliveries').columns(['status', 'channel', 'next_attempt_at']).execute();

  await db.schema
    .createTable('support_mail_attempts')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('delivery_id', bigint, (c) => c.notNull().references('support_mail_deliveries.id').onDelete('cascade'))
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('started_at', bigint, (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('worker', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_mail_attempts_delivery').on('support_mail_attempts').column('delivery_id').execute();

  await migrateContactMessages(db);
}

/** Every contact message as a conversation: the same id, its text the first message, answered ones resolved. */
async function migrateContactMessages(db: Kysely<any>): Promise<void> {
  await sql`
    insert into support_conversations (id, visitor_id, origin, state, subject, name, email, ip, user_agent, contact_message_id,
      resolved_at, resolved_by, first_answer_at, staff_read_up_to, visitor_read_up_to, reopened, last_message_at, preview, visitor_preview, created_at, updated_at)
    select id, 'contact-' || id, 'contact', case when answered_at is null then 'open' else 'resolved' end, subject, name, email, ip, user_agent, id,
      answered_at, answered_by, null, 0, 0, 0, coalesce(answered_at, created_at), substr(message, 1, 200), substr(message, 1, 200), created_at, coalesce(answered_at, created_at)
    from contact_messages`.execute(db);
  await sql`
    insert into support_messages (conversation_id, kind, author, body, created_at)
    select id, 'message', 'visitor', message, created_at from contact_messages order by created_at, id`.execute(db);
  await sql`
    insert into support_messages (conversation_id, kind, author, author_name, body, created_at)
    select id, 'message', 'system', null, 'Answered by e-mail by ' || answered_by || '.', answered_at
    from contact_messages where answered_at is not null order by answered_at, id`.execute(db);
  // The team has read what was there.
  await sql`
    update support_conversations set staff_read_up_to = (select max(m.id) from support_messages m where m.conversation_id = support_conversations.id)
    where origin = 'contact'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'support_mail_attempts',
    'support_mail_deliveries',
    'support_saved_replies',
    'support_console_presence',
    'support_availability',
    'support_messages',
    'support_conversations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
