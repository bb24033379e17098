/**
 * The contact inbox's rules the browser runs too (no dependencies): the page size, the search
 * limits and when a pending delivery counts as stuck. The server checks the same numbers
 * (contracts/staff-contact.ts).
 */

export const contactChannels = ['webhook', 'email'] as const;
export type ContactChannel = (typeof contactChannels)[number];

/** What the inbox lists: everything, only unanswered or answered, or with a failed delivery. */
export const inboxViews = ['all', 'unanswered', 'answered', 'failed'] as const;
export type InboxView = (typeof inboxViews)[number];

export const inboxPageSize = 25;
export const inboxMaxPageSize = 100;
export const searchMaxLength = 200;
export const searchMaxWords = 8;

/**
 * A delivery still pending this long after it was queued has been failing for a while (the
 * outbox's backoff is at minutes by then): the console offers to retry it now.
 */
export const stuckAfterMinutes = 10;

/** A search box's text as the words the server looks for: split on spaces, at most searchMaxWords. */
export function searchWords(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean).slice(0, searchMaxWords);
}
