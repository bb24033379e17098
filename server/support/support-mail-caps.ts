import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { dayMs } from '../../contracts/time-units.ts';
import { lockConversation } from './support-conversations-repository.ts';
import { lockRecipient, mailCountSince, queueMail } from './support-mail-repository.ts';
import type { SupportMailKind } from './support-tables.ts';

/** Mail of one kind a visitor may ask for in a day: per conversation and per recipient (docs/decisions.md 72). */
export interface DailyCaps {
  perConversation: number;
  perRecipient: number;
}

/** Why a capped mail was not queued: whose allowance is used up, and when the oldest counted mail leaves the day. */
export interface CapRefusal {
  by: 'conversation' | 'recipient';
  max: number;
  retryAfterSeconds: number;
}

/**
 * Queues a mail a visitor asked for unless the conversation or the recipient had their day's
 * allowance of that kind already. Counted and queued in one transaction; on PostgreSQL the
 * conversation's row and the recipient (an advisory lock) are held, so requests at once, from
 * many conversations or instances, count against one allowance (as subscriptions' confirmations
 * do, server/subscriptions/subscriptions-repository.ts).
 */
export async function queueCappedMail(
  db: Kysely<Database>,
  dialect: Dialect,
  mail: { kind: SupportMailKind; conversationId: string; to: string; subject: string; text: string },
  caps: DailyCaps,
  options: { now: number; maxAgeMs: number },
): Promise<CapRefusal | undefined> {
  const { now } = options;
  const recipient = mail.to.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await lockConversation(trx, dialect, mail.conversationId);
      await lockRecipient(trx, recipient);
    }
    const counted = (by: 'conversation' | 'recipient') =>
      mailCountSince(trx, mail.kind, by === 'conversation' ? { conversationId: mail.conversationId } : { recipient }, now - dayMs);
    for (const [by, max] of [
      ['conversation', caps.perConversation],
      ['recipient', caps.perRecipient],
    ] as const) {
      const row = await counted(by);
      if (row.count >= max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((row.oldest + dayMs - now) / 1000));
        return { by, max, retryAfterSeconds };
      }
    }
    await queueMail(trx, mail, now, options.maxAgeMs);
    return undefined;
  });
}
