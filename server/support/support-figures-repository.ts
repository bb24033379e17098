import type { Db } from '../db/schema.ts';

// The conversations the desk's figures are computed from (support-figures.ts).

/** What the figures are computed from: one row per conversation. */
export interface FigureRow {
  origin: string;
  createdAt: number;
  firstAnswerAt: number | null;
  firstAnswerBy: string | null;
  firstAnswerName: string | null;
  state: string;
  reopened: number;
  rating: number | null;
}

export async function figureRowsSince(db: Db, since: number): Promise<FigureRow[]> {
  const rows = await db
    .selectFrom('support_conversations')
    .select(['origin', 'created_at', 'first_answer_at', 'first_answer_by', 'first_answer_name', 'state', 'reopened', 'rating'])
    .where('created_at', '>=', since)
    .execute();
  return rows.map((r) => ({
    origin: r.origin,
    createdAt: Number(r.created_at),
    firstAnswerAt: r.first_answer_at === null ? null : Number(r.first_answer_at),
    firstAnswerBy: r.first_answer_by,
    firstAnswerName: r.first_answer_name,
    state: r.state,
    reopened: Number(r.reopened),
    rating: r.rating === null ? null : Number(r.rating),
  }));
}
