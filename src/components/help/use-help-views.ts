// The help assistant's views and what moves between them (categories → a category's FAQs →
// answers, or a person): the search as the visitor types, the choices, and the focus that
// follows a choice to the new view (not while typing). HelpAssistant.tsx draws them.
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { HelpCategory, HelpFaq, HelpLink } from '../../data/help.ts';
import { rememberedConversation } from '../../lib/support-memory.ts';
import type { ChatMessage } from './HelpConversation.tsx';
import { withoutRepeats } from './HelpLinks.tsx';
import { loadHelpContent } from './help-content.ts';
import { createHelpSearch, noMatchMessage } from './help-search.ts';

export type HelpView = 'categories' | 'faqs' | 'chat' | 'person';

export function useHelpViews(fallbackLinks: HelpLink[], open: boolean, searchInput: RefObject<HTMLInputElement | null>) {
  const [view, setView] = useState<HelpView>('categories');
  const [category, setCategory] = useState<HelpCategory | undefined>();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [query, setQuery] = useState('');
  const [loading, setLoading] = useState(false);
  /** The last question searched, handed to the team with a conversation it led to. */
  const [lastQuestion, setLastQuestion] = useState<string>();
  const personHeading = useRef<HTMLHeadingElement>(null);
  const nextId = useRef(1);
  const messageEnd = useRef<HTMLDivElement>(null);
  const faqsHeading = useRef<HTMLHeadingElement>(null);
  const conversation = useRef<HTMLOListElement>(null);
  /** After a choice (not while typing), focus follows to the new view. */
  const focusView = useRef(false);

  const message = useCallback((m: Omit<ChatMessage, 'id' | 'timestamp'>): ChatMessage => ({ ...m, id: nextId.current++, timestamp: Date.now() }), []);

  const search = useMemo(
    () =>
      createHelpSearch(() => loadHelpContent().then((c) => c.entries), {
        onLoading: setLoading,
        onResult(q, matches) {
          setLastQuestion(q);
          const question = message({ text: q, isBot: false });
          const answers =
            matches.length === 0
              ? [message({ text: noMatchMessage(q), isBot: true, links: fallbackLinks, offerCategories: true })]
              : [
                  message({ text: `Here is what I found for "${q}":`, isBot: true }),
                  ...matches.slice(0, 4).map((m) => message({ title: m.question, text: m.answer, isBot: true, links: m.links })),
                ];
          setMessages([question, ...answers]);
          setView('chat');
        },
      }),
    // The links never change on a page; the search lives as long as the widget.
    [fallbackLinks, message],
  );

  // A conversation this browser has open comes back first when the assistant opens (it survives a reload).
  useEffect(() => {
    if (open && rememberedConversation()) setView('person');
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies(messages): new messages are the trigger, to scroll them into view.
  useEffect(() => {
    if (view === 'chat') messageEnd.current?.scrollIntoView({ block: 'nearest' });
  }, [messages, view]);

  useEffect(() => () => search.cancel(), [search]);

  // The island loads on the first touch (docs/decisions.md 88): text typed into the
  // server-rendered box before it did is taken over and searched, as if typed now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration.
  useEffect(() => {
    const typed = searchInput.current?.value ?? '';
    if (typed === '') return;
    setQuery(typed);
    search.input(typed);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a choice that changes only the messages moves the focus as well; searchInput is a ref.
  useEffect(() => {
    if (!focusView.current) return;
    focusView.current = false;
    (view === 'faqs' ? faqsHeading.current : view === 'chat' ? conversation.current : view === 'person' ? personHeading.current : searchInput.current)?.focus();
  }, [view, messages]);

  const typed = (text: string) => {
    setQuery(text);
    search.input(text);
  };

  const toCategories = () => {
    search.cancel();
    setQuery('');
    setView('categories');
    setCategory(undefined);
    setMessages([]);
    searchInput.current?.focus();
  };

  const chooseCategory = (c: HelpCategory) => {
    focusView.current = true;
    setCategory(c);
    setView('faqs');
  };

  const chooseFaq = (faq: HelpFaq) => {
    focusView.current = true;
    setMessages([
      message({ text: faq.question, isBot: false, category: faq.category }),
      message({ text: faq.answer, isBot: true, category: faq.category, links: withoutRepeats([...faq.links, ...fallbackLinks]) }),
    ]);
    setView('chat');
  };

  const talkToPerson = () => {
    search.cancel();
    focusView.current = true;
    setView('person');
  };

  return {
    view,
    category,
    messages,
    query,
    loading,
    lastQuestion,
    refs: { personHeading, messageEnd, faqsHeading, conversation },
    typed,
    submit: () => search.input(query),
    cancelSearch: () => search.cancel(),
    toCategories,
    chooseCategory,
    chooseFaq,
    talkToPerson,
  };
}
