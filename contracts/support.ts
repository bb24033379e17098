/**
 * The support desk's contract (docs/decisions.md 42-44): the visitor's API under /api/support
 * (no account: a signed cookie names the visitor), the staff console's under
 * /api/staff/conversations (permission contact.handle), the live streams' events, and the
 * figures. Every text is plain text (never HTML): show it escaped. Times are epoch milliseconds;
 * message ids are numbers that grow with time across the whole desk.
 */
import { z } from 'zod';
import { incident, maintenance } from './incidents.ts';
import {
  cleanText,
  conversationOrigins,
  conversationStates,
  conversationViews,
  messageAuthors,
  messageKinds,
  messageProblem,
  ratingMax,
  ratingMin,
  supportLimits,
} from './support-rules.ts';

export const conversationState = z.enum(conversationStates);
export const conversationOrigin = z.enum(conversationOrigins);
export const messageAuthor = z.enum(messageAuthors);
export const messageKind = z.enum(messageKinds);

// ----- Pieces of requests -----

/** A message's text: trimmed, control characters removed, 1 to supportLimits.message characters. */
export const messageText = z.string().transform((text, ctx) => {
  const problem = messageProblem(text);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return cleanText(text);
});

const emailPattern = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** An e-mail address as the contact form takes it (a dot in the domain). */
export const emailAddress = z
  .string()
  .trim()
  .max(supportLimits.email, `must be at most ${supportLimits.email} characters`)
  .regex(emailPattern, 'Please enter a valid e-mail address, like name@example.com.');

const optionalName = z
  .string()
  .transform(cleanText)
  .pipe(z.string().max(supportLimits.name, `must be at most ${supportLimits.name} characters`))
  .optional();

/** The client's own id of a message (a random string), so a send retried after a network error is stored once. */
const clientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _')
  .optional();

export const conversationParams = z.object({ id: z.uuid({ error: 'must be a conversation id' }) });

// ----- What both sides read -----

/** A staff member as a visitor sees them: a display name only. */
export const staffName = z.object({ name: z.string() });

/** A message as the visitor sees it (never a note). */
export const visitorMessage = z.object({
  id: z.number().int(),
  author: messageAuthor,
  /** The staff member's display name (author staff), else null. */
  authorName: z.string().nullable(),
  text: z.string(),
  createdAt: z.number(),
  /** The clientId the sender gave, so a client can match its own optimistic copy. */
  clientId: z.string().nullable(),
});

/** A conversation as its visitor sees it. */
export const visitorConversation = z.object({
  id: z.uuid(),
  origin: conversationOrigin,
  state: conversationState,
  /** The contact form's subject; null for chats. */
  subject: z.string().nullable(),
  name: z.string().nullable(),
  /** The address replies are mailed to when the visitor has not seen them; null: none given. */
  email: z.string().nullable(),
  /** Oldest first; notes never appear. */
  messages: z.array(visitorMessage),
  /** The newest message id the team has seen ("Seen"); 0: none yet. */
  staffReadUpTo: z.number().int(),
  /** The newest message id this visitor has seen. */
  visitorReadUpTo: z.number().int(),
  /** Who on the team has it; null: nobody yet. */
  assignee: staffName.nullable(),
  /** Set once the visitor rated it (after it was resolved). */
  rating: z.number().int().nullable(),
  ratingComment: z.string().nullable(),
  /** The visitor may rate now: resolved and not rated yet. */
  canRate: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

/** One line of the visitor's list of their conversations. */
export const visitorConversationSummary = z.object({
  id: z.uuid(),
  origin: conversationOrigin,
  state: conversationState,
  subject: z.string().nullable(),
  /** The newest visible message's text, shortened (200 characters). */
  preview: z.string(),
  /** Team messages newer than visitorReadUpTo. */
  unread: z.number().int(),
  updatedAt: z.number(),
});

/** Whether live chat is staffed now: someone switched "Available for chat" on and has the console open. */
export const supportStatus = z.object({
  staffed: z.boolean(),
  /** Minutes after which a reply the visitor has not seen is mailed to them (when they gave an address). */
  replyMailAfterMinutes: z.number(),
});

// ----- Visitor API: /api/support -----

/** POST /api/support/conversations: starts a conversation with its first message (sets the visitor cookie). */
export const startConversationBody = z.strictObject({
  text: messageText,
  /** The page it started on, a path of this site (e.g. /plans/minecraft). */
  page: z
    .string()
    .max(supportLimits.page, `must be at most ${supportLimits.page} characters`)
    .regex(/^\/[^\s]*$/, 'must be a path of this site, starting with /')
    .optional(),
  /** What the visitor asked the help assistant before asking for a person (stored as the conversation's context). */
  assistantQuestion: z
    .string()
    .transform(cleanText)
    .pipe(z.string().max(supportLimits.message, `must be at most ${supportLimits.message} characters`))
    .optional(),
  name: optionalName,
  email: emailAddress.optional(),
  clientId,
});

/** POST /api/support/conversations/:id/messages (and the staff's, with kind). */
export const visitorMessageBody = z.strictObject({ text: messageText, clientId });

/** POST …/typing: the sender is typing (repeat every few seconds while typing) or stopped. */
export const typingBody = z.strictObject({ typing: z.boolean() });

/** POST …/read: the newest message id the reader has seen. */
export const readBody = z.strictObject({ upTo: z.number().int().min(0) });

/** PUT /api/support/conversations/:id/contact: where to mail replies the visitor has not seen. */
export const visitorContactBody = z.strictObject({ email: emailAddress, name: optionalName });

/** POST /api/support/conversations/:id/rating: once, after the conversation was resolved. */
export const ratingBody = z.strictObject({
  rating: z.number().int().min(ratingMin, `must be ${ratingMin} to ${ratingMax}`).max(ratingMax, `must be ${ratingMin} to ${ratingMax}`),
  comment: z
    .string()
    .transform(cleanText)
    .pipe(z.string().max(supportLimits.ratingComment, `must be at most ${supportLimits.ratingComment} characters`))
    .optional(),
});

/** POST /api/support/conversations/:id/transcript: mail the conversation to this address (default: the one given). */
export const transcriptBody = z.strictObject({ email: emailAddress.optional() });

/** POST /api/support/continue: the token of an e-mail's continue link (sets the visitor cookie). */
export const continueBody = z.strictObject({ token: z.string().min(20).max(400) });
export const continueAnswer = z.object({ conversationId: z.uuid() });

/** GET /api/support/conversations: this browser's conversations, newest first. */
export const visitorConversationList = z.object({ conversations: z.array(visitorConversationSummary), status: supportStatus });

// ----- Figures -----

/** The four figures, each null while there is nothing to compute it from. Shares are 0..1. */
export const supportFigures = z.object({
  /** Chats whose first human answer came within answeredWithinSeconds, of the chats answered. */
  answeredInSeconds: z.number().nullable(),
  /** Average seconds from a chat's start to its first human answer. */
  averageFirstAnswerSeconds: z.number().nullable(),
  /** Ratings of 4 or 5, of all ratings. */
  satisfied: z.number().nullable(),
  /** Resolved conversations never reopened, of the resolved ones. */
  resolvedFirstTime: z.number().nullable(),
});

/** GET /api/support/figures: the home page's counters over the last figuresWindowDays days. */
export const homeFigures = z.object({
  /** True once the window holds at least `threshold` conversations: only then may the site call them measured. */
  measured: z.boolean(),
  conversations: z.number().int(),
  threshold: z.number().int(),
  windowDays: z.number().int(),
  computedAt: z.number(),
  figures: supportFigures,
});

// ----- Staff API: /api/staff/conversations -----

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
  id: z.uuid(),
  origin: conversationOrigin,
  state: conversationState,
  subject: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
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

// ----- Live streams (Server-Sent Events: `event: <name>`, `data: <JSON>`) -----

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
  /** State or assignee changed. */
  state: z.object({ conversationId: z.uuid(), state: conversationState, assignee: staffName.nullable(), canRate: z.boolean() }),
  /** Live chat became staffed or not (sent on connect too). */
  presence: supportStatus,
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
} as const;

export type VisitorStreamEvent = {
  [K in keyof typeof visitorStreamEvents]: { event: K; data: z.infer<(typeof visitorStreamEvents)[K]> };
}[keyof typeof visitorStreamEvents];
export type StaffStreamEvent = {
  [K in keyof typeof staffStreamEvents]: { event: K; data: z.infer<(typeof staffStreamEvents)[K]> };
}[keyof typeof staffStreamEvents];

export type VisitorMessage = z.infer<typeof visitorMessage>;
export type VisitorConversation = z.infer<typeof visitorConversation>;
export type VisitorConversationSummary = z.infer<typeof visitorConversationSummary>;
export type VisitorConversationList = z.infer<typeof visitorConversationList>;
export type SupportStatus = z.infer<typeof supportStatus>;
export type StartConversationBody = z.input<typeof startConversationBody>;
export type HomeFigures = z.infer<typeof homeFigures>;
export type SupportFigures = z.infer<typeof supportFigures>;
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
