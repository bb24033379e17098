import type { ConversationSummary, StaffMessage } from '../../contracts/support-staff-api.ts';
import type { VisitorConversation, VisitorConversationSummary, VisitorMessage } from '../../contracts/support.ts';
import type { Conversation, Message } from './support-records.ts';

/** The contract's shapes of the desk's rows: what a visitor may see, and what the team sees. */

export function visitorMessageView(m: Message): VisitorMessage {
  return { id: m.id, author: m.author, authorName: m.author === 'staff' ? m.authorName : null, text: m.body, createdAt: m.createdAt, clientId: m.clientId };
}

export function staffMessageView(m: Message): StaffMessage {
  return { ...visitorMessageView(m), authorName: m.authorName, kind: m.kind, staffId: m.staffId, emailedAt: m.emailedAt };
}

export const canRate = (c: Conversation): boolean => c.state === 'resolved' && c.rating === null;

export function assigneeForVisitor(c: Conversation): { name: string } | null {
  return c.assigneeName ? { name: c.assigneeName } : null;
}

export function visitorConversationView(c: Conversation, messages: readonly Message[]): VisitorConversation {
  return {
    id: c.id,
    origin: c.origin,
    state: c.state,
    subject: c.subject,
    name: c.name,
    email: c.email,
    emailVerified: c.email !== null && c.emailVerifiedAt !== null,
    messages: messages.filter((m) => m.kind === 'message').map(visitorMessageView),
    staffReadUpTo: c.staffReadUpTo,
    visitorReadUpTo: c.visitorReadUpTo,
    assignee: assigneeForVisitor(c),
    rating: c.rating,
    ratingComment: c.ratingComment,
    canRate: canRate(c),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export function visitorSummaryView(c: Conversation & { unread: number }): VisitorConversationSummary {
  return { id: c.id, origin: c.origin, state: c.state, subject: c.subject, preview: c.visitorPreview, unread: c.unread, updatedAt: c.updatedAt };
}

export function summaryView(c: Conversation, unread: number): ConversationSummary {
  return {
    id: c.id,
    origin: c.origin,
    state: c.state,
    subject: c.subject,
    name: c.name,
    email: c.email,
    preview: c.preview,
    unread,
    assignee: c.assigneeId ? { staffId: c.assigneeId, name: c.assigneeName ?? '' } : null,
    firstAnsweredAt: c.firstAnswerAt,
    rating: c.rating,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    lastMessageAt: c.lastMessageAt,
  };
}
