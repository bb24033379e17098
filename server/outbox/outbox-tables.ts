import type { Generated } from 'kysely';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export type AttemptOutcome = 'delivered' | 'failed' | 'rate_limited';

/** One attempt, as the bookkeeping records it in a queue's attempt table. */
export interface AttemptRecord {
  outcome: AttemptOutcome;
  statusCode: number | null;
  error: string | null;
  startedAt: number;
  durationMs: number;
  worker: string;
}

/**
 * The columns every outbox's delivery table has: one row per thing to send and channel, with
 * its delivery state. Each queue's table adds what it delivers (contact_deliveries: the message;
 * subscription_notification: the subscription and the event) and narrows the channel.
 */
export interface OutboxDeliveryColumns<Channel extends string = string> {
  id: Generated<number>;
  channel: Channel;
  status: DeliveryStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When the worker may try next. */
  next_attempt_at: number;
  /** After this, a failure is final (the queue's window after the row was queued, or after an operator's retry). */
  expires_at: number;
  /** Lease: the worker that claimed the row owns it until then; a crashed one's rows come back after it. */
  claimed_until: number | null;
  claimed_by: string | null;
  last_error: string | null;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * The columns every outbox's attempt table has: one row per delivery attempt, kept for
 * operators. Each queue's table adds the columns that tie the attempt to its delivery.
 */
export interface OutboxAttemptColumns<Channel extends string = string> {
  id: Generated<number>;
  channel: Channel;
  /** 1 for the first attempt of this delivery. */
  attempt: number;
  outcome: AttemptOutcome;
  /** HTTP status (webhook) or SMTP response code (e-mail), when there was an answer. */
  status_code: number | null;
  error: string | null;
  started_at: number;
  duration_ms: number;
  worker: string;
}
