import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { SearchItem } from '../../data/search-items.ts';
import { searchTexts } from '../../data/search-texts.ts';
import { searchMatches, searchMinLength } from '../../lib/search.ts';

/** The index is fetched once, on first use, so it costs nothing on pages where nobody searches. */
let indexPromise: Promise<SearchItem[]> | undefined;
function loadIndex(): Promise<SearchItem[]> {
  indexPromise ??= fetch('/search-index.json').then((r) => (r.ok ? (r.json() as Promise<SearchItem[]>) : []));
  return indexPromise;
}

/**
 * The header search: suggestions open at 2+ characters with a match, close when cleared, under
 * 2 characters, on Escape or a click outside. A WAI-ARIA combobox with a listbox popup; the
 * input is type="text" (a combobox role is not allowed on type="search"), with the search
 * keyboard on phones from inputMode and enterKeyHint.
 */
export function SearchBox({ id: idProp }: { id?: string }) {
  const generated = useId();
  const id = idProp ?? generated;
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<SearchItem[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const results = searchMatches(query, items);
  const expanded = open && results.length > 0;
  // Said, not left as an empty box: the index is here, the query long enough, and nothing matches.
  const nothing = open && loaded && query.trim().length >= searchMinLength && results.length === 0;
  const takeIndex = (index: SearchItem[]) => {
    setItems(index);
    setLoaded(true);
  };

  // The island loads on the first focus of its server-rendered box (docs/decisions.md 88): what
  // the visitor did meanwhile, the focus and any text typed, is taken over here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration.
  useEffect(() => {
    const field = input.current;
    if (!field || document.activeElement !== field) return;
    void loadIndex().then(takeIndex);
    if (field.value !== '') setQuery(field.value);
    setOpen(true);
  }, []);

  useEffect(() => {
    if (!expanded && !nothing) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [expanded, nothing]);

  const change = (value: string) => {
    setQuery(value);
    setActive(-1);
    setOpen(true);
    if (!loaded) void loadIndex().then(takeIndex);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // Only the suggestions close; a menu around the box stays open (see Header.astro).
      if (expanded) event.preventDefault();
      setOpen(false);
    } else if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded) {
      const target = results[Math.max(active, 0)];
      if (target) window.location.assign(target.url);
    }
  };

  return (
    <search ref={root} className="relative block w-full">
      <label htmlFor={`${id}-input`} className="sr-only">
        {searchTexts.label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        ref={input}
        id={`${id}-input`}
        type="text"
        role="combobox"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        placeholder={searchTexts.placeholder}
        value={query}
        onChange={(e) => change(e.target.value)}
        onFocus={() => {
          void loadIndex().then(takeIndex);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        className="w-full rounded-lg border border-white/10 bg-surface-900/80 py-2 pr-9 pl-9 text-sm text-slate-100 placeholder:text-slate-400 focus:border-brand-400 focus:outline-none"
      />
      {query !== '' && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            change('');
            input.current?.focus();
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-white"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
      <div
        id={`${id}-listbox`}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-2 max-h-80 overflow-auto rounded-lg border border-white/10 bg-surface-900 p-1 shadow-2xl"
      >
        {expanded &&
          results.map((item, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the combobox's input, which points at the active option with aria-activedescendant.
            <div
              key={item.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={`rounded-md ${index === active ? 'bg-brand-600/30' : ''}`}
            >
              <a href={item.url} tabIndex={-1} className="block px-3 py-2 hover:bg-white/5">
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium text-white">{item.title}</span>
                  <span className="text-xs uppercase tracking-wide text-brand-300">{item.category}</span>
                </span>
                <span className="block truncate text-xs text-slate-400">{item.description}</span>
              </a>
            </div>
          ))}
      </div>
      {/* A live region, not role="status": every page carries the header, and a status there would be read as the page's own. */}
      <p
        aria-live="polite"
        data-testid="search-no-match"
        className={
          nothing
            ? 'absolute top-full right-0 left-0 z-50 mt-2 rounded-lg border border-white/10 bg-surface-900 px-3 py-2 text-sm text-slate-300 shadow-2xl'
            : 'sr-only'
        }
      >
        {nothing ? searchTexts.noMatch(query.trim()) : ''}
      </p>
    </search>
  );
}
