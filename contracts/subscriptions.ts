/**
 * Status subscriptions (under /api/status/subscriptions): subscribe by e-mail or webhook, confirm
 * (double opt-in), unsubscribe from a page or in one click (RFC 8058); and the status badges
 * (/api/status/badges/<monitor id>.svg).
 */
import { z } from 'zod';
import { badgeWindows, subscriptionChannels, tokenPattern, validateSubscription, type SubscriptionInput } from './subscriptions-rules.ts';

const channel = z.enum(subscriptionChannels);
const monitorRef = z.object({ id: z.string(), name: z.string() });

/** What the form may offer: the channels this site delivers to, and the monitors to choose from. */
export const subscriptionOptions = z.object({
  channels: z.array(channel),
  monitors: z.array(monitorRef),
});

/** The form as sent, checked by validateSubscription (the messages are the form's own). */
export const subscribeBody = z
  .strictObject({
    channel: z.string().optional(),
    address: z.string().max(4096).optional(),
    /** Empty or absent: every monitor. */
    monitorIds: z.array(z.string().max(200)).max(1000).optional(),
  })
  .transform((body, ctx): SubscriptionInput => {
    const result = validateSubscription(body);
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.fields)) ctx.addIssue({ code: 'custom', path: [field], message });
      return z.NEVER;
    }
    return result.value;
  });

/** The same answer whether or not the address was known: nothing to enumerate. */
export const subscribeAccepted = z.object({ message: z.string() });

/** A link's token, posted by the confirm and unsubscribe pages. */
export const tokenBody = z.strictObject({
  token: z.string().regex(tokenPattern, 'This link is incomplete: open it again from the message, whole.'),
});

export const confirmAnswer = z.object({
  channel,
  /** Every monitor, or the chosen ones. */
  allMonitors: z.boolean(),
  monitors: z.array(monitorRef),
});

export const unsubscribeAnswer = z.object({ unsubscribed: z.literal(true) });

/** RFC 8058: the mail client's POST carries only List-Unsubscribe=One-Click; the token is in the URL. */
export const oneClickQuery = z.object({ token: z.string().max(100) });

export const badgeParams = z.object({ file: z.string().max(300) });
export const badgeQuery = z.object({ uptime: z.enum(badgeWindows).optional() });

export type SubscriptionOptions = z.infer<typeof subscriptionOptions>;
export type SubscribeBody = z.input<typeof subscribeBody>;
export type SubscribeAccepted = z.infer<typeof subscribeAccepted>;
export type ConfirmAnswer = z.infer<typeof confirmAnswer>;
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;
