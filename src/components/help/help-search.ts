// The help assistant's search rules (docs/decisions.md 25): when a search runs, how long the
// loading indicator shows and which entries match. Free of React so they can be unit-tested: it
// runs only above 2 characters and answers after a 1 s loading indicator.

/** The search runs only when the text is longer than this many characters. */
export const helpSearchMinExclusive = 2;
/** How long the loading indicator shows before the answer. */
export const helpSearchDelayMs = 1000;

export interface Searchable {
  question: string;
  answer: string;
}

/** True when the text is long enough for the help search to run (more than 2 characters). */
export function helpSearchRuns(text: string): boolean {
  return text.trim().length > helpSearchMinExclusive;
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Entries whose question or answer contains the query, case-insensitively; failing that, the
 * entries containing every word of 3+ characters of the query (so "ddos protect included"
 * still finds the DDoS answer). Nothing when the query is too short.
 */
export function matchHelp<T extends Searchable>(query: string, entries: readonly T[]): T[] {
  if (!helpSearchRuns(query)) return [];
  const needle = normalise(query);
  const text = (e: T) => normalise(`${e.question} ${e.answer}`);
  const exact = entries.filter((e) => normalise(e.question).includes(needle) || normalise(e.answer).includes(needle));
  if (exact.length > 0) return exact;
  const words = needle
    .split(' ')
    .map((w) => w.replace(/[^\p{L}\p{N}.%-]/gu, ''))
    .filter((w) => w.length >= 3);
  if (words.length === 0) return [];
  return entries.filter((e) => words.every((w) => text(e).includes(w)));
}

export interface HelpSearchCallbacks<T> {
  /** The loading indicator turns on (a search is pending) or off (cancelled). */
  onLoading(loading: boolean): void;
  /** After the delay: the query and its matches (possibly none). */
  onResult(query: string, matches: T[]): void;
}

/**
 * Runs searches as the visitor types: each text longer than 2 characters (re)starts a 1 s
 * wait with the loading indicator on, then reports the matches. Shorter text cancels.
 */
export function createHelpSearch<T extends Searchable>(entries: readonly T[], callbacks: HelpSearchCallbacks<T>, delayMs = helpSearchDelayMs) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    callbacks.onLoading(false);
  };
  return {
    /** The visitor typed (or submitted) this text. */
    input(text: string): void {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (!helpSearchRuns(text)) {
        callbacks.onLoading(false);
        return;
      }
      const query = text.trim();
      callbacks.onLoading(true);
      timer = setTimeout(() => {
        timer = undefined;
        callbacks.onLoading(false);
        callbacks.onResult(query, matchHelp(query, entries));
      }, delayMs);
    },
    cancel,
  };
}

/** The chat's message when nothing matches: it quotes the query and suggests where to look next (docs/decisions.md 25). */
export function noMatchMessage(query: string): string {
  return `I couldn't find any exact matches for "${query}". You can browse the help categories, contact our support team, or try a different search term.`;
}
