// The help assistant's search rules (docs/decisions.md 25): when a search runs and how long the
// loading indicator shows. Free of React so they can be unit-tested: it runs only above 2
// characters and answers after a 1 s loading indicator. Which entries match is help-index.ts,
// imported on the first search so that no page loads the index before a visitor types.
import type { Searchable } from './help-index.ts';

/** The search runs only when the text is longer than this many characters. */
export const helpSearchMinExclusive = 2;
/** How long the loading indicator shows before the answer. */
export const helpSearchDelayMs = 1000;

/** True when the text is long enough for the help search to run (more than 2 characters). */
export function helpSearchRuns(text: string): boolean {
  return text.trim().length > helpSearchMinExclusive;
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
export function createHelpSearch<T extends Searchable>(entries: () => Promise<readonly T[]>, callbacks: HelpSearchCallbacks<T>, delayMs = helpSearchDelayMs) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts inputs, so an answer that arrives after a newer input is dropped. */
  let generation = 0;
  let index: Promise<{ match(query: string): T[] }> | undefined;
  const loadIndex = () => {
    index ??= Promise.all([import('./help-index.ts'), entries()]).then(([m, list]) => m.createHelpIndex(list));
    return index;
  };
  const cancel = () => {
    generation += 1;
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
      const current = ++generation;
      if (!helpSearchRuns(text)) {
        callbacks.onLoading(false);
        return;
      }
      const query = text.trim();
      callbacks.onLoading(true);
      const ready = loadIndex();
      timer = setTimeout(() => {
        timer = undefined;
        void ready.then(
          (found) => {
            if (current !== generation) return;
            callbacks.onLoading(false);
            callbacks.onResult(query, found.match(query));
          },
          () => {
            // The index or the entries could not load (the visitor went offline): answer as for no match, which offers a person.
            if (current !== generation) return;
            index = undefined;
            callbacks.onLoading(false);
            callbacks.onResult(query, []);
          },
        );
      }, delayMs);
    },
    cancel,
  };
}

/** The chat's message when nothing matches: it quotes the query and suggests where to look next (docs/decisions.md 25). */
export function noMatchMessage(query: string): string {
  return `I couldn't find any exact matches for "${query}". You can browse the help categories, contact our support team, or try a different search term.`;
}
