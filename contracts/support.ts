/**
 * The support desk's contract (docs/decisions.md 42-44), what both sides share: the states,
 * the pieces of requests, what the visitor and the team both read, and the figures. The visitor's
 * API is in support-visitor-api.ts, the staff console's in support-staff-api.ts, the live
 * streams' events in support-streams.ts. Every text is plain text (never HTML): show it escaped.
 * Times are epoch milliseconds; message ids are numbers that grow with time across the whole desk.
 */
import { z } from 'zod';
import { cleanText, conversationOrigins, conversationStates, messageAuthors, messageKinds, messageProblem, supportLimits } from './support-rules.ts';

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

export const optionalName = z
  .string()
  .transform(cleanText)
  .pipe(z.string().max(supportLimits.name, `must be at most ${supportLimits.name} characters`))
  .optional();

/** The client's own id of a message (a random string), so a send retried after a network error is stored once. */
export const clientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _')
  .optional();

export const conversationParams = z.object({ id: z.uuid({ error: 'must be a conversation id' }) });

/** POST …/typing (the visitor's and the staff's): the sender is typing (repeat every few seconds while typing) or stopped. */
export const typingBody = z.strictObject({ typing: z.boolean() });

/** POST …/read (both sides): the newest message id the reader has seen. */
export const readBody = z.strictObject({ upTo: z.number().int().min(0) });

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

/** What both sides know of a conversation first. */
export const conversationHead = {
  id: z.uuid(),
  origin: conversationOrigin,
  state: conversationState,
  /** The contact form's subject; null for chats. */
  subject: z.string().nullable(),
  name: z.string().nullable(),
  /** The address replies are mailed to when the visitor has not seen them; null: none given. */
  email: z.string().nullable(),
};

/** A conversation as its visitor sees it. */
export const visitorConversation = z.object({
  ...conversationHead,
  /**
   * The address was proven (a link mailed to it was opened): only then is the transcript mailed
   * to it (docs/decisions.md 72).
   */
  emailVerified: z.boolean(),
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

export type VisitorMessage = z.infer<typeof visitorMessage>;
export type VisitorConversation = z.infer<typeof visitorConversation>;
export type VisitorConversationSummary = z.infer<typeof visitorConversationSummary>;
export type SupportStatus = z.infer<typeof supportStatus>;
export type HomeFigures = z.infer<typeof homeFigures>;
export type SupportFigures = z.infer<typeof supportFigures>;
