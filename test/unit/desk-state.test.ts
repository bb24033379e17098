import { describe, expect, it } from 'vitest';
import type { ConversationDetail, ConversationSummary, StaffMessage } from '../../contracts/support-staff-api.ts';
import { deskReducer, initialDesk } from '../../src/components/staff/conversations/desk-state.ts';

const summary = (id: string, lastMessageAt: number, over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  origin: 'chat',
  state: 'open',
  subject: null,
  name: null,
  email: null,
  preview: `preview ${id}`,
  unread: 1,
  assignee: null,
  firstAnsweredAt: null,
  rating: null,
  createdAt: lastMessageAt,
  updatedAt: lastMessageAt,
  lastMessageAt,
  ...over,
});

const message = (id: number, over: Partial<StaffMessage> = {}): StaffMessage => ({
  id,
  author: 'visitor',
  authorName: null,
  text: `message ${id}`,
  createdAt: id,
  clientId: null,
  kind: 'message',
  staffId: null,
  emailedAt: null,
  ...over,
});

const detail = (id: string, messages: StaffMessage[]): ConversationDetail => ({
  ...summary(id, 1),
  messages,
  staffReadUpTo: 0,
  visitorReadUpTo: 0,
  ratingComment: null,
  resolvedAt: null,
  reopened: 0,
  context: { page: '/', assistantQuestion: null, server: null, incidents: [], maintenance: [], userAgent: null },
});

const counts = { open: 0, waiting: 0, unassigned: 0, mine: 0, unread: 0 };

describe('the console inbox state (docs/decisions.md 45)', () => {
  it('puts a conversation the stream announces first, once, and lays its changes over the open one', () => {
    let state = deskReducer(initialDesk, {
      type: 'page',
      page: { conversations: [summary('a', 2), summary('b', 1)], nextCursor: null, counts },
      append: false,
    });
    state = deskReducer(state, { type: 'stream', event: { event: 'conversation', data: { conversation: summary('b', 3) } } });
    expect(state.conversations.map((c) => c.id)).toEqual(['b', 'a']);
    state = deskReducer(state, { type: 'open', detail: detail('b', [message(1)]) });
    state = deskReducer(state, { type: 'stream', event: { event: 'conversation', data: { conversation: summary('b', 3, { state: 'resolved' }) } } });
    expect(state.open?.state).toBe('resolved');
    expect(state.open?.messages).toHaveLength(1);
  });

  it('adds a message to the open conversation once, replacing the copy with the same clientId, and ignores other conversations', () => {
    let state = deskReducer(initialDesk, { type: 'open', detail: detail('a', [message(1)]) });
    const reply = message(5, { author: 'staff', clientId: 'x1' });
    state = deskReducer(state, { type: 'stream', event: { event: 'message', data: { conversationId: 'a', message: reply } } });
    state = deskReducer(state, { type: 'stream', event: { event: 'message', data: { conversationId: 'a', message: reply } } });
    state = deskReducer(state, { type: 'stream', event: { event: 'message', data: { conversationId: 'other', message: message(6) } } });
    expect(state.open?.messages.map((m) => m.id)).toEqual([1, 5]);
  });

  it("shows the visitor's typing until their message arrives, and moves read marks only forward", () => {
    let state = deskReducer(initialDesk, { type: 'open', detail: detail('a', []) });
    const typing = { conversationId: 'a', author: 'visitor' as const, staffId: null, name: null, typing: true };
    state = deskReducer(state, { type: 'stream', event: { event: 'typing', data: typing } });
    expect(state.visitorTyping).toBe(true);
    state = deskReducer(state, { type: 'stream', event: { event: 'message', data: { conversationId: 'a', message: message(2) } } });
    expect(state.visitorTyping).toBe(false);
    state = deskReducer(state, { type: 'stream', event: { event: 'read', data: { conversationId: 'a', author: 'visitor', upTo: 9 } } });
    state = deskReducer(state, { type: 'stream', event: { event: 'read', data: { conversationId: 'a', author: 'visitor', upTo: 4 } } });
    expect(state.open?.visitorReadUpTo).toBe(9);
  });
});
