import type { OutboxAttemptColumns, OutboxDeliveryColumns } from '../outbox/outbox-tables.ts';

/** The delivery channels a contact message can go to. */
export type ContactChannelName = 'webhook' | 'email';

/** A message as the form sent it (trimmed), stored before the visitor gets an answer. */
export interface ContactMessagesTable {
  /** A random UUID: the id the visitor gets back and operators pass to the CLI. */
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The sender's address as the server saw it (behind a proxy: with TRUST_PROXY). */
  ip: string;
  user_agent: string | null;
  created_at: number;
  /** When a staff member marked it answered in the console; null while unanswered. */
  answered_at: number | null;
  /** Who did: their e-mail as it was then (kept when the account is removed). */
  answered_by: string | null;
}

/** One row per message and channel: that channel's own delivery state (the outbox). */
export interface ContactDeliveriesTable extends OutboxDeliveryColumns<ContactChannelName> {
  message_id: string;
}

/** Every delivery attempt, kept for operators. */
export interface ContactDeliveryAttemptsTable extends OutboxAttemptColumns<ContactChannelName> {
  delivery_id: number;
  message_id: string;
}

/** The contact capability's tables, as Kysely sees them (times in epoch milliseconds). */
export interface ContactTables {
  contact_messages: ContactMessagesTable;
  contact_deliveries: ContactDeliveriesTable;
  contact_delivery_attempts: ContactDeliveryAttemptsTable;
}
