import { ArrowLeft, Bot, Headset, Loader2, Search, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { HelpCategory, HelpFaq, HelpLink } from '../../data/help.ts';
import { helpDialogId } from '../../lib/help-assistant-store.ts';
import { rememberedConversation } from '../../lib/support-memory.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { HelpCategories } from './HelpCategories.tsx';
import { type ChatMessage, HelpConversation } from './HelpConversation.tsx';
import { HelpFaqList } from './HelpFaqList.tsx';
import { HelpLauncher } from './HelpLauncher.tsx';
import { withoutRepeats } from './HelpLinks.tsx';
import { type HelpContent, loadHelpContent } from './help-content.ts';
import { createHelpSearch, noMatchMessage } from './help-search.ts';
import { useHelpDialog } from './use-help-dialog.ts';

type View = 'categories' | 'faqs' | 'chat' | 'person';

/** The conversation with a person: its code loads only when a visitor opens it (docs/decisions.md 45). */
const VisitorChat = lazy(() => import('../support/VisitorChat.tsx'));

export interface HelpAssistantProps {
  categories: HelpCategory[];
  fallbackLinks: HelpLink[];
  /** The label of the button that starts a conversation with a person. */
  talkToPerson: string;
}

/**
 * The help assistant on every page: a floating button opening a modal dialog with a search
 * box and three views (categories → faqs → chat). The dialog is a native <dialog> shown modal:
 * the browser keeps focus inside, makes the page behind inert, closes it on Escape and returns
 * focus to where it was. Buttons open it declaratively (command="show-modal", see
 * helpDialogId), so they work in the page's HTML before any script has run; islands can also
 * call src/lib/help-assistant-store.ts.
 */
export function HelpAssistant({ categories, fallbackLinks, talkToPerson: talkToPersonLabel }: HelpAssistantProps) {
  const [view, setView] = useState<View>('categories');
  const [category, setCategory] = useState<HelpCategory | undefined>();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [query, setQuery] = useState('');
  const [loading, setLoading] = useState(false);
  /** The last question searched, handed to the team with a conversation it led to. */
  const [lastQuestion, setLastQuestion] = useState<string>();
  const personHeading = useRef<HTMLHeadingElement>(null);
  /** The FAQs, the searchable entries and the chat's texts, fetched when the assistant first opens. */
  const [content, setContent] = useState<HelpContent>();
  const [contentProblem, setContentProblem] = useState<string>();
  const titleId = useId();
  const searchId = useId();
  const searchInput = useRef<HTMLInputElement>(null);
  const { open, setOpen, dialog, onDialogClick } = useHelpDialog(searchInput);
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

  const hide = () => setOpen(false);

  // A conversation this browser has open comes back first when the assistant opens (it survives a reload).
  useEffect(() => {
    if (open && rememberedConversation()) setView('person');
  }, [open]);

  useEffect(() => {
    if (!open || content) return;
    setContentProblem(undefined);
    loadHelpContent().then(setContent, () => setContentProblem('The help articles could not be loaded. Check your connection and open the assistant again.'));
  }, [open, content]);

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

  // biome-ignore lint/correctness/useExhaustiveDependencies(messages): a choice that changes only the messages moves the focus as well.
  useEffect(() => {
    if (!focusView.current) return;
    focusView.current = false;
    (view === 'faqs' ? faqsHeading.current : view === 'chat' ? conversation.current : view === 'person' ? personHeading.current : searchInput.current)?.focus();
  }, [view, messages]);

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

  const personButton = (
    <button type="button" onClick={talkToPerson} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <Headset aria-hidden="true" className="size-4" />
      {talkToPersonLabel}
    </button>
  );

  const waitingLine = (
    <p role="status" className="py-10 text-center text-sm text-slate-300">
      {contentProblem ?? 'Loading…'}
    </p>
  );

  return (
    <>
      <HelpLauncher />
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: only a click on the backdrop closes here; the keyboard's way is Escape, which the native dialog handles. */}
      <dialog
        ref={dialog}
        id={helpDialogId}
        aria-labelledby={titleId}
        onClose={() => {
          search.cancel();
          setOpen(false);
        }}
        onClick={onDialogClick}
        className="fixed inset-x-0 top-auto bottom-0 m-0 h-[min(85dvh,40rem)] max-h-none w-full max-w-none flex-col overflow-hidden rounded-t-2xl border border-white/10 bg-surface-900 p-0 text-slate-200 shadow-2xl backdrop:bg-black/50 open:flex sm:right-6 sm:bottom-6 sm:left-auto sm:w-[24rem] sm:rounded-2xl sm:backdrop:bg-black/30"
      >
        {/* Rendered while closed too, so a dialog opened before hydration has its content. */}
        <div className="flex items-center gap-3 border-b border-white/10 bg-gradient-to-r from-brand-700/60 to-surface-900 px-4 py-3">
          {view !== 'categories' && (
            <button type="button" onClick={toCategories} className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label="Back to categories">
              <ArrowLeft aria-hidden="true" className="size-5" />
            </button>
          )}
          <span className="inline-flex size-9 items-center justify-center rounded-full bg-brand-500/20 text-brand-300">
            <Bot aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-base font-semibold text-white">
              Help Assistant
            </h2>
            <p className="text-xs text-slate-300">Our articles first, then our team</p>
          </div>
          <button type="button" onClick={hide} className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label="Close help assistant">
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>

        <search>
          <form
            className="border-b border-white/10 p-3"
            onSubmit={(e) => {
              e.preventDefault();
              search.input(query);
            }}
          >
            <label htmlFor={searchId} className="sr-only">
              Search help articles
            </label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
              {/* biome-ignore lint/a11y/useSemanticElements: type="text" with the searchbox role, because in a type="search" field Escape only clears the text; here it closes the dialog. */}
              <input
                ref={searchInput}
                id={searchId}
                autoFocus
                type="text"
                role="searchbox"
                inputMode="search"
                enterKeyHint="search"
                value={query}
                autoComplete="off"
                placeholder="Search for help…"
                onChange={(e) => {
                  setQuery(e.target.value);
                  search.input(e.target.value);
                }}
                className="w-full rounded-lg border border-white/10 bg-surface-950 py-2 pr-3 pl-9 text-sm text-white placeholder:text-slate-400 focus:border-brand-400 focus:outline-none"
              />
            </div>
          </form>
        </search>

        <div className="flex-1 overflow-y-auto overscroll-contain p-3" aria-live="polite" aria-busy={loading}>
          {loading ? (
            <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-slate-300">
              <Loader2 aria-hidden="true" className="size-5 animate-spin text-brand-400 motion-reduce:animate-none" />
              Searching…
            </p>
          ) : view === 'categories' ? (
            <HelpCategories categories={categories} onChoose={chooseCategory} footer={personButton} />
          ) : view === 'person' ? (
            <div>
              <h3 ref={personHeading} tabIndex={-1} className="px-1 pb-3 text-sm font-semibold text-white focus:outline-none">
                {content?.chat.heading ?? talkToPersonLabel}
              </h3>
              {content ? (
                <Suspense fallback={waitingLine}>
                  <VisitorChat copy={content.chat} page={window.location.pathname} assistantQuestion={lastQuestion} />
                </Suspense>
              ) : (
                waitingLine
              )}
            </div>
          ) : view === 'faqs' && category ? (
            <HelpFaqList
              category={category}
              faqs={content?.faqs.filter((f) => f.category === category.id)}
              fallbackLinks={fallbackLinks}
              headingRef={faqsHeading}
              waiting={waitingLine}
              onChoose={chooseFaq}
            />
          ) : (
            <HelpConversation
              messages={messages}
              listRef={conversation}
              showActions={view === 'chat'}
              notWhatYouNeeded={content?.chat.notWhatYouNeeded}
              personButton={personButton}
              onCategories={toCategories}
            />
          )}
          <div ref={messageEnd} />
        </div>
      </dialog>
    </>
  );
}
