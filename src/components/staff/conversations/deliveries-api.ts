/**
 * The browser side of /api/staff/contact: what became of a contact message's deliveries to the
 * team's channels (chat webhook, e-mail), the messages whose delivery failed, and a retry.
 * Through the one API client, typed by the contract (types only: no zod in the bundle). A
 * contact conversation has its message's id (docs/decisions.md 57).
 */
import type { InboxCounts, ContactMessageDetail, InboxPage, RetryAnswer } from '../../../../contracts/staff-contact.ts';
import type { ContactChannel } from '../../../../contracts/staff-contact-rules.ts';
import { apiFetch } from '../../../lib/api-client.ts';

const base = '/api/staff/contact';
const messagePath = (id: string) => `${base}/messages/${encodeURIComponent(id)}`;

export const deliveriesApi = {
  /** The newest contact messages with a delivery that failed for good. */
  failed: (limit: number) => apiFetch<InboxPage>('GET', `${base}/messages?view=failed&limit=${limit}`),
  counts: () => apiFetch<InboxCounts>('GET', `${base}/counts`),
  message: (id: string) => apiFetch<ContactMessageDetail>('GET', messagePath(id)),
  retry: (id: string, channel: ContactChannel) => apiFetch<RetryAnswer>('POST', `${messagePath(id)}/retry`, { body: { channel } }),
};
