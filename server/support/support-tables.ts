import type { Generated } from 'kysely';
import type { ConversationOrigin, ConversationState, MessageAuthor, MessageKind } from '../../contracts/support-rules.ts';
import type { OutboxAttemptColumns, OutboxDeliveryColumns } from '../outbox/outbox-tables.ts';

/** One conversation of the desk: a chat or a contact message, with what the figures are computed from. */
export interface SupportConversationsTable {
  /** A random UUID; for a contact message, the message's own id. */
  id: string;
  /** The browser (signed visitor cookie) it belongs to; a contact message's is its own. */
  visitor_id: string;
  origin: ConversationOrigin;
  state: ConversationState;
  subject: string | null;
  name: string | null;
  /** Where the visitor receives replies; proven once a link mailed to it was opened (docs/decisions.md 72). */
  email: string | null;
  email_verified_at: number | null;
  page: string | null;
  assistant_question: string | null;
  /** The visitor's game server when they were connected to the panel, and that session (its hash) for live state. */
  server_id: string | null;
  server_name: string | null;
  panel_session_hash: string | null;
  ip: string | null;
  user_agent: string | null;
  contact_message_id: string | null;
  /** The staff member who has it (id and display name then). */
  assignee_id: string | null;
  assignee_name: string | null;
  /** The first message of a person of the team, and who wrote it. */
  first_answer_at: number | null;
  first_answer_by: string | null;
  first_answer_name: string | null;
  resolved_at: number | null;
  resolved_by: string | null;
  /** Times it was reopened after being resolved. */
  reopened: number;
  rating: number | null;
  rating_comment: string | null;
  rated_at: number | null;
  /** The newest message id the team, and the visitor, have seen. */
  staff_read_up_to: number;
  visitor_read_up_to: number;
  /** When the team was told nobody had answered it. */
  team_notified_at: number | null;
  last_message_at: number;
  /** The newest message's text, shortened; and the newest one the visitor may see. */
  preview: string;
  visitor_preview: string;
  created_at: number;
  updated_at: number;
}

/** Every message and internal note, in order (ids grow across the desk). */
export interface SupportMessagesTable {
  id: Generated<number>;
  conversation_id: string;
  kind: MessageKind;
  author: MessageAuthor;
  staff_id: string | null;
  author_name: string | null;
  body: string;
  client_id: string | null;
  created_at: number;
  /** When it was mailed to the visitor because they had not seen it. */
  emailed_at: number | null;
}

/** A staff member's "Available for chat" switch. */
export interface SupportAvailabilityTable {
  staff_id: string;
  name: string;
  available: number;
  updated_at: number;
}

/** An open console stream: one row per instance and person, refreshed while it stays open. */
export interface SupportConsolePresenceTable {
  instance_id: string;
  staff_id: string;
  seen_at: number;
}

export interface SupportSavedRepliesTable {
  id: string;
  title: string;
  body: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** A browser (visitor id) a continue link granted a conversation to, beside its own (docs/decisions.md 73). */
export interface SupportConversationGrantsTable {
  visitor_id: string;
  conversation_id: string;
  granted_at: number;
}

/** `confirm`: the link that proves the visitor's address, with nothing of the conversation in it. */
export type SupportMailKind = 'reply' | 'transcript' | 'confirm' | 'team';

/** One mail to send (the outbox's queue): written in full when queued. */
export interface SupportMailDeliveriesTable extends OutboxDeliveryColumns<'email'> {
  kind: SupportMailKind;
  conversation_id: string | null;
  to_address: string;
  subject: string;
  body: string;
}

export interface SupportMailAttemptsTable extends OutboxAttemptColumns<'email'> {
  delivery_id: number;
}

/** The support desk's tables, as Kysely sees them (times in epoch milliseconds). */
/** The team's support hours: one row ('team'), JSON per contracts/support-hours.ts (docs/decisions.md 92). */
export interface SupportHoursTable {
  id: string;
  hours: string;
  updated_at: number;
  updated_by: string | null;
}

export interface SupportTables {
  support_hours: SupportHoursTable;
  support_conversations: SupportConversationsTable;
  support_conversation_grants: SupportConversationGrantsTable;
  support_messages: SupportMessagesTable;
  support_availability: SupportAvailabilityTable;
  support_console_presence: SupportConsolePresenceTable;
  support_saved_replies: SupportSavedRepliesTable;
  support_mail_deliveries: SupportMailDeliveriesTable;
  support_mail_attempts: SupportMailAttemptsTable;
}
