/**
 * Contact messages for the staff console (/api/staff/contact, permission contact.handle): newest
 * first, searchable and paged, each with its deliveries to the team per channel and every
 * attempt; retry a channel. The console's Conversations section shows them beside each contact
 * conversation (same id). Times are epoch milliseconds.
 */
import { z } from 'zod';
import { contactChannels, inboxMaxPageSize, inboxPageSize, inboxViews, searchMaxLength } from './staff-contact-rules.ts';

export const contactChannel = z.enum(contactChannels);
const deliveryStatus = z.enum(['pending', 'delivered', 'failed']);

export const inboxQuery = z.object({
  /** Words to find in the name, e-mail, subject or text (each word somewhere), ignoring case. */
  q: z.string().trim().max(searchMaxLength, `must be at most ${searchMaxLength} characters`).optional(),
  view: z.enum(inboxViews).default('all'),
  /** The nextCursor of the previous page. */
  cursor: z
    .string()
    .regex(/^\d+:[0-9a-f-]{36}$/, 'must be the nextCursor of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(inboxMaxPageSize).default(inboxPageSize),
});

export const messageParams = z.object({ id: z.uuid({ error: 'must be a message id' }) });

/** One channel's delivery: its state in the outbox. */
export const inboxDelivery = z.object({
  channel: contactChannel,
  status: deliveryStatus,
  attempts: z.number().int(),
  /** When the outbox tries next (pending only). */
  nextAttemptAt: z.number(),
  /** After this, a failure is final. */
  expiresAt: z.number(),
  lastError: z.string().nullable(),
  deliveredAt: z.number().nullable(),
  createdAt: z.number(),
  /** Failed, or pending longer than the rules' stuckAfterMinutes: the console offers a retry. */
  retryable: z.boolean(),
  /** Whether this server delivers to the channel at all (its settings may have changed since). */
  configured: z.boolean(),
});

export const inboxAttempt = z.object({
  id: z.string(),
  channel: contactChannel,
  /** 1 for the first attempt of its delivery. */
  attempt: z.number().int(),
  outcome: z.enum(['delivered', 'failed', 'rate_limited']),
  /** HTTP status (webhook) or SMTP code (e-mail), when there was an answer. */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  startedAt: z.number(),
  durationMs: z.number().int(),
});

const answered = {
  answeredAt: z.number().nullable(),
  /** The e-mail of the staff member who marked it answered. */
  answeredBy: z.string().nullable(),
};

/** A message as the list shows it: the start of its text. */
export const contactMessageSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  preview: z.string(),
  createdAt: z.number(),
  ...answered,
  deliveries: z.array(inboxDelivery),
});

export const inboxPage = z.object({
  messages: z.array(contactMessageSummary),
  nextCursor: z.string().nullable(),
  /** How many messages match the query, on every page. */
  total: z.number().int(),
  unanswered: z.number().int(),
  /** The channels this server delivers to. */
  channels: z.array(contactChannel),
});

/** One message in full, with its deliveries and every attempt. */
export const contactMessageDetail = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.number(),
  ...answered,
  deliveries: z.array(inboxDelivery),
  /** Channels this server delivers to that the message has no delivery for (it came before them). */
  missingChannels: z.array(contactChannel),
  attempts: z.array(inboxAttempt),
});

export const retryBody = z.object({ channel: contactChannel });
export const retryAnswer = z.object({ queued: z.array(contactChannel), message: contactMessageDetail });

export const inboxCounts = z.object({
  unanswered: z.number().int(),
  /** Messages with a delivery that failed for good. */
  failed: z.number().int(),
});

export type InboxQuery = z.input<typeof inboxQuery>;
export type InboxDelivery = z.infer<typeof inboxDelivery>;
export type InboxAttempt = z.infer<typeof inboxAttempt>;
export type ContactMessageSummary = z.infer<typeof contactMessageSummary>;
export type InboxPage = z.infer<typeof inboxPage>;
export type ContactMessageDetail = z.infer<typeof contactMessageDetail>;
export type RetryAnswer = z.infer<typeof retryAnswer>;
export type InboxCounts = z.infer<typeof inboxCounts>;
