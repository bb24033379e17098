import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { ConversationView } from '../../contracts/support-rules.ts';
import { containsPattern } from '../contact/contact-repository.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { SupportConversationsTable, SupportMessagesTable } from './support-tables.ts';

export type Db = Kysely<Database> | Transaction<Database>;

export type Conversation = {
  id: string;
  visitorId: string;
  origin: SupportConversationsTable['origin'];
  state: SupportConversationsTable['state'];
  subject: string | null;
  name: string | null;
  email: string | null;
  page: string | null;
  assistantQuestion: string | null;
  serverId: string | null;
  serverName: string | null;
  panelSessionHash: string | null;
  ip: string | null;
  userAgent: string | null;
  contactMessageId: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  firstAnswerAt: number | null;
  firstAnswerBy: string | null;
  firstAnswerName: string | null;
  resolvedAt: number | null;
  resolvedBy: string | null;
  reopened: number;
  rating: number | null;
  ratingComment: string | null;
  ratedAt: number | null;
  staffReadUpTo: number;
  visitorReadUpTo: number;
  teamNotifiedAt: number | null;
  lastMessageAt: number;
  preview: string;
  visitorPreview: string;
  createdAt: number;
  updatedAt: number;
};

export type Message = {
  id: number;
  conversationId: string;
  kind: SupportMessagesTable['kind'];
  author: SupportMessagesTable['author'];
  staffId: string | null;
  authorName: string | null;
  body: string;
  clientId: string | null;
  createdAt: number;
  emailedAt: number | null;
};

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

export const toConversation = (r: Selectable<SupportConversationsTable>): Conversation => ({
  id: r.id,
  visitorId: r.visitor_id,
  origin: r.origin,
  state: r.state,
  subject: r.subject,
  name: r.name,
  email: r.email,
  page: r.page,
  assistantQuestion: r.assistant_question,
  serverId: r.server_id,
  serverName: r.server_name,
  panelSessionHash: r.panel_session_hash,
  ip: r.ip,
  userAgent: r.user_agent,
  contactMessageId: r.contact_message_id,
  assigneeId: r.assignee_id,
  assigneeName: r.assignee_name,
  firstAnswerAt: num(r.first_answer_at),
  firstAnswerBy: r.first_answer_by,
  firstAnswerName: r.first_answer_name,
  resolvedAt: num(r.resolved_at),
  resolvedBy: r.resolved_by,
  reopened: Number(r.reopened),
  rating: num(r.rating),
  ratingComment: r.rating_comment,
  ratedAt: num(r.rated_at),
  staffReadUpTo: Number(r.staff_read_up_to),
  visitorReadUpTo: Number(r.visitor_read_up_to),
  teamNotifiedAt: num(r.team_notified_at),
  lastMessageAt: Number(r.last_message_at),
  preview: r.preview,
  visitorPreview: r.visitor_preview,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export const toMessage = (r: Selectable<SupportMessagesTable>): Message => ({
  id: Number(r.id),
  conversationId: r.conversation_id,
  kind: r.kind,
  author: r.author,
  staffId: r.staff_id,
  authorName: r.author_name,
  body: r.body,
  clientId: r.client_id,
  createdAt: Number(r.created_at),
  emailedAt: num(r.emailed_at),
});

/** A message's first 200 characters, on one line, for lists. */
export function previewOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 200 ? line : `${line.slice(0, 199)}…`;
}

export type NewConversation = Omit<
  Conversation,
  | 'assigneeId'
  | 'assigneeName'
  | 'firstAnswerAt'
  | 'firstAnswerBy'
  | 'firstAnswerName'
  | 'resolvedAt'
  | 'resolvedBy'
  | 'reopened'
  | 'rating'
  | 'ratingComment'
  | 'ratedAt'
  | 'staffReadUpTo'
  | 'visitorReadUpTo'
  | 'teamNotifiedAt'
  | 'lastMessageAt'
  | 'preview'
  | 'visitorPreview'
  | 'updatedAt'
  | 'state'
>;

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

/** Adds a message or note and moves the conversation's activity, previews and read mark of its author. */
export async function insertMessage(trx: Transaction<Database>, m: Omit<Message, 'id' | 'emailedAt'>): Promise<Message> {
  const row = await trx
    .insertInto('support_messages')
    .values({
      conversation_id: m.conversationId,
      kind: m.kind,
      author: m.author,
      staff_id: m.staffId,
      author_name: m.authorName,
      body: m.body,
      client_id: m.clientId,
      created_at: m.createdAt,
      emailed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const message = toMessage(row);
  const preview = previewOf(m.body);
  await trx
    .updateTable('support_conversations')
    .set({
      last_message_at: m.createdAt,
      updated_at: m.createdAt,
      preview,
      ...(m.kind === 'message' ? { visitor_preview: preview } : {}),
      // Writing is reading what came before.
      ...(m.author === 'visitor' ? { visitor_read_up_to: message.id } : {}),
      ...(m.author === 'staff' ? { staff_read_up_to: message.id } : {}),
    })
    .where('id', '=', m.conversationId)
    .execute();
  return message;
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

export async function updateConversation(db: Db, id: string, set: Partial<Selectable<SupportConversationsTable>>): Promise<void> {
  await db.updateTable('support_conversations').set(set).where('id', '=', id).execute();
}

export async function findMessage(db: Db, id: number): Promise<Message | undefined> {
  const row = await db.selectFrom('support_messages').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toMessage(row) : undefined;
}

export async function messageByClientId(db: Db, conversationId: string, clientId: string): Promise<Message | undefined> {
  const row = await db
    .selectFrom('support_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row ? toMessage(row) : undefined;
}

/** Oldest first; without notes when `visibleOnly`. */
export async function messagesOf(db: Db, conversationId: string, options: { visibleOnly: boolean }): Promise<Message[]> {
  let query = db.selectFrom('support_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id');
  if (options.visibleOnly) query = query.where('kind', '=', 'message');
  return (await query.execute()).map(toMessage);
}

/** Messages of one author in a conversation since `since` (the per-conversation rate limit), and in all. */
export async function messageCounts(db: Db, conversationId: string, since: number): Promise<{ recentFromVisitor: number; total: number }> {
  const row = await db
    .selectFrom('support_messages')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb('author', '=', 'visitor'), eb('created_at', '>=', since)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('recent'),
    ])
    .where('conversation_id', '=', conversationId)
    .executeTakeFirstOrThrow();
  return { recentFromVisitor: Number(row.recent ?? 0), total: Number(row.total) };
}

/** A visitor's conversations, newest activity first, with their unread team messages. */
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
    .where('c.visitor_id', '=', visitorId)
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

// ----- The console's inbox -----

export interface InboxFilter {
  view: ConversationView;
  origin?: 'chat' | 'contact' | undefined;
  words: readonly string[];
  me: string;
  dialect: Dialect;
}

type ConversationsEb = ExpressionBuilder<Database, 'support_conversations'>;

function unreadCount(eb: ConversationsEb) {
  return eb
    .selectFrom('support_messages as u')
    .select((u) => u.fn.countAll<number | string>().as('n'))
    .whereRef('u.conversation_id', '=', 'support_conversations.id')
    .where('u.author', '=', 'visitor')
    .whereRef('u.id', '>', 'support_conversations.staff_read_up_to');
}

function matching(eb: ConversationsEb, filter: InboxFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  const c = 'support_conversations';
  if (filter.view === 'open' || filter.view === 'waiting' || filter.view === 'resolved') conditions.push(eb(`${c}.state`, '=', filter.view));
  if (filter.view === 'mine') conditions.push(eb(`${c}.assignee_id`, '=', filter.me));
  if (filter.view === 'unassigned') conditions.push(eb.and([eb(`${c}.assignee_id`, 'is', null), eb(`${c}.state`, '!=', 'resolved')]));
  if (filter.view === 'unread') conditions.push(eb(unreadCount(eb), '>', 0));
  if (filter.origin) conditions.push(eb(`${c}.origin`, '=', filter.origin));
  const operator = filter.dialect === 'postgres' ? 'ilike' : 'like';
  for (const word of filter.words) {
    const pattern = sql<string>`${containsPattern(word)} escape '\\'`;
    conditions.push(
      eb.or([
        eb(`${c}.name`, operator, pattern),
        eb(`${c}.email`, operator, pattern),
        eb(`${c}.subject`, operator, pattern),
        eb.exists(eb.selectFrom('support_messages as s').select('s.id').whereRef('s.conversation_id', '=', `${c}.id`).where('s.body', operator, pattern)),
      ]),
    );
  }
  return eb.and(conditions);
}

/** One page of the inbox, newest activity first (ties by id); reads one more row than `limit`. */
export async function listConversations(
  db: Db,
  filter: InboxFilter & { limit: number; before?: { at: number; id: string } | undefined },
): Promise<Array<Conversation & { unread: number }>> {
  let query = db
    .selectFrom('support_conversations')
    .selectAll()
    .select((eb) => unreadCount(eb).as('unread'))
    .where((eb) => matching(eb, filter))
    .orderBy('last_message_at', 'desc')
    .orderBy('id')
    .limit(filter.limit);
  const before = filter.before;
  if (before) {
    query = query.where((eb) => eb.or([eb('last_message_at', '<', before.at), eb.and([eb('last_message_at', '=', before.at), eb('id', '>', before.id)])]));
  }
  return (await query.execute()).map((r) => ({ ...toConversation(r), unread: Number(r.unread ?? 0) }));
}

export async function unreadOf(db: Db, conversationId: string): Promise<number> {
  const row = await db
    .selectFrom('support_conversations')
    .select((eb) => unreadCount(eb).as('unread'))
    .where('id', '=', conversationId)
    .executeTakeFirst();
  return Number(row?.unread ?? 0);
}

export async function inboxCounts(db: Db, me: string): Promise<{ open: number; waiting: number; unassigned: number; mine: number; unread: number }> {
  const row = await db
    .selectFrom('support_conversations')
    .select((eb) => {
      const count = (condition: Expression<SqlBool>) => eb.fn.sum<number | string | null>(eb.case().when(condition).then(1).else(0).end());
      return [
        count(eb('state', '=', 'open')).as('open'),
        count(eb('state', '=', 'waiting')).as('waiting'),
        count(eb.and([eb('assignee_id', 'is', null), eb('state', '!=', 'resolved')])).as('unassigned'),
        count(eb.and([eb('assignee_id', '=', me), eb('state', '!=', 'resolved')])).as('mine'),
        count(eb(unreadCount(eb), '>', 0)).as('unread'),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    open: Number(row.open ?? 0),
    waiting: Number(row.waiting ?? 0),
    unassigned: Number(row.unassigned ?? 0),
    mine: Number(row.mine ?? 0),
    unread: Number(row.unread ?? 0),
  };
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
