import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ContactMessageInput } from '../../contracts/contact-rules.ts';
import type { Database } from '../db/schema.ts';
import { retentionCutoff } from '../jobs/retention.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import { insertMessage, purgeMessages, type ClaimedDelivery, type ContactMessage } from './contact-repository.ts';
import type { ContactChannelName } from './contact-tables.ts';

/** The support desk, as the contact form uses it: a message is a conversation too (docs/decisions.md 42). */
export interface ContactConversations {
  /** Stores the message's conversation in the message's own transaction. */
  start(trx: Transaction<Database>, message: ContactMessage): Promise<void>;
  /** Tells the open consoles, once stored. */
  announce(id: string): Promise<void>;
}

/**
 * The contact capability's service: a visitor's message stored with a delivery for each
 * configured channel and handed to the outbox; old messages purged. The routes and the
 * retention job call it; the staff console's view of messages and their deliveries is ContactDeliveries (contact-deliveries.ts).
 */
export class ContactService {
  readonly #db: Kysely<Database>;
  readonly #outbox: OutboxWorker<ClaimedDelivery>;
  readonly #now: () => number;

  readonly #conversations: ContactConversations | undefined;

  constructor(init: { db: Kysely<Database>; outbox: OutboxWorker<ClaimedDelivery>; now?: () => number; conversations?: ContactConversations }) {
    this.#db = init.db;
    this.#outbox = init.outbox;
    this.#now = init.now ?? Date.now;
    this.#conversations = init.conversations;
  }

  /**
   * Stores the message (and its conversation on the support desk, in the same transaction) and
   * wakes the outbox; once this returns, it is delivered whatever happens to the process.
   */
  async submit(input: ContactMessageInput, meta: { ip: string; userAgent: string | undefined }): Promise<ContactMessage> {
    const channels = this.#outbox.channels.map((c) => c.name as ContactChannelName);
    const conversations = this.#conversations;
    const stored = await storeContactMessage(this.#db, input, meta, channels, this.#outbox.options.maxAgeMs, this.#now(), conversations?.start);
    this.#outbox.wake();
    await conversations?.announce(stored.id);
    return stored;
  }

  /** Deletes delivered and stored-only messages older than `days` days (undelivered ones stay). */
  purge(days: number): Promise<{ deleted: number; kept: number }> {
    return purgeOldMessages(this.#db, days, this.#now());
  }
}

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
  startConversation?: ContactConversations['start'],
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
  await insertMessage(db, message, channels, now + maxAgeMs, startConversation ? (trx) => startConversation(trx, message) : undefined);
  return message;
}

/**
 * Deletes delivered and stored-only messages older than `days` days (undelivered ones stay):
 * the retention job and `npm run contact -- purge` both call this.
 */
export function purgeOldMessages(db: Kysely<Database>, days: number, now = Date.now()): Promise<{ deleted: number; kept: number }> {
  return purgeMessages(db, retentionCutoff(days, now));
}
