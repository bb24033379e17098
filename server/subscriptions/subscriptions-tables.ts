import type { Generated } from 'kysely';
import type { SubscriptionChannel } from '../../contracts/subscriptions-rules.ts';
import type { OutboxAttemptColumns, OutboxDeliveryColumns } from '../outbox/outbox-tables.ts';

export type SubscriptionStatus = 'pending' | 'confirmed';
export type TokenPurpose = 'confirm' | 'unsubscribe';

/** One e-mail address or webhook that asked for status notifications. Deleted on unsubscribe. */
export interface SubscriptionTable {
  id: Generated<number>;
  channel: SubscriptionChannel;
  /** The e-mail address or the webhook URL (a credential: never logged, never sent to a browser). */
  address: string;
  /** The address as compared for uniqueness: a lower-cased e-mail address, the URL as given. */
  address_key: string;
  status: SubscriptionStatus;
  /** JSON array of monitor ids; [] means every monitor. */
  monitor_ids: string;
  /** A confirmed subscriber asked for another choice: it applies once confirmed (JSON, or null). */
  pending_monitor_ids: string | null;
  created_at: number;
  confirmed_at: number | null;
  updated_at: number;
}

/** The hash (sha256, hex) of each link token handed out; the token itself is never stored. */
export interface SubscriptionTokenTable {
  token_hash: string;
  subscription_id: number;
  purpose: TokenPurpose;
  /** Confirm links run out 7 days after the request; unsubscribe links a year after the last message that carried them. */
  expires_at: number | null;
  created_at: number;
}

/**
 * The notification queue: one row per subscription and status event (unique), or a confirmation
 * request (event_id null). The delivery columns are the outbox's (server/outbox/).
 */
export interface SubscriptionNotificationTable extends OutboxDeliveryColumns<SubscriptionChannel> {
  subscription_id: number;
  /** The status_event it announces; null for a confirmation request. */
  event_id: number | null;
  /** 'confirm' or the event's kind. */
  kind: string;
}

/** Every delivery attempt of a notification, kept for operators. */
export interface SubscriptionAttemptTable extends OutboxAttemptColumns<SubscriptionChannel> {
  notification_id: number;
}

/** How far the status event log has been fanned out to notifications (one row, 'notifications'). */
export interface SubscriptionCursorTable {
  name: string;
  last_event_id: number;
  updated_at: number;
}

/** The subscriptions capability's tables, as Kysely sees them (times in epoch milliseconds). */
export interface SubscriptionTables {
  subscription: SubscriptionTable;
  subscription_token: SubscriptionTokenTable;
  subscription_notification: SubscriptionNotificationTable;
  subscription_attempt: SubscriptionAttemptTable;
  subscription_cursor: SubscriptionCursorTable;
}
