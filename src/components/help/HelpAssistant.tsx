import {
  ArrowLeft,
  Bot,
  ChevronRight,
  CreditCard,
  Gamepad2,
  Globe,
  Headset,
  LifeBuoy,
  Loader2,
  MessageCircle,
  Search,
  Server,
  Shield,
  Wrench,
  X,
} from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type MouseEvent as ReactMouseEvent } from 'react';
import type { HelpCategory, HelpFaq, HelpIconName, HelpLink } from '../../data/help.ts';
import { helpDialogId, onHelpAssistantToggle } from '../../lib/help-assistant-store.ts';
import { rememberedConversation } from '../../lib/support-memory.ts';
import { onCookieBannerOffset } from '../consent/banner-offset.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { type HelpContent, loadHelpContent } from './help-content.ts';
import { createHelpSearch, noMatchMessage } from './help-search.ts';

const icons: Record<HelpIconName, typeof Gamepad2> = {
  gamepad: Gamepad2,
  server: Server,
  globe: Globe,
  'credit-card': CreditCard,
  shield: Shield,
  wrench: Wrench,
  'life-buoy': LifeBuoy,
};

/** A chat message: id, text, isBot, timestamp, optional category and links. */
interface ChatMessage {
  id: number;
  text: string;
  isBot: boolean;
  timestamp: number;
  category?: string;
  /** A bold first line (the question an answer belongs to). */
  title?: string;
  links?: HelpLink[];
  /** The no-match answer offers the categories too. */
  offerCategories?: boolean;
}

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
  const [open, setOpen] = useState(false);
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
  /** The cookie banner's height on phones: the button floats above it. */
  const [bannerOffset, setBannerOffset] = useState(0);
  /** A text field of the page has focus: on phones the button steps aside (see below). */
  const [typing, setTyping] = useState(false);
  const titleId = useId();
  const searchId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
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

  useEffect(() => onHelpAssistantToggle(setOpen), []);

  // A conversation this browser has open comes back first when the assistant opens (it survives a reload).
  useEffect(() => {
    if (open && rememberedConversation()) setView('person');
  }, [open]);

  useEffect(() => {
    if (!open || content) return;
    setContentProblem(undefined);
    loadHelpContent().then(setContent, () => setContentProblem('The help articles could not be loaded. Check your connection and open the assistant again.'));
  }, [open, content]);

  // The dialog may open without React: a command button, even before this island hydrated.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (element.open) setOpen(true);
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === 'open');
    element.addEventListener('toggle', onToggle);
    // Browsers without invoker commands: the same buttons open it once this island runs.
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest(`button[commandfor="${helpDialogId}"]`)) setOpen(true);
    };
    const commands = 'command' in HTMLButtonElement.prototype;
    if (!commands) document.addEventListener('click', onClick);
    return () => {
      element.removeEventListener('toggle', onToggle);
      if (!commands) document.removeEventListener('click', onClick);
    };
  }, []);
  useEffect(() => onCookieBannerOffset(setBannerOffset), []);

  // The state drives the native dialog; Escape closes it natively and `onClose` follows.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      searchInput.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies(messages): new messages are the trigger, to scroll them into view.
  useEffect(() => {
    if (view === 'chat') messageEnd.current?.scrollIntoView({ block: 'nearest' });
  }, [messages, view]);

  useEffect(() => () => search.cancel(), [search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies(messages): a choice that changes only the messages moves the focus as well.
  useEffect(() => {
    if (!focusView.current) return;
    focusView.current = false;
    (view === 'faqs' ? faqsHeading.current : view === 'chat' ? conversation.current : view === 'person' ? personHeading.current : searchInput.current)?.focus();
  }, [view, messages]);

  // On a phone the keyboard pushes the focused field to the bottom of the screen, where this
  // button floats: it steps aside while the visitor types (the console's Send, a form's button).
  useEffect(() => {
    const isTextField = (el: EventTarget | null) =>
      el instanceof HTMLElement &&
      !dialog.current?.contains(el) &&
      el.matches('input:not([type=checkbox],[type=radio],[type=button],[type=submit]), textarea, select, [contenteditable=""], [contenteditable="true"]');
    const onFocusIn = (event: FocusEvent) => setTyping(isTextField(event.target));
    const onFocusOut = (event: FocusEvent) => {
      if (!isTextField(event.relatedTarget)) setTyping(false);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  // The page behind the modal does not scroll while it is open; where the scrollbar takes room,
  // the same room is kept as padding, so nothing behind the backdrop shifts sideways.
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const { overflow, paddingRight } = root.style;
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = 'hidden';
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
    return () => {
      root.style.overflow = overflow;
      root.style.paddingRight = paddingRight;
    };
  }, [open]);

  // A click on the backdrop (outside the dialog's box) closes it, as the dimmed page invites.
  const onDialogClick = (event: ReactMouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) hide();
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

  const personButton = (
    <button type="button" onClick={talkToPerson} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <Headset aria-hidden="true" className="size-4" />
      {talkToPersonLabel}
    </button>
  );

  const categoryFaqs = category && content ? content.faqs.filter((f) => f.category === category.id) : [];
  const waitingLine = (
    <p role="status" className="py-10 text-center text-sm text-slate-300">
      {contentProblem ?? 'Loading…'}
    </p>
  );

  return (
    <>
      <button
        type="button"
        command="show-modal"
        commandfor={helpDialogId}
        aria-haspopup="dialog"
        aria-label="Open help assistant"
        style={{ '--cookie-banner-offset': `${bannerOffset}px` } as CSSProperties}
        className={`${typing ? 'max-sm:invisible ' : ''}fixed right-4 bottom-4 z-40 translate-y-[calc(-1*var(--cookie-banner-offset,0px))] inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-xl shadow-brand-900/40 ring-1 ring-white/20 transition-transform hover:scale-105 hover:bg-brand-500 sm:right-6 sm:bottom-6 sm:translate-y-0`}
      >
        <MessageCircle aria-hidden="true" className="size-6" />
      </button>
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
            <p className="text-xs text-slate-300">Our articles first, and our team 24/7</p>
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
            <div>
              <p className="px-1 pb-3 text-sm text-slate-300">Hi! What can we help you with?</p>
              <ul className="grid gap-2" aria-label="Help categories">
                {categories.map((c) => {
                  const Icon = icons[c.icon];
                  return (
                    <li key={c.id}>
                      <button
                        type="button"
                        onClick={() => chooseCategory(c)}
                        className="flex w-full items-center gap-3 rounded-xl border border-white/5 bg-surface-800/70 p-3 text-left transition-colors hover:border-brand-400/50 hover:bg-surface-800"
                      >
                        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-500/15 text-brand-300">
                          <Icon aria-hidden="true" className="size-5" />
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="block text-sm font-semibold text-white">{c.name}</span>
                          <span className="block text-xs text-slate-300">{c.description}</span>
                        </span>
                        <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
                      </button>
                    </li>
                  );
                })}
              </ul>
              <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-white/10 pt-4">{personButton}</div>
            </div>
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
            <div>
              <h3 ref={faqsHeading} tabIndex={-1} className="px-1 pb-3 text-sm font-semibold text-white focus:outline-none">
                {category.name}
              </h3>
              {!content ? (
                waitingLine
              ) : categoryFaqs.length > 0 ? (
                <ul className="grid gap-2" aria-label={`${category.name} questions`}>
                  {categoryFaqs.map((f) => (
                    <li key={f.id}>
                      <button
                        type="button"
                        onClick={() => chooseFaq(f)}
                        className="flex w-full items-center gap-3 rounded-xl border border-white/5 bg-surface-800/70 p-3 text-left text-sm text-white transition-colors hover:border-brand-400/50 hover:bg-surface-800"
                      >
                        <span className="flex-1">{f.question}</span>
                        <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="rounded-xl border border-white/5 bg-surface-800/70 p-4 text-sm text-slate-300">
                  <p>We don't have articles for {category.name} here yet. Our team is happy to help you directly.</p>
                  <LinkList links={fallbackLinks} />
                </div>
              )}
            </div>
          ) : (
            <ol ref={conversation} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none" aria-label="Conversation">
              {messages.map((m) => (
                <li key={m.id} className={m.isBot ? 'mr-6' : 'ml-10 self-end'}>
                  <div
                    className={`rounded-2xl px-3.5 py-2.5 text-sm ${m.isBot ? 'rounded-tl-sm bg-surface-800 text-slate-200' : 'rounded-tr-sm bg-brand-600 text-white'}`}
                  >
                    <span className="sr-only">{m.isBot ? 'Assistant: ' : 'You: '}</span>
                    {m.title && <strong className="mb-1 block text-white">{m.title}</strong>}
                    <p>{m.text}</p>
                    {m.links && m.links.length > 0 && <LinkList links={m.links} />}
                  </div>
                </li>
              ))}
              {view === 'chat' && messages.some((m) => m.offerCategories) && (
                <li className="mr-6">
                  <button type="button" onClick={toCategories} className="text-sm font-medium text-brand-300 underline-offset-4 hover:underline">
                    Browse help categories
                  </button>
                </li>
              )}
              {view === 'chat' && (
                <li className="mr-6 flex flex-wrap items-center gap-2 text-sm text-slate-300">
                  {messages.some((m) => m.offerCategories) || !content ? null : <span>{content.chat.notWhatYouNeeded}</span>}
                  {personButton}
                </li>
              )}
            </ol>
          )}
          <div ref={messageEnd} />
        </div>
      </dialog>
    </>
  );
}

/** Links without a second one to the same place (an answer's own link and the fallback's). */
function withoutRepeats(links: HelpLink[]): HelpLink[] {
  return links.filter((l, i) => links.findIndex((o) => o.url === l.url) === i);
}

function LinkList({ links }: { links: HelpLink[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {links.map((l) => (
        <li key={`${l.url}-${l.text}`}>
          <a
            href={l.url}
            className="inline-flex items-center gap-1 rounded-full bg-brand-500/15 px-3 py-1 text-xs font-medium text-brand-300 ring-1 ring-brand-400/30 hover:bg-brand-500/25"
          >
            {l.text}
          </a>
        </li>
      ))}
    </ul>
  );
}
