/**
 * The support desk's live streams (Server-Sent Events: `event: <name>`, `data: <JSON>`): the
 * visitor's stream of one conversation, and the console's stream of the whole desk.
 */
import { z } from 'zod';
import { conversationState, staffName, supportStatus, visitorMessage } from './support.ts';
import { conversationSummary, staffMessage, teamMember } from './support-staff-api.ts';

const typingPayload = z.object({
  conversationId: z.uuid(),
  /** Who is typing: the visitor, or a staff member (then staffId and name). */
  author: z.enum(['visitor', 'staff']),
  staffId: z.string().nullable(),
  name: z.string().nullable(),
  /** False when they stopped; a typing state also ends by itself after typingTtlMs. */
  typing: z.boolean(),
});

const readPayload = z.object({
  conversationId: z.uuid(),
  /** Whose reading moved: the visitor's or the team's. */
  author: z.enum(['visitor', 'staff']),
  upTo: z.number().int(),
});

/**
 * GET /api/support/conversations/:id/stream (the visitor's cookie): one conversation's events.
 * After a reconnect, read the conversation again (events carry no ids and are not replayed).
 */
export const visitorStreamEvents = {
  /** A message the visitor may see (their own too, from another tab, and system lines). */
  message: z.object({ conversationId: z.uuid(), message: visitorMessage }),
  /** A staff member types (author staff only). */
  typing: typingPayload,
  /** The team has seen up to a message (author staff only). */
  read: readPayload,
  /** State, assignee or the visitor's address (given, or proven by its link in another tab) changed. */
  state: z.object({
    conversationId: z.uuid(),
    state: conversationState,
    assignee: staffName.nullable(),
    canRate: z.boolean(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
  }),
  /** Live chat became staffed or not (sent on connect too). */
  presence: supportStatus,
  /** The server may have missed changes (its link to the other instances was restored): read the conversation again. */
  resync: z.object({}),
} as const;

/**
 * GET /api/staff/conversations/stream (staff session): the whole desk's events. An open stream
 * counts as "console open" for the availability. After a reconnect, read the list again.
 */
export const staffStreamEvents = {
  /** A conversation was started, changed state, was assigned, got a message (the line after it). */
  conversation: z.object({ conversation: conversationSummary }),
  /** A message or note, in any conversation. */
  message: z.object({ conversationId: z.uuid(), message: staffMessage }),
  typing: typingPayload,
  read: readPayload,
  /** Who is available and online, and whether visitors see live chat as staffed (sent on connect too). */
  presence: z.object({ staffed: z.boolean(), team: z.array(teamMember) }),
  /** The server may have missed changes (its link to the other instances was restored): read the list again. */
  resync: z.object({}),
} as const;

export type VisitorStreamEvent = {
  [K in keyof typeof visitorStreamEvents]: { event: K; data: z.infer<(typeof visitorStreamEvents)[K]> };
}[keyof typeof visitorStreamEvents];
export type StaffStreamEvent = {
  [K in keyof typeof staffStreamEvents]: { event: K; data: z.infer<(typeof staffStreamEvents)[K]> };
}[keyof typeof staffStreamEvents];
