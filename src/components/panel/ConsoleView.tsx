import { ArrowDown, Download, Search, Send, Terminal, X } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { consoleKeptLines } from '../../../contracts/panel-rules.ts';
import type { ConsoleMessage } from '../../../contracts/panel.ts';
import { panelTexts } from '../../data/panel-texts.ts';
import { parseAnsi } from '../../lib/ansi.ts';
import { emptyHistory, newer, older, remember } from '../../lib/command-history.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { Card, CardTitle } from '../ui/Card.tsx';
import { panelLinks, type PowerState, type ServerResources } from './panel-api.ts';

/** Lines the browser keeps, as the server does: all of them can be searched here. */
const maxLines = consoleKeptLines;
const texts = panelTexts.console;

interface Line {
  id: number;
  text: string;
  /** The text without colour codes, for search. */
  plain: string;
}

const plainOf = (text: string) =>
  parseAnsi(text)
    .map((segment) => segment.text)
    .join('');

interface ConsoleViewProps {
  onState(state: PowerState): void;
  onStats(stats: ServerResources): void;
  /** The server closed the socket because the session ended. */
  onSessionEnded(): void;
  /** Sends a command; resolves true when it was accepted. */
  onSend(command: string): Promise<boolean>;
  /** The server's power state: an offline server receives no command, so none is sent. */
  state: PowerState;
}

const ConsoleLine = memo(function ConsoleLine({ text }: { text: string }) {
  return (
    // Lines off screen are not laid out: thousands of them stay cheap on a phone.
    <div className="min-h-[1.25rem] break-words whitespace-pre-wrap [contain-intrinsic-size:auto_1.25rem] [content-visibility:auto]">
      {parseAnsi(text).map((segment, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the coloured pieces of one line that never changes: their order is their identity.
          key={index}
          style={{
            color: segment.style.color,
            backgroundColor: segment.style.background,
            fontWeight: segment.style.bold ? 700 : undefined,
            opacity: segment.style.dim ? 0.7 : undefined,
            fontStyle: segment.style.italic ? 'italic' : undefined,
            textDecoration: segment.style.underline ? 'underline' : undefined,
          }}
        >
          {segment.text}
        </span>
      ))}
    </div>
  );
});

/**
 * The live console: recent lines then live output over a WebSocket, ANSI colours rendered as
 * styled text (never HTML). It follows new lines unless the reader has scrolled up. The kept
 * lines (5,000, as the server keeps) can be searched in the page and downloaded as a text file.
 */
export function ConsoleView({ onState, onStats, onSessionEnded, onSend, state }: ConsoleViewProps) {
  const offline = state === 'offline';
  const [lines, setLines] = useState<Line[]>([]);
  const [live, setLive] = useState(false);
  const [following, setFollowing] = useState(true);
  const [command, setCommand] = useState('');
  const [sending, setSending] = useState(false);
  const [history, setHistory] = useState(emptyHistory);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim().toLowerCase());
  const ids = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);
  const callbacks = useRef({ onState, onStats, onSessionEnded });
  callbacks.current = { onState, onStats, onSessionEnded };

  useEffect(() => {
    let socket: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    let pending: Line[] = [];
    let replace = false;
    let nextId = 0;
    let attempts = 0;
    let stopped = false;

    const flush = () => {
      frame = 0;
      const batch = pending;
      const reset = replace;
      pending = [];
      replace = false;
      setLines((current) => {
        const merged = reset ? batch : current.concat(batch);
        return merged.length > maxLines ? merged.slice(merged.length - maxLines) : merged;
      });
    };

    const open = () => {
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/panel/console`;
      socket = new WebSocket(url);
      socket.onopen = () => {
        attempts = 0;
        setLive(true);
        // The server replays the recent lines: they replace what we showed before a reconnect.
        replace = true;
        pending = [];
        if (!frame) frame = requestAnimationFrame(flush);
      };
      socket.onmessage = (event) => {
        // Every message is a batch: a JSON array of console messages.
        let messages: ConsoleMessage[];
        try {
          messages = JSON.parse(String(event.data)) as ConsoleMessage[];
        } catch {
          return;
        }
        for (const message of messages) {
          if (message.type === 'line') pending.push({ id: nextId++, text: message.text, plain: plainOf(message.text) });
          else if (message.type === 'state') callbacks.current.onState(message.state);
          else if (message.type === 'stats') callbacks.current.onStats(message.stats);
          else if (message.type === 'error') console.error('Console:', message.message);
        }
        if (pending.length > 0 && !frame) frame = requestAnimationFrame(flush);
      };
      socket.onclose = (event) => {
        setLive(false);
        if (stopped) return;
        if (event.code === 4401) return callbacks.current.onSessionEnded();
        attempts += 1;
        retry = setTimeout(open, Math.min(15_000, 500 * 2 ** attempts));
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      if (frame) cancelAnimationFrame(frame);
      socket?.close(1000, 'Leaving');
    };
  }, []);

  const shown = useMemo(() => (deferredQuery ? lines.filter((line) => line.plain.toLowerCase().includes(deferredQuery)) : lines), [lines, deferredQuery]);

  // Follow new lines unless the reader scrolled up.
  // biome-ignore lint/correctness/useExhaustiveDependencies(shown): the lines shown are the trigger: once they are laid out, scroll to the newest.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && followRef.current) log.scrollTop = log.scrollHeight;
  }, [shown]);

  const onScroll = useCallback(() => {
    const log = logRef.current;
    if (!log) return;
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    followRef.current = atBottom;
    setFollowing(atBottom);
  }, []);

  const jumpToLatest = () => {
    const log = logRef.current;
    if (!log) return;
    followRef.current = true;
    setFollowing(true);
    log.scrollTop = log.scrollHeight;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!command.trim() || sending || offline) return;
    setSending(true);
    const sent = await onSend(command);
    setSending(false);
    if (sent) {
      setHistory((h) => remember(h, command));
      setCommand('');
      jumpToLatest();
    }
  };

  // Up and Down recall earlier commands, as in a terminal.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const step = event.key === 'ArrowUp' ? older(history, command) : event.key === 'ArrowDown' ? newer(history) : undefined;
    if (!step) return;
    event.preventDefault();
    setHistory(step.history);
    setCommand(step.text);
  };

  return (
    <Card as="section" aria-labelledby="console-heading" className="overflow-hidden">
      <div className="flex items-center justify-between border-b border-white/10 px-5 py-3">
        <CardTitle id="console-heading" icon={Terminal}>
          Console
        </CardTitle>
        <div className="flex items-center gap-3">
          <span className={`flex items-center gap-1.5 text-xs ${live ? 'text-green-300' : 'text-slate-400'}`}>
            <span aria-hidden className={`size-1.5 rounded-full ${live ? 'bg-green-400' : 'bg-slate-500'}`} />
            {live ? 'Live' : 'Connecting to console…'}
          </span>
          <a href={panelLinks.consoleLog} download title={texts.downloadHint} className={buttonVariants({ variant: 'secondary', size: 'xs' })}>
            <Download aria-hidden className="size-4" /> {texts.download}
          </a>
        </div>
      </div>
      <search className="flex flex-wrap items-center gap-2 border-b border-white/10 px-3 py-2">
        <label htmlFor={`${ids}-search`} className="sr-only">
          {texts.search}
        </label>
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500" />
          <input
            id={`${ids}-search`}
            type="text"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setQuery('')}
            placeholder={texts.searchPlaceholder}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${ids}-matches`}
            className="block w-full rounded-lg border border-white/10 bg-surface-950/80 py-1.5 pr-3 pl-8 text-sm text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
          />
        </div>
        {query && (
          <button type="button" onClick={() => setQuery('')} className={buttonVariants({ variant: 'ghost', size: 'xs' })}>
            <X aria-hidden className="size-4" /> {texts.clear}
          </button>
        )}
        <p id={`${ids}-matches`} role="status" className="w-full text-xs text-slate-400 sm:w-auto" data-testid="console-matches">
          {deferredQuery ? (shown.length ? texts.matches(shown.length, lines.length) : texts.noMatches) : ''}
        </p>
      </search>
      <div className="relative">
        <div
          ref={logRef}
          onScroll={onScroll}
          role="log"
          aria-live="off"
          aria-label="Console output"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, and a scrolling region must take the focus so a keyboard can scroll it (axe: scrollable-region-focusable).
          tabIndex={0}
          data-testid="console-log"
          className="h-80 overflow-y-auto bg-black/60 px-4 py-3 font-mono text-[13px] leading-5 text-slate-200 sm:h-96"
        >
          {lines.length === 0 ? (
            <p className="text-slate-400">No console output yet. Start the server to see its log here.</p>
          ) : (
            shown.map((line) => <ConsoleLine key={line.id} text={line.text} />)
          )}
        </div>
        {!following && (
          <button
            type="button"
            onClick={jumpToLatest}
            className="absolute right-4 bottom-3 flex items-center gap-1 rounded-full bg-brand-600 px-3 py-1.5 text-xs font-semibold text-white shadow-lg hover:bg-brand-500"
          >
            <ArrowDown aria-hidden className="size-3.5" /> Latest output
          </button>
        )}
      </div>
      <form onSubmit={submit} className="flex gap-2 border-t border-white/10 p-3">
        <label htmlFor="console-command" className="sr-only">
          Console command
        </label>
        <input
          id="console-command"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={command}
          onChange={(e) => setCommand(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Enter command..."
          aria-describedby={offline ? 'console-command-offline console-command-hint' : 'console-command-hint'}
          maxLength={1000}
          className="min-w-0 flex-1 rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 font-mono text-sm text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
        />
        <span id="console-command-hint" className="sr-only">
          Up and Down arrows recall earlier commands.
        </span>
        <button type="submit" disabled={!command.trim() || sending || offline} className={buttonVariants()}>
          <Send aria-hidden className="size-4" /> Send
        </button>
      </form>
      {offline ? (
        <p id="console-command-offline" className="-mt-1 px-3 pb-3 text-sm text-amber-200">
          {texts.offline}
        </p>
      ) : null}
    </Card>
  );
}
