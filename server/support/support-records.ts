import type { Selectable } from 'kysely';
import type { SupportConversationsTable, SupportMessagesTable } from './support-tables.ts';

// A conversation and a message as the desk holds them, from their rows.

export type Conversation = {
  id: string;
  visitorId: string;
  origin: SupportConversationsTable['origin'];
  state: SupportConversationsTable['state'];
  subject: string | null;
  name: string | null;
  email: string | null;
  /** When `email` was proven (a link mailed to it was opened); null: not proven. */
  emailVerifiedAt: number | null;
  page: string | null;
  assistantQuestion: string | null;
  serverId: string | null;
  serverName: string | null;
  panelSessionHash: string | null;
  ip: string | null;
  userAgent: string | null;
  contactMessageId: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  firstAnswerAt: number | null;
  firstAnswerBy: string | null;
  firstAnswerName: string | null;
  resolvedAt: number | null;
  resolvedBy: string | null;
  reopened: number;
  rating: number | null;
  ratingComment: string | null;
  ratedAt: number | null;
  staffReadUpTo: number;
  visitorReadUpTo: number;
  teamNotifiedAt: number | null;
  lastMessageAt: number;
  preview: string;
  visitorPreview: string;
  createdAt: number;
  updatedAt: number;
};

export type Message = {
  id: number;
  conversationId: string;
  kind: SupportMessagesTable['kind'];
  author: SupportMessagesTable['author'];
  staffId: string | null;
  authorName: string | null;
  body: string;
  clientId: string | null;
  createdAt: number;
  emailedAt: number | null;
};

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

export const toConversation = (r: Selectable<SupportConversationsTable>): Conversation => ({
  id: r.id,
  visitorId: r.visitor_id,
  origin: r.origin,
  state: r.state,
  subject: r.subject,
  name: r.name,
  email: r.email,
  emailVerifiedAt: num(r.email_verified_at),
  page: r.page,
  assistantQuestion: r.assistant_question,
  serverId: r.server_id,
  serverName: r.server_name,
  panelSessionHash: r.panel_session_hash,
  ip: r.ip,
  userAgent: r.user_agent,
  contactMessageId: r.contact_message_id,
  assigneeId: r.assignee_id,
  assigneeName: r.assignee_name,
  firstAnswerAt: num(r.first_answer_at),
  firstAnswerBy: r.first_answer_by,
  firstAnswerName: r.first_answer_name,
  resolvedAt: num(r.resolved_at),
  resolvedBy: r.resolved_by,
  reopened: Number(r.reopened),
  rating: num(r.rating),
  ratingComment: r.rating_comment,
  ratedAt: num(r.rated_at),
  staffReadUpTo: Number(r.staff_read_up_to),
  visitorReadUpTo: Number(r.visitor_read_up_to),
  teamNotifiedAt: num(r.team_notified_at),
  lastMessageAt: Number(r.last_message_at),
  preview: r.preview,
  visitorPreview: r.visitor_preview,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export const toMessage = (r: Selectable<SupportMessagesTable>): Message => ({
  id: Number(r.id),
  conversationId: r.conversation_id,
  kind: r.kind,
  author: r.author,
  staffId: r.staff_id,
  authorName: r.author_name,
  body: r.body,
  clientId: r.client_id,
  createdAt: Number(r.created_at),
  emailedAt: num(r.emailed_at),
});

/** A message's first 200 characters, on one line, for lists. */
export function previewOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 200 ? line : `${line.slice(0, 199)}…`;
}

export type NewConversation = Omit<
  Conversation,
  | 'emailVerifiedAt'
  | 'assigneeId'
  | 'assigneeName'
  | 'firstAnswerAt'
  | 'firstAnswerBy'
  | 'firstAnswerName'
  | 'resolvedAt'
  | 'resolvedBy'
  | 'reopened'
  | 'rating'
  | 'ratingComment'
  | 'ratedAt'
  | 'staffReadUpTo'
  | 'visitorReadUpTo'
  | 'teamNotifiedAt'
  | 'lastMessageAt'
  | 'preview'
  | 'visitorPreview'
  | 'updatedAt'
  | 'state'
>;
