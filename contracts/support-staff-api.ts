/**
 * The support desk's staff API under /api/staff/conversations (docs/decisions.md 43, permission
 * contact.handle). What both sides share is in support.ts.
 */
import { z } from 'zod';
import { incident, maintenance } from './incidents.ts';
import { clientId, conversationHead, conversationOrigin, homeFigures, messageKind, messageText, supportFigures, visitorMessage } from './support.ts';
import { cleanText, conversationViews, supportLimits } from './support-rules.ts';

export const conversationQuery = z.object({
  /** Words to find in the messages, notes, name, e-mail or subject (each word somewhere), ignoring case. */
  q: z.string().trim().max(supportLimits.search, `must be at most ${supportLimits.search} characters`).optional(),
  view: z.enum(conversationViews).default('all'),
  origin: conversationOrigin.optional(),
  /** The nextCursor of the previous page. */
  cursor: z
    .string()
    .regex(/^\d+:[0-9a-f-]{36}$/, 'must be the nextCursor of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const teamMember = z.object({
  staffId: z.string(),
  name: z.string(),
  /** Their "Available for chat" switch. */
  available: z.boolean(),
  /** Their console is open (its stream connected within the last minute or so). */
  online: z.boolean(),
});

/** A message or note as the team sees it. */
export const staffMessage = visitorMessage.extend({
  kind: messageKind,
  /** The author's staff id (author staff), else null. */
  staffId: z.string().nullable(),
  /** When it was mailed to the visitor because they had not seen it (staff messages), else null. */
  emailedAt: z.number().nullable(),
});

/** One line of the console's inbox. */
export const conversationSummary = z.object({
  ...conversationHead,
  /** The newest message's text (notes included), shortened. */
  preview: z.string(),
  /** Visitor messages the team has not read. */
  unread: z.number().int(),
  assignee: z.object({ staffId: z.string(), name: z.string() }).nullable(),
  /** When a person first answered; null: nobody yet. */
  firstAnsweredAt: z.number().nullable(),
  rating: z.number().int().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  lastMessageAt: z.number(),
});

export const conversationCounts = z.object({
  open: z.number().int(),
  waiting: z.number().int(),
  unassigned: z.number().int(),
  mine: z.number().int(),
  /** Conversations with visitor messages the team has not read. */
  unread: z.number().int(),
});

export const conversationPage = z.object({
  conversations: z.array(conversationSummary),
  nextCursor: z.string().nullable(),
  counts: conversationCounts,
});

/** The page it started on, the visitor's game server, the network's state. */
export const conversationContext = z.object({
  page: z.string().nullable(),
  assistantQuestion: z.string().nullable(),
  /** The visitor's game server when they were connected to the panel as the conversation started. */
  server: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      /** Live from the engine while the visitor's panel session lasts; null when it cannot be read now. */
      state: z.string().nullable(),
      /** The engine's administrative status (installing, suspended…), live; null when normal or unknown. */
      status: z.string().nullable(),
    })
    .nullable(),
  /** Incidents not resolved, and maintenance in progress, now. */
  incidents: z.array(incident),
  maintenance: z.array(maintenance),
  /** The visitor's browser, as it said. */
  userAgent: z.string().nullable(),
  /** A signed-in customer: their name, address and servers with state, plan and location (docs/decisions.md 82); null for a visitor. */
  customer: z
    .object({
      name: z.string().nullable(),
      email: z.string().nullable(),
      servers: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          state: z.string().nullable(),
          status: z.string().nullable(),
          plan: z.string().nullable(),
          location: z.string().nullable(),
          role: z.enum(['owner', 'shared']),
        }),
      ),
    })
    .nullable()
    .optional(),
});

export const conversationDetail = conversationSummary.extend({
  /** Oldest first, notes included. */
  messages: z.array(staffMessage),
  staffReadUpTo: z.number().int(),
  visitorReadUpTo: z.number().int(),
  ratingComment: z.string().nullable(),
  resolvedAt: z.number().nullable(),
  /** Times it was reopened after being resolved. */
  reopened: z.number().int(),
  context: conversationContext,
});

/** POST /api/staff/conversations/:id/messages: a reply (kind message) or an internal note. */
export const staffMessageBody = z.strictObject({ text: messageText, kind: messageKind.default('message'), clientId });

/** PUT /api/staff/conversations/:id/assignee: a staff id (yourself or a teammate), or null for nobody. */
export const assigneeBody = z.strictObject({ staffId: z.string().min(1).max(100).nullable() });

/** PUT /api/staff/conversations/availability: the "Available for chat" switch of the signed-in person. */
export const availabilityBody = z.strictObject({ available: z.boolean() });
export const availabilityAnswer = z.object({ available: z.boolean(), staffed: z.boolean(), team: z.array(teamMember) });

export const savedReply = z.object({
  id: z.uuid(),
  title: z.string(),
  text: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.number(),
});
export const savedReplyParams = z.object({ id: z.uuid({ error: 'must be a saved reply id' }) });
export const savedReplyBody = z.strictObject({
  title: z
    .string()
    .transform(cleanText)
    .pipe(z.string().min(1, 'Please give it a title.').max(supportLimits.savedReplyTitle, `must be at most ${supportLimits.savedReplyTitle} characters`)),
  text: z
    .string()
    .transform(cleanText)
    .pipe(z.string().min(1, 'Please write the reply.').max(supportLimits.savedReplyBody, `must be at most ${supportLimits.savedReplyBody} characters`)),
});
export const savedReplyList = z.object({ replies: z.array(savedReply) });

/** GET /api/staff/conversations/figures: the same figures per week (newest first) and per person. */
export const staffFiguresQuery = z.object({ weeks: z.coerce.number().int().min(1).max(52).default(12) });
export const staffFigures = z.object({
  weeks: z.array(z.object({ weekStart: z.number(), conversations: z.number().int(), figures: supportFigures })),
  /** Per person: the conversations they answered first (speed) or had assigned when resolved or rated. */
  people: z.array(z.object({ staffId: z.string(), name: z.string(), conversations: z.number().int(), figures: supportFigures })),
  overall: homeFigures,
});

export type StaffMessage = z.infer<typeof staffMessage>;
export type ConversationSummary = z.infer<typeof conversationSummary>;
export type ConversationCounts = z.infer<typeof conversationCounts>;
export type ConversationPage = z.infer<typeof conversationPage>;
export type ConversationDetail = z.infer<typeof conversationDetail>;
export type ConversationContext = z.infer<typeof conversationContext>;
export type ConversationQuery = z.input<typeof conversationQuery>;
export type TeamMember = z.infer<typeof teamMember>;
export type AvailabilityAnswer = z.infer<typeof availabilityAnswer>;
export type SavedReply = z.infer<typeof savedReply>;
export type StaffFigures = z.infer<typeof staffFigures>;
