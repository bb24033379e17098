import type { InboxAttempt, InboxDelivery } from '../../../../contracts/staff-contact.ts';
import type { ContactChannel } from '../../../../contracts/staff-contact-rules.ts';
import { formatRelative } from '../format.ts';
import type { badgeTones } from '../staff-styles.ts';

/** How the desk words a contact message's deliveries to the team and their attempts. */

export const channelLabels: Record<ContactChannel, string> = { webhook: 'Chat webhook', email: 'E-mail' };

export function deliveryState(d: InboxDelivery, now = Date.now()): { text: string; tone: keyof typeof badgeTones } {
  const tries = `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`;
  if (d.status === 'delivered') return { text: `Delivered ${d.deliveredAt ? formatRelative(d.deliveredAt, now) : ''}`.trim(), tone: 'good' };
  if (d.status === 'failed') return { text: `Failed after ${tries}`, tone: 'bad' };
  if (d.attempts === 0) return { text: 'Waiting to be sent', tone: 'neutral' };
  const next = d.nextAttemptAt <= now ? 'now' : formatRelative(d.nextAttemptAt, now);
  return { text: `Retrying: ${tries} failed, next ${next}`, tone: 'warn' };
}

export function attemptText(a: InboxAttempt): string {
  const outcome = a.outcome === 'delivered' ? 'Delivered' : a.outcome === 'rate_limited' ? 'Rate limited' : 'Failed';
  const code = a.statusCode === null ? '' : ` (${a.channel === 'email' ? 'SMTP' : 'HTTP'} ${a.statusCode})`;
  return `${channelLabels[a.channel]}, attempt ${a.attempt}: ${outcome}${code} in ${a.durationMs} ms`;
}
