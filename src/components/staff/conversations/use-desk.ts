// The state of the console's inbox of conversations (docs/decisions.md 45): the reducer in
// desk-state.ts, fed by the API and the desk's live stream, with the section's notices
// (use-notices.ts) for what was done and what failed.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ConversationSummary } from '../../../../contracts/support-staff-api.ts';
import { type ConversationView, type MessageKind, typingTtlMs } from '../../../../contracts/support-rules.ts';
import { useNotices } from '../use-notices.ts';
import { conversationsApi, openDeskStream } from './conversations-api.ts';
import { deskReducer, initialDesk } from './desk-state.ts';

export interface DeskFilter {
  q: string;
  view: ConversationView;
}

const newClientId = () => crypto.randomUUID().replaceAll('-', '');

/**
 * `onNewConversation` hears of each conversation that appears while the console is open (for
 * the person's alerts).
 */
export function useDesk(problem: (error: unknown) => string, onNewConversation: (conversation: ConversationSummary) => void) {
  const [state, dispatch] = useReducer(deskReducer, initialDesk);
  const notices = useNotices(problem);
  // The notices' functions are new at each render; this one stays, so effects need not restart.
  const noticeFailed = useRef(notices.failed);
  noticeFailed.current = notices.failed;
  const failed = useCallback((error: unknown) => noticeFailed.current(error), []);
  const [filter, setFilter] = useState<DeskFilter>({ q: '', view: 'all' });
  const [openId, setOpenId] = useState<string>();
  const known = useRef(new Set<string>());
  const alert = useRef(onNewConversation);
  alert.current = onNewConversation;

  const reload = useCallback(async () => {
    try {
      const page = await conversationsApi.list({ q: filter.q || undefined, view: filter.view });
      for (const c of page.conversations) known.current.add(c.id);
      dispatch({ type: 'page', page, append: false });
    } catch (error) {
      failed(error);
    }
  }, [filter, failed]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const loadMore = async () => {
    if (!state.nextCursor) return;
    try {
      dispatch({ type: 'page', page: await conversationsApi.list({ q: filter.q || undefined, view: filter.view, cursor: state.nextCursor }), append: true });
    } catch (error) {
      failed(error);
    }
  };

  const openConversation = useCallback(
    async (id: string | undefined) => {
      setOpenId(id);
      if (!id) return dispatch({ type: 'open', detail: undefined });
      try {
        dispatch({ type: 'open', detail: await conversationsApi.get(id) });
      } catch (error) {
        failed(error);
      }
    },
    [failed],
  );

  // The desk's stream: every change arrives here; after a reconnect the list and the open conversation are read again.
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const openRef = useRef(openId);
  openRef.current = openId;
  useEffect(() => {
    const readAgain = () => {
      void reloadRef.current();
      if (openRef.current) void openConversation(openRef.current);
    };
    return openDeskStream((event) => {
      // The server's link to the other instances came back: read again, as after a reconnect.
      if (event.event === 'resync') return readAgain();
      if (event.event === 'conversation') {
        const c = event.data.conversation;
        if (!known.current.has(c.id)) {
          known.current.add(c.id);
          alert.current(c);
        }
      }
      dispatch({ type: 'stream', event });
      if (event.event === 'conversation') conversationsApi.counts().then((counts) => dispatch({ type: 'counts', counts }), failed);
    }, readAgain);
  }, [openConversation, failed]);

  useEffect(() => {
    conversationsApi.availability().then((answer) => dispatch({ type: 'availability', answer }), failed);
  }, [failed]);

  // A visitor's typing ends by itself unless renewed.
  useEffect(() => {
    if (!state.visitorTyping) return;
    const timer = setTimeout(() => dispatch({ type: 'visitor-typing-ended' }), typingTtlMs);
    return () => clearTimeout(timer);
  }, [state.visitorTyping]);

  // What the person has open counts as read by the team: the visitor sees "Seen".
  const open = state.open;
  const newestFromVisitor = open?.messages.findLast((m) => m.author === 'visitor')?.id ?? 0;
  useEffect(() => {
    if (!open || newestFromVisitor <= open.staffReadUpTo || document.visibilityState !== 'visible') return;
    conversationsApi.read(open.id, newestFromVisitor).catch(failed);
  }, [open, newestFromVisitor, failed]);

  const changed = (summary: ConversationSummary) => dispatch({ type: 'summary', summary });

  return {
    state,
    notices: { ...notices, failed },
    filter,
    setFilter,
    reload,
    loadMore,
    openConversation,
    post: async (text: string, kind: MessageKind) => {
      if (!open) return;
      const message = await conversationsApi.post(open.id, text, kind, newClientId());
      dispatch({ type: 'stream', event: { event: 'message', data: { conversationId: open.id, message } } });
    },
    typing: (typing: boolean) => {
      if (open) conversationsApi.typing(open.id, typing).catch(() => undefined); // a lost typing signal only hides the dots
    },
    resolve: () => open && notices.run(async () => changed(await conversationsApi.resolve(open.id)), 'Resolved. The visitor is asked whether it was solved.'),
    reopen: () => open && notices.run(async () => changed(await conversationsApi.reopen(open.id)), 'Reopened.'),
    assign: (staffId: string | null) =>
      open && notices.run(async () => changed(await conversationsApi.assign(open.id, staffId)), staffId ? 'Assigned.' : 'Nobody is assigned now.'),
    setAvailable: async (available: boolean) => {
      dispatch({ type: 'available', available });
      const done = await notices.run(
        async () => dispatch({ type: 'availability', answer: await conversationsApi.setAvailability(available) }),
        available ? 'You are available for chat.' : 'You are not available for chat.',
      );
      if (!done) dispatch({ type: 'available', available: !available });
    },
  };
}
