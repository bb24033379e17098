/**
 * The browser side of /api/staff/conversations (the one inbox of chats and contact messages),
 * through the one API client and typed by the contract (types only: no zod in the bundle), and
 * the desk's live stream.
 */
import type { SupportHours, SupportHoursAnswer } from '../../../../contracts/support-hours-rules.ts';
import type {
  AvailabilityAnswer,
  ConversationCounts,
  ConversationDetail,
  ConversationPage,
  ConversationQuery,
  ConversationSummary,
  SavedReply,
  StaffFigures,
  StaffMessage,
} from '../../../../contracts/support-staff-api.ts';
import type { StaffStreamEvent } from '../../../../contracts/support-streams.ts';
import type { MessageKind } from '../../../../contracts/support-rules.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { openEventStream } from '../../../lib/event-stream.ts';

const base = '/api/staff/conversations';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const conversationsApi = {
  list: (query: ConversationQuery) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
    return apiFetch<ConversationPage>('GET', `${base}?${params}`);
  },
  counts: () => apiFetch<ConversationCounts>('GET', `${base}/counts`),
  get: (id: string) => apiFetch<ConversationDetail>('GET', one(id)),
  post: (id: string, text: string, kind: MessageKind, clientId: string) =>
    apiFetch<StaffMessage>('POST', `${one(id)}/messages`, { body: { text, kind, clientId } }),
  typing: (id: string, typing: boolean) => apiFetch<void>('POST', `${one(id)}/typing`, { body: { typing } }),
  read: (id: string, upTo: number) => apiFetch<void>('POST', `${one(id)}/read`, { body: { upTo } }),
  resolve: (id: string) => apiFetch<ConversationSummary>('POST', `${one(id)}/resolve`),
  reopen: (id: string) => apiFetch<ConversationSummary>('POST', `${one(id)}/reopen`),
  assign: (id: string, staffId: string | null) => apiFetch<ConversationSummary>('PUT', `${one(id)}/assignee`, { body: { staffId } }),
  availability: () => apiFetch<AvailabilityAnswer>('GET', `${base}/availability`),
  setAvailability: (available: boolean) => apiFetch<AvailabilityAnswer>('PUT', `${base}/availability`, { body: { available } }),
  hours: () => apiFetch<SupportHoursAnswer>('GET', `${base}/hours`),
  setHours: (hours: SupportHours) => apiFetch<SupportHoursAnswer>('PUT', `${base}/hours`, { body: hours }),
  savedReplies: () => apiFetch<{ replies: SavedReply[] }>('GET', `${base}/saved-replies`),
  addSavedReply: (title: string, text: string) => apiFetch<SavedReply>('POST', `${base}/saved-replies`, { body: { title, text } }),
  deleteSavedReply: (id: string) => apiFetch<void>('DELETE', `${base}/saved-replies/${encodeURIComponent(id)}`),
  figures: (weeks = 12) => apiFetch<StaffFigures>('GET', `${base}/figures?weeks=${weeks}`),
};

/**
 * Opens the desk's live stream (an open stream is what makes an available person count as
 * online). `onReconnect` runs when the browser connected again after a drop: events are not
 * replayed, so read the list again.
 */
export function openDeskStream(onEvent: (event: StaffStreamEvent) => void, onReconnect: () => void): () => void {
  return openEventStream<StaffStreamEvent>(`${base}/stream`, ['conversation', 'message', 'typing', 'read', 'presence'], onEvent, onReconnect);
}
