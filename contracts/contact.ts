/**
 * The contact capability's contract: POST /api/contact takes a message as JSON or as an
 * ordinary form post (no JavaScript), checked by the same rules the form runs in the browser.
 */
import { z } from 'zod';
import { contactFields, honeypotField, isHoneypotFilled, validateContact, type ContactMessageInput } from './contact-rules.ts';

/**
 * The body as sent: the four fields and the honeypot, each a string if present. The check is
 * validateContact's, so the messages are the ones the form shows; the result is the trimmed message.
 */
export const contactBody = z
  .looseObject({
    name: z.string().optional(),
    email: z.string().optional(),
    subject: z.string().optional(),
    message: z.string().optional(),
    /** The hidden field people never see; anything in it marks a bot. */
    [honeypotField]: z.unknown().optional(),
  })
  .transform((body, ctx): ContactMessageInput & { fromBot: boolean } => {
    const result = validateContact(body);
    if (!result.ok) {
      for (const field of contactFields) {
        const message = result.fields[field];
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
      return z.NEVER;
    }
    return { ...result.value, fromBot: isHoneypotFilled(body) };
  });

/** A message was stored and will be delivered. */
export const contactAccepted = z.object({ id: z.string() });

export type ContactBody = z.input<typeof contactBody>;
export type ContactAccepted = z.infer<typeof contactAccepted>;
