import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/schema.ts';
import { type Message, previewOf, toMessage } from './support-records.ts';

// A conversation's messages and notes.

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
