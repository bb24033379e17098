// The visitor's calls to the support desk (contracts/support.ts, /api/support): their
// conversations, messages, typing and read signals, contact address, rating and transcript, and
// the live stream of one conversation.
import type { ContinueAnswer, StartConversationBody, VisitorConversationList } from '../../../contracts/support-visitor-api.ts';
import type { VisitorConversation, VisitorMessage } from '../../../contracts/support.ts';
import type { VisitorStreamEvent } from '../../../contracts/support-streams.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { openEventStream } from '../../lib/event-stream.ts';

const base = '/api/support/conversations';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const visitorApi = {
  list: () => apiFetch<VisitorConversationList>('GET', base),
  get: (id: string) => apiFetch<VisitorConversation>('GET', one(id)),
  start: (body: StartConversationBody) => apiFetch<VisitorConversation>('POST', base, { body }),
  send: (id: string, text: string, clientId: string) => apiFetch<VisitorMessage>('POST', `${one(id)}/messages`, { body: { text, clientId } }),
  typing: (id: string, typing: boolean) => apiFetch<void>('POST', `${one(id)}/typing`, { body: { typing } }),
  read: (id: string, upTo: number) => apiFetch<void>('POST', `${one(id)}/read`, { body: { upTo } }),
  contact: (id: string, email: string) => apiFetch<VisitorConversation>('PUT', `${one(id)}/contact`, { body: { email } }),
  rate: (id: string, rating: number, comment: string) =>
    apiFetch<VisitorConversation>('POST', `${one(id)}/rating`, { body: comment.trim() ? { rating, comment } : { rating } }),
  /** To the conversation's confirmed address only (docs/decisions.md 72). */
  transcript: (id: string) => apiFetch<void>('POST', `${one(id)}/transcript`, { body: {} }),
  /** Mails the link that confirms the conversation's address. */
  confirmAddress: (id: string) => apiFetch<void>('POST', `${one(id)}/confirm-address`, { body: {} }),
  continueWith: (token: string) => apiFetch<ContinueAnswer>('POST', '/api/support/continue', { body: { token } }),
};

/**
 * Opens the live stream of one conversation. `onEvent` gets each event; `onReconnect` is called
 * when the browser connected again after a drop (events are not replayed: read the conversation
 * again). Returns the function that closes it.
 */
export function openVisitorStream(id: string, onEvent: (event: VisitorStreamEvent) => void, onReconnect: () => void): () => void {
  return openEventStream<VisitorStreamEvent>(`${one(id)}/stream`, ['message', 'typing', 'read', 'state', 'presence'], onEvent, onReconnect);
}
