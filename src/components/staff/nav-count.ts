import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client.ts';

/** How often a count in the console's navigation is read again while the console is open. */
const refreshEveryMs = 60_000;

export interface NavCount {
  get: () => number | undefined;
  set: (next: number) => void;
  refresh: () => Promise<void>;
  subscribe: (listener: () => void) => () => void;
  /** Told when the session has ended (an answer's 401), while the console shows the count. */
  sessionEnded: ((error: ApiError) => void) | undefined;
}

/**
 * A count beside a section in the console's navigation: read when the console opens, on every
 * move within it (a hash change) and every minute (useNavCount), and set at once by its section
 * after it changes something. `read` asks the server.
 */
export function createNavCount(read: () => Promise<number>): NavCount {
  let count: number | undefined;
  const listeners = new Set<() => void>();
  const store: NavCount = {
    get: () => count,
    set(next) {
      if (next === count) return;
      count = next;
      for (const listener of listeners) listener();
    },
    async refresh() {
      try {
        store.set(await read());
      } catch (error) {
        // A lost session is said at once: this answer also cleared the cookie, so the section's
        // own request would only hear "please sign in". Anything else keeps the count as it was.
        if (error instanceof ApiError && error.status === 401) store.sessionEnded?.(error);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sessionEnded: undefined,
  };
  return store;
}

/** The count, kept fresh while `enabled` (the person may open the section). */
export function useNavCount(store: NavCount, enabled: boolean, sessionEnded: (error: ApiError) => void): number | undefined {
  const value = useSyncExternalStore(store.subscribe, store.get, () => undefined);
  useEffect(() => {
    if (!enabled) return;
    void store.refresh();
    const timer = setInterval(() => void store.refresh(), refreshEveryMs);
    const onMove = () => void store.refresh();
    window.addEventListener('hashchange', onMove);
    return () => {
      clearInterval(timer);
      window.removeEventListener('hashchange', onMove);
    };
  }, [store, enabled]);
  // The latest callback, without restarting the refreshes when its identity changes.
  useEffect(() => {
    store.sessionEnded = enabled ? sessionEnded : undefined;
  });
  return enabled ? value : undefined;
}
