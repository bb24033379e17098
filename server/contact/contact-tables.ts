import type { Generated } from 'kysely';

/** The delivery channels a contact message can go to. */
export type ContactChannelName = 'webhook' | 'email';
export type ContactDeliveryStatus = 'pending' | 'delivered' | 'failed';
export type ContactAttemptOutcome = 'delivered' | 'failed' | 'rate_limited';

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
export interface ContactDeliveriesTable {
  id: Generated<number>;
  message_id: string;
  channel: ContactChannelName;
  status: ContactDeliveryStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When the worker may try next. */
  next_attempt_at: number;
  /** After this, a failure is final (24 h after the message, or after an operator's retry). */
  expires_at: number;
  /** Lease: the worker that claimed the row owns it until then; a crashed one's rows come back after it. */
  claimed_until: number | null;
  claimed_by: string | null;
  last_error: string | null;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Every delivery attempt, kept for operators. */
export interface ContactDeliveryAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  message_id: string;
  channel: ContactChannelName;
  /** 1 for the first attempt of this delivery. */
  attempt: number;
  outcome: ContactAttemptOutcome;
  /** HTTP status (webhook) or SMTP response code (e-mail), when there was an answer. */
  status_code: number | null;
  error: string | null;
  started_at: number;
  duration_ms: number;
  worker: string;
}

/** The contact capability's tables, as Kysely sees them (times in epoch milliseconds). */
export interface ContactTables {
  contact_messages: ContactMessagesTable;
  contact_deliveries: ContactDeliveriesTable;
  contact_delivery_attempts: ContactDeliveryAttemptsTable;
}
