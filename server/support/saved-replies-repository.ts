import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { SupportSavedRepliesTable } from './support-tables.ts';

export interface SavedReplyRow {
  id: string;
  title: string;
  text: string;
  createdBy: string | null;
  updatedAt: number;
}

const toReply = (r: Selectable<SupportSavedRepliesTable>): SavedReplyRow => ({
  id: r.id,
  title: r.title,
  text: r.body,
  createdBy: r.created_by,
  updatedAt: Number(r.updated_at),
});

export async function listSavedReplies(db: Db): Promise<SavedReplyRow[]> {
  return (await db.selectFrom('support_saved_replies').selectAll().orderBy('title').orderBy('id').execute()).map(toReply);
}

export async function insertSavedReply(db: Db, reply: { id: string; title: string; text: string; createdBy: string; now: number }): Promise<SavedReplyRow> {
  const row = await db
    .insertInto('support_saved_replies')
    .values({ id: reply.id, title: reply.title, body: reply.text, created_by: reply.createdBy, created_at: reply.now, updated_at: reply.now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toReply(row);
}

export async function updateSavedReply(db: Db, id: string, reply: { title: string; text: string; now: number }): Promise<SavedReplyRow | undefined> {
  const row = await db
    .updateTable('support_saved_replies')
    .set({ title: reply.title, body: reply.text, updated_at: reply.now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toReply(row) : undefined;
}

export async function deleteSavedReply(db: Db, id: string): Promise<SavedReplyRow | undefined> {
  const row = await db.deleteFrom('support_saved_replies').where('id', '=', id).returningAll().executeTakeFirst();
  return row ? toReply(row) : undefined;
}
