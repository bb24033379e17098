import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ContactMessageInput } from '../../contracts/contact-rules.ts';
import type { Database } from '../db/schema.ts';
import { retentionCutoff } from '../jobs/retention.ts';
import { insertMessage, purgeMessages, type ContactMessage } from './contact-repository.ts';
import type { ContactChannelName } from './contact-tables.ts';

/**
 * Stores a checked message with a pending delivery for each channel; returns it. Once this
 * returns, the outbox delivers it whatever happens to the process.
 */
export async function storeContactMessage(
  db: Kysely<Database>,
  input: ContactMessageInput,
  meta: { ip: string; userAgent: string | undefined },
  channels: readonly ContactChannelName[],
  maxAgeMs: number,
  now = Date.now(),
): Promise<ContactMessage> {
  const message: ContactMessage = {
    id: randomUUID(),
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
  };
  await insertMessage(db, message, channels, now + maxAgeMs);
  return message;
}

/**
 * Deletes delivered and stored-only messages older than `days` days (undelivered ones stay):
 * the retention job and `npm run contact -- purge` both call this.
 */
export function purgeOldMessages(db: Kysely<Database>, days: number, now = Date.now()): Promise<{ deleted: number; kept: number }> {
  return purgeMessages(db, retentionCutoff(days, now));
}
