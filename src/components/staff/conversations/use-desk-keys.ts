// The desk's fragment and keys: #conversations/<id> opens a conversation (links, Back, the
// Overview's links), and its heading takes the focus; / goes to the search, j and k (or the
// arrows in the list) move between conversations, Escape closes the open one and puts the focus
// back on it in the list.
import { useEffect, useRef } from 'react';

/** The conversation a fragment opens: #conversations/<id>. */
function openIdOfHash(): string | undefined {
  const [section, id] = location.hash.replace(/^#/, '').split('/');
  return section === 'conversations' && id ? decodeURIComponent(id) : undefined;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useDeskKeys(openConversation: (id: string | undefined) => Promise<void>, openId: string | undefined) {
  const list = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A conversation opened by a link or a key takes the focus once it has loaded.
  const focusOnOpen = useRef(false);

  useEffect(() => {
    const onHash = () => {
      // Only the desk's own fragments open and close conversations (not the skip link's #main).
      if (!location.hash.startsWith('#conversations')) return;
      const id = openIdOfHash();
      focusOnOpen.current = id !== undefined;
      void openConversation(id);
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [openConversation]);

  useEffect(() => {
    if (!openId || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    heading.current?.focus();
  }, [openId]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTyping(event.target)) return;
      if (event.key === 'Escape' && openId) {
        event.preventDefault();
        // Replaced, not pushed: Back then leaves the desk as it would have before the conversation opened.
        history.replaceState(null, '', '#conversations');
        void openConversation(undefined);
        list.current?.querySelector<HTMLElement>(`[data-conversation-id="${CSS.escape(openId)}"]`)?.focus();
        return;
      }
      if (event.key === '/') {
        event.preventDefault();
        search.current?.focus();
        return;
      }
      const inList = event.target instanceof Node && list.current?.contains(event.target);
      const step = event.key === 'j' || (inList && event.key === 'ArrowDown') ? 1 : event.key === 'k' || (inList && event.key === 'ArrowUp') ? -1 : 0;
      const links = step ? [...(list.current?.querySelectorAll<HTMLAnchorElement>('a[data-conversation-id]') ?? [])] : [];
      if (links.length === 0) return;
      event.preventDefault();
      // From the focused conversation, else the open one, else the first (j) or the last (k).
      const focused = links.indexOf(document.activeElement as HTMLAnchorElement);
      const from = focused >= 0 ? focused : links.findIndex((a) => a.dataset.conversationId === openId);
      const to = from < 0 ? (step > 0 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, from + step));
      links[to]!.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openId, openConversation]);

  return { list, search, heading };
}
