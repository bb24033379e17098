/**
 * The browser side of /api/staff/contact (the contact inbox), through the one API client and
 * typed by the contract (types only: no zod in the bundle).
 */
import type { InboxCounts, InboxMessageDetail, InboxPage, InboxQuery, RetryAnswer } from '../../../contracts/staff-contact.ts';
import type { ContactChannel } from '../../../contracts/staff-contact-rules.ts';
import { apiFetch } from '../../lib/api-client.ts';

const base = '/api/staff/contact';
const messagePath = (id: string) => `${base}/messages/${encodeURIComponent(id)}`;

export const contactApi = {
  list: (query: InboxQuery) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
    return apiFetch<InboxPage>('GET', `${base}/messages?${params}`);
  },
  counts: () => apiFetch<InboxCounts>('GET', `${base}/counts`),
  message: (id: string) => apiFetch<InboxMessageDetail>('GET', messagePath(id)),
  retry: (id: string, channel: ContactChannel) => apiFetch<RetryAnswer>('POST', `${messagePath(id)}/retry`, { body: { channel } }),
  setAnswered: (id: string, answered: boolean) => apiFetch<InboxMessageDetail>('PUT', `${messagePath(id)}/answered`, { body: { answered } }),
};
