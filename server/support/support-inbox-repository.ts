import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ConversationView } from '../../contracts/support-rules.ts';
import { containsPattern } from '../db/like-pattern.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { type Conversation, toConversation } from './support-records.ts';
import type { Db } from '../db/schema.ts';

/** The console's inbox in SQL: filters, search, pages, unread counts. */

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
