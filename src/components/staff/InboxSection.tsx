import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { InboxMessage, InboxMessageDetail, InboxPage } from '../../../contracts/staff-contact.ts';
import { inboxViews, searchMaxLength, type ContactChannel, type InboxView } from '../../../contracts/staff-contact-rules.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../ui/Button.tsx';
import type { SectionProps } from './section-props.ts';
import { contactApi } from './contact-api.ts';
import { formatRelative } from './format.ts';
import { channelLabels, messageBadges } from './inbox-format.ts';
import { InboxMessageView } from './InboxMessageView.tsx';
import { Notice } from './Notice.tsx';
import { badge, badgeTones, card, input, label, muted, subTitle } from './staff-styles.ts';
import { refreshUnansweredCount, setUnansweredCount } from './unanswered-count.ts';
import { VisibleText } from './VisibleText.tsx';

const viewLabels: Record<InboxView, string> = {
  all: 'All messages',
  unanswered: 'Unanswered',
  answered: 'Answered',
  failed: 'Delivery failed',
};

/** While a message has a delivery under way, it is read again this often (a retry arrives within seconds). */
const followEveryMs = 2_000;
const followAtMostMs = 60_000;

/** The message a fragment opens: #inbox/<id>. */
function openIdOfHash(): string | undefined {
  const [section, id] = location.hash.replace(/^#/, '').split('/');
  return section === 'inbox' && id ? decodeURIComponent(id) : undefined;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The list's summary of a message, from its detail (after an action on it). */
function summaryOf(detail: InboxMessageDetail, before: InboxMessage): InboxMessage {
  return { ...before, answeredAt: detail.answeredAt, answeredBy: detail.answeredBy, deliveries: detail.deliveries };
}

function MessageItem({ message, open }: { message: InboxMessage; open: boolean }) {
  return (
    <li>
      <a
        href={`#inbox/${message.id}`}
        data-message-id={message.id}
        aria-current={open ? 'true' : undefined}
        className={`block min-w-0 rounded-lg px-3 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 ${
          open ? 'bg-brand-600/20 ring-1 ring-brand-400/50 ring-inset' : 'hover:bg-white/5'
        }`}
      >
        <span className="flex items-baseline justify-between gap-3">
          <span className={`truncate ${message.answeredAt ? 'text-slate-200' : 'font-semibold text-white'}`}>
            <bdi>
              <VisibleText text={message.name} />
            </bdi>
          </span>
          <time dateTime={new Date(message.createdAt).toISOString()} className="shrink-0 text-xs text-slate-400">
            {formatRelative(message.createdAt)}
          </time>
        </span>
        <span className="block truncate text-sm text-slate-200">
          <bdi>
            <VisibleText text={message.subject} />
          </bdi>
        </span>
        <span className="mt-0.5 line-clamp-2 block text-xs [overflow-wrap:anywhere] text-slate-400">
          <VisibleText text={message.preview} />
        </span>
        <span className="mt-1.5 flex flex-wrap gap-1.5">
          {messageBadges(message).map((b) => (
            <span key={b.text} className={`${badge} ${badgeTones[b.tone]}`}>
              {b.text}
            </span>
          ))}
        </span>
      </a>
    </li>
  );
}

/**
 * The contact inbox: every message newest first, searchable and paged; a message opens beside
 * the list (below 1024 px: instead of it) at #inbox/<id>, so Back and links work. Keys: j and k
 * (or the arrows in the list) move between messages, Enter opens, Escape closes, / searches.
 */
export function InboxSection({ problem }: SectionProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [view, setView] = useState<InboxView>('all');
  const [applied, setApplied] = useState<{ q: string; view: InboxView }>({ q: '', view: 'all' });
  const [page, setPage] = useState<InboxPage>();
  const [listBusy, setListBusy] = useState(false);
  const [openId, setOpenId] = useState<string | undefined>(openIdOfHash);
  const [detail, setDetail] = useState<InboxMessageDetail>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const search = useRef<HTMLInputElement>(null);
  // A message named by the fragment when the inbox opens (a link from the Overview) takes the focus too.
  const focusOnOpen = useRef(openId !== undefined);
  const closedId = useRef<string | undefined>(undefined);
  const followSince = useRef(0);
  /** The id of the message on screen. */
  const shownId = useRef<string | undefined>(undefined);

  const fail = useCallback((e: unknown) => setError(problem(e)), [problem]);

  const load = useCallback(
    async (next: { q: string; view: InboxView }, cursor?: string) => {
      setListBusy(true);
      setError(undefined);
      try {
        const answer = await contactApi.list({ q: next.q || undefined, view: next.view, cursor });
        setPage((previous) => (cursor && previous ? { ...answer, messages: [...previous.messages, ...answer.messages] } : answer));
        setApplied(next);
        setUnansweredCount(answer.unanswered);
      } catch (e) {
        fail(e);
      } finally {
        setListBusy(false);
      }
    },
    [fail],
  );

  useEffect(() => {
    void load({ q: '', view: 'all' });
  }, [load]);

  // The open message follows the fragment (links, Back, Forward).
  useEffect(() => {
    const onHash = () => {
      // Only the inbox's own fragments open and close messages (not the skip link's #main).
      if (!location.hash.startsWith('#inbox')) return;
      const next = openIdOfHash();
      if (next) focusOnOpen.current = true;
      setOpenId(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const showDetail = useCallback((next: InboxMessageDetail) => {
    shownId.current = next.id;
    setDetail(next);
    setPage((current) => current && { ...current, messages: current.messages.map((m) => (m.id === next.id ? summaryOf(next, m) : m)) });
  }, []);

  /** A fresh copy of the message on screen, unless another one opened meanwhile. */
  const refreshShown = useCallback(
    (messageId: string) =>
      contactApi.message(messageId).then(
        (next) => {
          if (shownId.current === next.id) showDetail(next);
        },
        () => undefined,
      ),
    [showDetail],
  );

  useEffect(() => {
    if (!openId) {
      shownId.current = undefined;
      setDetail(undefined);
      return;
    }
    let cancelled = false;
    if (shownId.current !== openId) {
      shownId.current = undefined;
      setDetail(undefined);
      // What was said about the last message is not about this one.
      setDone(undefined);
      setError(undefined);
    }
    contactApi.message(openId).then(
      (message) => {
        if (!cancelled) showDetail(message);
      },
      (e: unknown) => {
        if (cancelled) return;
        fail(e);
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) setOpenId(undefined);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [openId, fail, showDetail]);

  // Focus: the message's heading when one opens; its entry in the list when it closes.
  useEffect(() => {
    if (detail && focusOnOpen.current) {
      focusOnOpen.current = false;
      heading.current?.focus();
    }
  }, [detail]);
  useEffect(() => {
    if (openId || !closedId.current) return;
    const entry = list.current?.querySelector<HTMLElement>(`[data-message-id="${closedId.current}"]`);
    closedId.current = undefined;
    (entry ?? document.getElementById(`${id}-list`))?.focus();
  }, [openId, id]);

  // After a retry, the message is read again until its deliveries are settled (or a minute passed).
  useEffect(() => {
    if (!detail?.deliveries.some((d) => d.status === 'pending') || Date.now() - followSince.current > followAtMostMs) return;
    const timer = setTimeout(() => void refreshShown(detail.id), followEveryMs);
    return () => clearTimeout(timer);
  }, [detail, refreshShown]);

  const close = useCallback(() => {
    closedId.current = openId;
    // Replaced, not pushed: Back then leaves the inbox as it would have before the message opened.
    history.replaceState(null, '', '#inbox');
    setOpenId(undefined);
  }, [openId]);

  // Keys: j/k and the arrows move through the list, Escape closes, / goes to the search field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTyping(event.target)) return;
      if (event.key === 'Escape' && openId) {
        event.preventDefault();
        close();
        return;
      }
      if (event.key === '/') {
        event.preventDefault();
        search.current?.focus();
        return;
      }
      const inList = event.target instanceof Node && list.current?.contains(event.target);
      const step = event.key === 'j' || (inList && event.key === 'ArrowDown') ? 1 : event.key === 'k' || (inList && event.key === 'ArrowUp') ? -1 : 0;
      if (!step || !list.current) return;
      const links = [...list.current.querySelectorAll<HTMLAnchorElement>('a[data-message-id]')];
      if (links.length === 0) return;
      event.preventDefault();
      // From the focused message, else the open one, else the first (j) or the last (k).
      const focused = links.indexOf(document.activeElement as HTMLAnchorElement);
      const from = focused >= 0 ? focused : links.findIndex((a) => a.dataset.messageId === openId);
      const to = from < 0 ? (step > 0 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, from + step));
      const next = links[to]!;
      // On a narrow screen the list is hidden while a message is open: j and k open the next one.
      if (next.offsetParent === null) location.hash = `inbox/${next.dataset.messageId}`;
      else next.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openId, close]);

  const act = async (run: () => Promise<string>) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      setDone(await run());
    } catch (e) {
      setError(problem(e));
      // Someone else changed it: show the message as it is now.
      if (e instanceof ApiError && e.status === 409 && openId) void refreshShown(openId);
    } finally {
      setBusy(false);
      void refreshUnansweredCount();
    }
  };

  const setAnswered = (answered: boolean) =>
    act(async () => {
      const next = await contactApi.setAnswered(detail!.id, answered);
      showDetail(next);
      setPage((current) => current && { ...current, unanswered: current.unanswered + (answered ? -1 : 1) });
      return answered ? 'Marked answered.' : 'Marked unanswered.';
    });

  const retry = (channel: ContactChannel) =>
    act(async () => {
      const answer = await contactApi.retry(detail!.id, channel);
      followSince.current = Date.now();
      showDetail(answer.message);
      return `Queued again for the ${channelLabels[channel].toLowerCase()}; it is being sent now.`;
    });

  const searching = applied.q !== '' || applied.view !== 'all';
  const messages = page?.messages ?? [];

  return (
    <div className="space-y-4">
      <search aria-label="Contact messages" className={`${card} ${openId ? 'hidden lg:block' : 'block'}`}>
        <form
          className="grid grid-cols-[1fr_auto] items-end gap-3 sm:grid-cols-[1fr_12rem_auto]"
          onSubmit={(event) => {
            event.preventDefault();
            void load({ q: text.trim(), view });
          }}
        >
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor={`${id}-q`} className={label}>
              Search
            </label>
            <input
              id={`${id}-q`}
              ref={search}
              type="search"
              className={input}
              value={text}
              maxLength={searchMaxLength}
              onChange={(e) => setText(e.target.value)}
              placeholder="Name, e-mail, subject or text"
              aria-describedby={`${id}-keys`}
            />
          </div>
          <div>
            <label htmlFor={`${id}-view`} className={label}>
              Show
            </label>
            <select id={`${id}-view`} className={input} value={view} onChange={(e) => setView(e.target.value as InboxView)}>
              {inboxViews.map((v) => (
                <option key={v} value={v}>
                  {viewLabels[v]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={listBusy}>
              Search
            </Button>
            {searching ? (
              <Button
                variant="ghost"
                disabled={listBusy}
                onClick={() => {
                  setText('');
                  setView('all');
                  void load({ q: '', view: 'all' });
                }}
              >
                Clear
              </Button>
            ) : null}
          </div>
          <p id={`${id}-keys`} className="col-span-2 hidden text-xs text-slate-400 sm:col-span-3 sm:block">
            Keys: <kbd className="font-mono">/</kbd> search, <kbd className="font-mono">j</kbd> and <kbd className="font-mono">k</kbd> next and previous
            message, Enter opens, Escape closes.
          </p>
        </form>
      </search>

      <Notice tone="error">{error}</Notice>
      <Notice tone="success">{done}</Notice>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
        <section
          aria-labelledby={`${id}-list`}
          aria-busy={listBusy}
          className={`min-w-0 rounded-xl border border-white/10 bg-surface-900 p-2 sm:p-3 ${openId ? 'hidden lg:block' : ''}`}
        >
          <div className="px-2 pt-1 pb-2">
            <h2 id={`${id}-list`} tabIndex={-1} className={`${subTitle} focus:outline-none`}>
              Messages
            </h2>
            <p role="status" className={muted}>
              {page === undefined
                ? 'Loading…'
                : page.total === 0
                  ? searching
                    ? 'No message matches.'
                    : 'No contact messages yet.'
                  : `${page.total} ${page.total === 1 ? 'message' : 'messages'}${searching ? ` ${page.total === 1 ? 'matches' : 'match'}` : ''}, newest first; ${page.unanswered} unanswered in all.`}
            </p>
          </div>
          {messages.length > 0 ? (
            <ul ref={list} className="space-y-1">
              {messages.map((m) => (
                <MessageItem key={m.id} message={m} open={m.id === openId} />
              ))}
            </ul>
          ) : null}
          {page?.nextCursor ? (
            <Button variant="secondary" size="sm" className="m-2" disabled={listBusy} onClick={() => void load(applied, page.nextCursor ?? undefined)}>
              Show older messages
            </Button>
          ) : null}
        </section>

        {openId ? (
          detail ? (
            <InboxMessageView message={detail} headingRef={heading} busy={busy} onClose={close} onAnswered={setAnswered} onRetry={retry} />
          ) : (
            <p className={`${card} ${muted}`} aria-busy="true">
              Loading the message…
            </p>
          )
        ) : (
          <p className={`${card} hidden text-sm text-slate-300 lg:block`}>Choose a message to read it, see its deliveries and answer it.</p>
        )}
      </div>
    </div>
  );
}
