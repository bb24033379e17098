import { ArrowDown, Download, Search, Terminal, X } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { panelTexts } from '../../data/panel-texts.ts';
import { parseAnsi } from '../../lib/ansi.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { Card, CardTitle } from '../ui/Card.tsx';
import { ConsoleCommandForm } from './ConsoleCommandForm.tsx';
import { panelLinks, type PowerState, type ServerResources } from './panel-api.ts';
import { useConsoleSocket } from './use-console-socket.ts';

const texts = panelTexts.console;

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
  const { lines, live } = useConsoleSocket({ onState, onStats, onSessionEnded });
  const [following, setFollowing] = useState(true);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim().toLowerCase());
  const ids = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);

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
      <ConsoleCommandForm onSend={onSend} offline={offline} onSent={jumpToLatest} />
    </Card>
  );
}
