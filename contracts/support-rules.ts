/**
 * The support desk's rules, shared by the visitor's chat, the staff console and the server (no
 * dependencies, so the chat's bundle carries a few lines instead of zod): states, kinds, limits
 * and the figures' definitions. Lengths count UTF-16 code units, as the browser's maxlength does.
 * See docs/decisions.md 42-44.
 */

/** Where a conversation stands: open (the team's turn), waiting on the visitor, or resolved. */
export const conversationStates = ['open', 'waiting', 'resolved'] as const;
export type ConversationState = (typeof conversationStates)[number];

export const conversationStateLabels: Readonly<Record<ConversationState, string>> = {
  open: 'Open',
  waiting: 'Waiting on visitor',
  resolved: 'Resolved',
};

/** How a conversation began: the chat (help assistant, Live Chat) or the contact form. */
export const conversationOrigins = ['chat', 'contact'] as const;
export type ConversationOrigin = (typeof conversationOrigins)[number];

/** Who wrote a message: the visitor, a staff member, or the desk itself (e.g. "resolved"). */
export const messageAuthors = ['visitor', 'staff', 'system'] as const;
export type MessageAuthor = (typeof messageAuthors)[number];

/** A message to the conversation, or an internal note (staff only, never shown to the visitor, never mailed). */
export const messageKinds = ['message', 'note'] as const;
export type MessageKind = (typeof messageKinds)[number];

/** The console's filters of the one inbox. `mine`: assigned to me; `unassigned`: to nobody. */
export const conversationViews = ['all', 'open', 'waiting', 'resolved', 'mine', 'unassigned', 'unread'] as const;
export type ConversationView = (typeof conversationViews)[number];

/** The most characters each text takes. */
export const supportLimits = {
  /** One message or note. */
  message: 4000,
  /** The visitor's name (optional). */
  name: 100,
  /** An e-mail address (the longest SMTP carries). */
  email: 254,
  /** The page a conversation started on (a path, e.g. /plans/minecraft). */
  page: 300,
  /** The word left with a rating. */
  ratingComment: 1000,
  /** A saved reply's title and text. */
  savedReplyTitle: 80,
  savedReplyBody: 4000,
  /** Search text in the console. */
  search: 200,
  /** The client's own id of a message, so a retried send is stored once. */
  clientId: 64,
} as const;

/** The largest request body a support route takes. */
export const supportBodyLimitBytes = 32 * 1024;

/** Messages one conversation takes in all; after that the visitor is asked to start a new one. */
export const maxMessagesPerConversation = 500;
/** Conversations one visitor (browser) may have open at once. */
export const maxOpenConversationsPerVisitor = 3;

/** Rate limits: per client address (every instance counts its own), and per conversation (counted in the database). */
export const supportRateLimits = {
  /** New conversations from one address. */
  start: { max: 5, windowMs: 10 * 60 * 1000 },
  /** Visitor messages from one address. */
  messagesPerAddress: { max: 30, windowMs: 60 * 1000 },
  /** Visitor messages in one conversation. */
  messagesPerConversation: { max: 20, windowMs: 60 * 1000 },
  /** Typing and read signals from one address. */
  signals: { max: 120, windowMs: 60 * 1000 },
  /** Transcript and address-confirmation requests from one address (the daily caps are supportMailCaps). */
  mailRequests: { max: 20, windowMs: 60 * 60 * 1000 },
} as const;

/**
 * Mail a visitor asks for, per day (docs/decisions.md 72): transcripts (to the conversation's
 * proven address only) and the links that prove an address, counted per conversation and per
 * recipient address however many conversations or clients ask.
 */
export const supportMailCaps = {
  transcript: { perConversation: 3, perRecipient: 5 },
  confirm: { perConversation: 3, perRecipient: 3 },
} as const;

/** A typing state lasts this long unless renewed (the sender repeats it while typing). */
export const typingTtlMs = 6_000;

/** Ratings: 1 (not solved) to 5 (solved). 4 and 5 count as satisfied in the figures. */
export const ratingMin = 1;
export const ratingMax = 5;
export const satisfiedFrom = 4;

/** The home page's figures: over this many days, from this many conversations on. */
export const figuresWindowDays = 90;
/** "Answered in seconds" means a person's first answer within this many seconds. */
export const answeredWithinSeconds = 60;

/** The visitor's conversation cookie (base name; `__Host-` prefixed over HTTPS). */
export const visitorCookieBase = 'hf_support';

/** The page an e-mail's continue link opens; the token follows in the fragment: `/support/continue#<token>`. */
export const continuePath = '/support/continue';

/** The token from a continue link's fragment, or undefined. */
export function continueTokenFromHash(hash: string): string | undefined {
  const token = hash.replace(/^#/, '').trim();
  return /^[A-Za-z0-9_.-]{20,400}$/.test(token) ? token : undefined;
}

/** Trimmed text, with control characters other than line breaks and tabs removed (text only). */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .trim();
}

/** What is wrong with a message's text, or undefined when it is fine. */
export function messageProblem(text: string): string | undefined {
  const value = cleanText(text);
  if (value === '') return 'Please write a message.';
  if (value.length > supportLimits.message)
    return `A message can be at most ${supportLimits.message.toLocaleString('en-US')} characters (now ${value.length.toLocaleString('en-US')}).`;
  return undefined;
}
