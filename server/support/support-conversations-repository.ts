import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database, Db } from '../db/schema.ts';
import { insertMessage } from './support-messages-repository.ts';
import { type Conversation, type Message, type NewConversation, previewOf, toConversation } from './support-records.ts';
import type { SupportConversationsTable } from './support-tables.ts';

// The desk's conversations: started, found, changed, listed for their visitor, purged, announced.

/** Stores a new conversation (open, nobody's yet) with its first message from the visitor. */
export async function insertConversation(trx: Transaction<Database>, c: NewConversation, text: string, clientId: string | null): Promise<Message> {
  await trx
    .insertInto('support_conversations')
    .values({
      id: c.id,
      visitor_id: c.visitorId,
      origin: c.origin,
      state: 'open',
      subject: c.subject,
      name: c.name,
      email: c.email,
      page: c.page,
      assistant_question: c.assistantQuestion,
      server_id: c.serverId,
      server_name: c.serverName,
      panel_session_hash: c.panelSessionHash,
      ip: c.ip,
      user_agent: c.userAgent,
      contact_message_id: c.contactMessageId,
      reopened: 0,
      staff_read_up_to: 0,
      visitor_read_up_to: 0,
      last_message_at: c.createdAt,
      preview: previewOf(text),
      visitor_preview: previewOf(text),
      created_at: c.createdAt,
      updated_at: c.createdAt,
    })
    .execute();
  return insertMessage(trx, {
    conversationId: c.id,
    kind: 'message',
    author: 'visitor',
    staffId: null,
    authorName: c.name,
    body: text,
    clientId,
    createdAt: c.createdAt,
  });
}

export async function findConversation(db: Db, id: string): Promise<Conversation | undefined> {
  const row = await db.selectFrom('support_conversations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toConversation(row) : undefined;
}

/** The conversation for update (PostgreSQL locks the row: changes to one conversation queue up). */
export async function lockConversation(trx: Transaction<Database>, dialect: Dialect, id: string): Promise<Conversation | undefined> {
  let query = trx.selectFrom('support_conversations').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toConversation(row) : undefined;
}

/** Sets the given columns (nothing to set: nothing happens; SQL has no empty SET). */
export async function updateConversation(db: Db, id: string, set: Partial<Selectable<SupportConversationsTable>>): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db.updateTable('support_conversations').set(set).where('id', '=', id).execute();
}

/** Marks the conversation's address proven, if it still is `email` and was not proven yet: false otherwise. */
export async function proveAddress(db: Db, id: string, email: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('support_conversations')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', id)
    .where('email', '=', email)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A visitor's conversations (their own and those continue links granted them), newest activity first, with their unread team messages. */
export async function conversationsOfVisitor(db: Db, visitorId: string): Promise<Array<Conversation & { unread: number }>> {
  const rows = await db
    .selectFrom('support_conversations as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('support_messages as m')
        .select((m) => m.fn.countAll<number | string>().as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .where('m.kind', '=', 'message')
        .where('m.author', '!=', 'visitor')
        .whereRef('m.id', '>', 'c.visitor_read_up_to')
        .as('unread'),
    )
    .where((eb) =>
      eb.or([
        eb('c.visitor_id', '=', visitorId),
        eb('c.id', 'in', eb.selectFrom('support_conversation_grants as g').select('g.conversation_id').where('g.visitor_id', '=', visitorId)),
      ]),
    )
    .orderBy('c.last_message_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({ ...toConversation(r), unread: Number(r.unread ?? 0) }));
}

export async function openConversationCount(db: Db, visitorId: string): Promise<number> {
  const row = await db
    .selectFrom('support_conversations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('visitor_id', '=', visitorId)
    .where('state', '!=', 'resolved')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes resolved conversations whose last activity is before `before` (messages cascade); open ones stay. */
export async function purgeConversations(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('support_conversations').where('state', '=', 'resolved').where('last_message_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Chats nobody of the team answered, started between `from` and `to`, not announced yet. */
export async function unansweredChats(db: Db, from: number, to: number): Promise<Conversation[]> {
  const rows = await db
    .selectFrom('support_conversations')
    .selectAll()
    .where('origin', '=', 'chat')
    .where('state', '!=', 'resolved')
    .where('first_answer_at', 'is', null)
    .where('team_notified_at', 'is', null)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .orderBy('created_at')
    .limit(100)
    .execute();
  return rows.map(toConversation);
}

/** Marks the team told about a conversation, once: false when another instance did it first. */
export async function markTeamNotified(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('support_conversations')
    .set({ team_notified_at: now })
    .where('id', '=', id)
    .where('team_notified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a read mark forward (never back, never past the newest message); the mark now, or undefined if it did not move. */
export async function markRead(db: Db, id: string, who: 'visitor' | 'staff', upTo: number): Promise<number | undefined> {
  const newest = await db
    .selectFrom('support_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('conversation_id', '=', id)
    .executeTakeFirst();
  const mark = Math.min(upTo, Number(newest?.id ?? 0));
  const column = who === 'visitor' ? 'visitor_read_up_to' : 'staff_read_up_to';
  const result = await db
    .updateTable('support_conversations')
    .set({ [column]: mark })
    .where('id', '=', id)
    .where(column, '<', mark)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? mark : undefined;
}
