// The visitor's side of a conversation with the team: which conversation is open (the one this
// browser remembers, or its newest unresolved one), its messages live from the stream, the
// team's typing and read state, and the actions. One reducer, so every event is applied in one
// place whether it came from the stream or from an answer.
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { SupportStatus, VisitorConversation, VisitorConversationSummary, VisitorMessage } from '../../../contracts/support.ts';
import type { VisitorStreamEvent } from '../../../contracts/support-streams.ts';
import { typingTtlMs } from '../../../contracts/support-rules.ts';
import { messageOf } from '../../lib/api-client.ts';
import { rememberConversation, rememberedConversation } from '../../lib/support-memory.ts';
import { openVisitorStream, visitorApi } from './visitor-api.ts';

export type ChatPhase = 'loading' | 'failed' | 'new' | 'open';

export interface VisitorChatState {
  phase: ChatPhase;
  status: SupportStatus | undefined;
  conversation: VisitorConversation | undefined;
  /** Every conversation this browser may open: its own and those continue links added (docs/decisions.md 73). */
  conversations: VisitorConversationSummary[];
  /** The name of the team member typing now, or undefined. */
  typing: string | undefined;
  problem: string | undefined;
}

type Action =
  | { type: 'loaded'; status: SupportStatus; conversation: VisitorConversation | undefined; conversations: VisitorConversationSummary[] }
  | { type: 'listed'; conversations: VisitorConversationSummary[] }
  | { type: 'failed'; problem: string }
  | { type: 'conversation'; conversation: VisitorConversation }
  | { type: 'stream'; event: VisitorStreamEvent }
  | { type: 'typing-ended' }
  | { type: 'new' };

/** Adds or replaces a message (by id, or the optimistic copy by clientId), keeping id order. */
function withMessage(messages: VisitorMessage[], message: VisitorMessage): VisitorMessage[] {
  const rest = messages.filter((m) => m.id !== message.id && !(message.clientId && m.clientId === message.clientId));
  return [...rest, message].sort((a, b) => a.id - b.id);
}

function reduce(state: VisitorChatState, action: Action): VisitorChatState {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        phase: action.conversation ? 'open' : 'new',
        status: action.status,
        conversation: action.conversation,
        conversations: action.conversations,
        problem: undefined,
      };
    case 'listed':
      return { ...state, conversations: action.conversations };
    case 'failed':
      return { ...state, phase: state.phase === 'loading' ? 'failed' : state.phase, problem: action.problem };
    case 'conversation':
      return { ...state, phase: 'open', conversation: action.conversation, problem: undefined };
    case 'typing-ended':
      return { ...state, typing: undefined };
    case 'new':
      return { ...state, phase: 'new', conversation: undefined, typing: undefined };
    case 'stream': {
      const { event } = action;
      if (event.event === 'presence') return { ...state, status: event.data };
      // Read again by the stream's owner (useVisitorChat), as after a reconnect.
      if (event.event === 'resync') return state;
      const c = state.conversation;
      if (!c || event.data.conversationId !== c.id) return state;
      switch (event.event) {
        case 'message':
          return {
            ...state,
            conversation: { ...c, messages: withMessage(c.messages, event.data.message) },
            typing: event.data.message.author === 'staff' ? undefined : state.typing,
          };
        case 'typing':
          return event.data.author === 'staff' ? { ...state, typing: event.data.typing ? (event.data.name ?? 'Our team') : undefined } : state;
        case 'read':
          return event.data.author === 'staff' ? { ...state, conversation: { ...c, staffReadUpTo: Math.max(c.staffReadUpTo, event.data.upTo) } } : state;
        case 'state': {
          const { state: now, assignee, canRate, email, emailVerified } = event.data;
          return { ...state, conversation: { ...c, state: now, assignee, canRate, email, emailVerified } };
        }
      }
    }
  }
}

const newClientId = () => crypto.randomUUID().replaceAll('-', '');

export function useVisitorChat(options: { conversationId?: string; page: string; assistantQuestion?: string }) {
  const [state, dispatch] = useReducer(reduce, {
    phase: 'loading',
    status: undefined,
    conversation: undefined,
    conversations: [],
    typing: undefined,
    problem: undefined,
  });
  const { conversationId, page, assistantQuestion } = options;
  const id = state.conversation?.id;

  const load = useCallback(async () => {
    try {
      const list = await visitorApi.list();
      const wanted = conversationId ?? rememberedConversation();
      const known = list.conversations.find((c) => c.id === wanted) ?? list.conversations.find((c) => c.state !== 'resolved');
      const conversation = known ? await visitorApi.get(known.id) : undefined;
      rememberConversation(conversation?.id);
      dispatch({ type: 'loaded', status: list.status, conversation, conversations: list.conversations });
    } catch (error) {
      dispatch({ type: 'failed', problem: messageOf(error) });
    }
  }, [conversationId]);

  useEffect(() => {
    void load();
  }, [load]);

  // The live stream while a conversation is open; after a reconnect the conversation is read again.
  useEffect(() => {
    if (!id) return;
    const readAgain = () => {
      visitorApi.get(id).then(
        (conversation) => dispatch({ type: 'conversation', conversation }),
        (error) => dispatch({ type: 'failed', problem: messageOf(error) }),
      );
    };
    // A resync (the server's link to the other instances came back) is read like a reconnect.
    return openVisitorStream(id, (event) => (event.event === 'resync' ? readAgain() : dispatch({ type: 'stream', event })), readAgain);
  }, [id]);

  // A typing state ends by itself unless renewed, as the server's does.
  useEffect(() => {
    if (!state.typing) return;
    const timer = setTimeout(() => dispatch({ type: 'typing-ended' }), typingTtlMs);
    return () => clearTimeout(timer);
  }, [state.typing]);

  // What the visitor has on screen counts as read: the team sees "Seen".
  const newestFromTeam = state.conversation?.messages.findLast((m) => m.author !== 'visitor')?.id ?? 0;
  // The mark sent, per conversation (the visitor may switch between theirs).
  const readUpTo = useRef({ id: '', upTo: 0 });
  useEffect(() => {
    const c = state.conversation;
    const sent = readUpTo.current.id === c?.id ? readUpTo.current.upTo : 0;
    if (!c || newestFromTeam <= Math.max(c.visitorReadUpTo, sent)) return;
    readUpTo.current = { id: c.id, upTo: newestFromTeam };
    visitorApi.read(c.id, newestFromTeam).catch(() => {
      readUpTo.current = { id: '', upTo: 0 }; // tried again with the next message
    });
  }, [state.conversation, newestFromTeam]);

  const start = useCallback(
    async (text: string, email: string | undefined) => {
      const conversation = await visitorApi.start({ text, page, assistantQuestion, email: email || undefined, clientId: newClientId() });
      rememberConversation(conversation.id);
      dispatch({ type: 'conversation', conversation });
      visitorApi.list().then(
        (list) => dispatch({ type: 'listed', conversations: list.conversations }),
        () => undefined, // the other conversations stay as listed before
      );
    },
    [page, assistantQuestion],
  );

  /** Opens another of this browser's conversations. */
  const open = useCallback(async (other: string) => {
    try {
      const conversation = await visitorApi.get(other);
      rememberConversation(conversation.id);
      dispatch({ type: 'conversation', conversation });
    } catch (error) {
      dispatch({ type: 'failed', problem: messageOf(error) });
    }
  }, []);

  const send = useCallback(
    async (text: string) => {
      if (!id) return;
      const clientId = newClientId();
      const message = await visitorApi.send(id, text, clientId);
      dispatch({ type: 'stream', event: { event: 'message', data: { conversationId: id, message } } });
    },
    [id],
  );

  const replace = useCallback((conversation: VisitorConversation) => dispatch({ type: 'conversation', conversation }), []);

  const startOver = useCallback(() => {
    rememberConversation(undefined);
    dispatch({ type: 'new' });
  }, []);

  return { state, load, start, send, replace, startOver, open };
}
