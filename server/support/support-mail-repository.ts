import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database, Db } from '../db/schema.ts';
import { claimDue, type DeliveryState, type OutboxQueue, pendingDelivery, toDeliveryState } from '../outbox/outbox-repository.ts';
import { lockConversation } from './support-conversations-repository.ts';
import { type Message, toMessage } from './support-records.ts';
import type { SupportMailDeliveriesTable, SupportMailKind } from './support-tables.ts';

/** One mail of the desk's queue, as the outbox claims it. */
export interface SupportMail extends DeliveryState {
  id: number;
  channel: 'email';
  kind: SupportMailKind;
  conversationId: string | null;
  to: string;
  subject: string;
  text: string;
}

const toMail = (r: Selectable<SupportMailDeliveriesTable>): SupportMail => ({
  id: Number(r.id),
  channel: r.channel,
  kind: r.kind,
  conversationId: r.conversation_id,
  to: r.to_address,
  subject: r.subject,
  text: r.body,
  ...toDeliveryState(r),
});

export const supportMailQueue: OutboxQueue<SupportMail, 'support_mail_attempts'> = {
  deliveries: 'support_mail_deliveries',
  attempts: 'support_mail_attempts',
  attemptOwner: (mail) => ({ delivery_id: mail.id }),
};

/** Queues one mail, due now, tried for `maxAgeMs`. */
export async function queueMail(
  db: Kysely<Database> | Transaction<Database>,
  mail: { kind: SupportMailKind; conversationId: string | null; to: string; subject: string; text: string },
  now: number,
  maxAgeMs: number,
): Promise<void> {
  await db
    .insertInto('support_mail_deliveries')
    .values({
      kind: mail.kind,
      conversation_id: mail.conversationId,
      to_address: mail.to,
      subject: mail.subject,
      body: mail.text,
      channel: 'email',
      ...pendingDelivery(now, now + maxAgeMs),
    })
    .execute();
}

export async function claimDueMail(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { now: number; limit: number; leaseMs: number; worker: string },
): Promise<SupportMail[]> {
  return claimDue(db, dialect, 'support_mail_deliveries', { ...options, channel: 'email' }, async (trx, ids) =>
    (await trx.selectFrom('support_mail_deliveries').selectAll().where('id', 'in', ids).orderBy('id').execute()).map(toMail),
  );
}

/** Conversations with staff replies written between `from` and `to` that nobody mailed yet (the visitor gave an address). */
export async function conversationsWithUnmailedReplies(db: Kysely<Database>, from: number, to: number): Promise<string[]> {
  const rows = await db
    .selectFrom('support_messages as m')
    .innerJoin('support_conversations as c', 'c.id', 'm.conversation_id')
    .select('m.conversation_id')
    .distinct()
    .where('m.author', '=', 'staff')
    .where('m.kind', '=', 'message')
    .where('m.emailed_at', 'is', null)
    .where('m.created_at', '>=', from)
    .where('m.created_at', '<=', to)
    .where('c.email', 'is not', null)
    .whereRef('m.id', '>', 'c.visitor_read_up_to')
    .execute();
  return rows.map((r) => r.conversation_id);
}

/**
 * In one transaction, with the conversation locked: the staff replies written up to `to` that
 * the visitor has not seen and nobody mailed, marked mailed now; and `write` is called with
 * them to queue their mail. Another instance doing the same finds them marked.
 */
export async function takeUnmailedReplies(
  db: Kysely<Database>,
  dialect: Dialect,
  conversationId: string,
  window: { from: number; to: number; now: number },
  write: (trx: Transaction<Database>, email: string, replies: Message[]) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const conversation = await lockConversation(trx, dialect, conversationId);
    if (!conversation?.email) return 0;
    const replies = (
      await trx
        .selectFrom('support_messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .where('author', '=', 'staff')
        .where('kind', '=', 'message')
        .where('emailed_at', 'is', null)
        .where('created_at', '>=', window.from)
        .where('created_at', '<=', window.to)
        .where('id', '>', conversation.visitorReadUpTo)
        .orderBy('id')
        .execute()
    ).map(toMessage);
    if (replies.length === 0) return 0;
    await trx
      .updateTable('support_messages')
      .set({ emailed_at: window.now })
      .where(
        'id',
        'in',
        replies.map((r) => r.id),
      )
      .execute();
    await write(trx, conversation.email, replies);
    return replies.length;
  });
}

/** Deletes mail delivered or failed before `before`; pending mail stays. */
export async function purgeMail(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('support_mail_deliveries').where('status', '!=', 'pending').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Holds a recipient's mail allowance for the transaction (PostgreSQL: an advisory lock on the lower-cased address). */
export async function lockRecipient(trx: Transaction<Database>, recipient: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`hostfront support mail ${recipient}`}, 0))`.execute(trx);
}

/** Mail of a kind queued after `since` for one conversation or one recipient (lower-cased), and when the oldest was. */
export async function mailCountSince(
  db: Db,
  kind: SupportMailKind,
  whose: { conversationId: string } | { recipient: string },
  since: number,
): Promise<{ count: number; oldest: number }> {
  let query = db
    .selectFrom('support_mail_deliveries')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('kind', '=', kind)
    .where('created_at', '>', since);
  query =
    'conversationId' in whose ? query.where('conversation_id', '=', whose.conversationId) : query.where(sql<string>`lower(to_address)`, '=', whose.recipient);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: Number(row.oldest) };
}
