import type { Db } from '../db/schema.ts';

// The conversations continue links granted to browsers, beside their own (docs/decisions.md 73).

/** Grants the conversation to the browser; granted already: nothing changes. */
export async function grantConversation(db: Db, visitorId: string, conversationId: string, now: number): Promise<void> {
  await db
    .insertInto('support_conversation_grants')
    .values({ visitor_id: visitorId, conversation_id: conversationId, granted_at: now })
    .onConflict((oc) => oc.columns(['visitor_id', 'conversation_id']).doNothing())
    .execute();
}

export async function isGranted(db: Db, visitorId: string, conversationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('support_conversation_grants')
    .select('conversation_id')
    .where('visitor_id', '=', visitorId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return row !== undefined;
}
