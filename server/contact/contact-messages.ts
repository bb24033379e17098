import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ContactMessageInput } from '../../src/lib/contact-rules.ts';
import type { Database } from '../db/schema.ts';
import { insertMessage, type ContactMessageRow } from './contact-repository.ts';
import type { ContactChannelName } from './contact-tables.ts';

/**
 * Stores a checked message with a pending delivery for each channel; returns its id. Once this
 * returns, the outbox delivers it whatever happens to the process.
 */
export async function storeContactMessage(
  db: Kysely<Database>,
  input: ContactMessageInput,
  meta: { ip: string; userAgent: string | undefined },
  channels: readonly ContactChannelName[],
  maxAgeMs: number,
  now = Date.now(),
): Promise<ContactMessageRow> {
  const row: ContactMessageRow = {
    id: randomUUID(),
    ...input,
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 512) ?? null,
    created_at: now,
  };
  await insertMessage(db, row, channels, now + maxAgeMs);
  return row;
}
