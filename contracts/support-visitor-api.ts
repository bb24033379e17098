/**
 * The support desk's visitor API under /api/support (docs/decisions.md 42): no account, a
 * signed cookie names the visitor. What both sides share is in support.ts.
 */
import { z } from 'zod';
import { clientId, emailAddress, messageText, optionalName, supportStatus, visitorConversationSummary } from './support.ts';
import { cleanText, ratingMax, ratingMin, supportLimits } from './support-rules.ts';

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

/**
 * POST /api/support/conversations/:id/transcript: mail the resolved conversation to its proven
 * address (docs/decisions.md 72). The request names no address: one given is refused.
 */
export const transcriptBody = z.strictObject({
  email: z.never({ error: 'The transcript goes only to the address confirmed for this conversation; it cannot be sent to another one.' }).optional(),
});

/** POST /api/support/conversations/:id/confirm-address: mail the link that proves the conversation's address. */
export const confirmAddressBody = z.strictObject({});

/**
 * POST /api/support/continue: the token of an e-mail's continue link. Grants the conversation to
 * this browser beside its own (docs/decisions.md 73); a browser without a cookie gets one.
 */
export const continueBody = z.strictObject({ token: z.string().min(20).max(400) });
export const continueAnswer = z.object({
  conversationId: z.uuid(),
  /** The link proved the conversation's address (it was mailed there). */
  addressConfirmed: z.boolean(),
});

/** GET /api/support/conversations: this browser's conversations, newest first. */
export const visitorConversationList = z.object({ conversations: z.array(visitorConversationSummary), status: supportStatus });

export type VisitorConversationList = z.infer<typeof visitorConversationList>;
export type ContinueAnswer = z.infer<typeof continueAnswer>;
export type StartConversationBody = z.input<typeof startConversationBody>;
