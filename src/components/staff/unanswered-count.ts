import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { contactApi } from './contact-api.ts';

/**
 * The count of unanswered contact messages in the console's navigation: read when the console
 * opens, on every move within it (a hash change) and every minute, and set at once by the
 * inbox after it changes something. No push channel: a minute old at worst.
 */
const refreshEveryMs = 60_000;

let count: number | undefined;
const listeners = new Set<() => void>();

export function setUnansweredCount(next: number): void {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

/** Set when the console shows the count: told when the session has ended (the answer's 401). */
let onSessionEnded: ((error: ApiError) => void) | undefined;

export async function refreshUnansweredCount(): Promise<void> {
  try {
    setUnansweredCount((await contactApi.counts()).unanswered);
  } catch (error) {
    // A lost session is said at once: this answer also cleared the cookie, so the section's
    // own request would only hear "please sign in". Anything else keeps the count as it was.
    if (error instanceof ApiError && error.status === 401) onSessionEnded?.(error);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The count, kept fresh while `enabled` (the person may handle contact messages). */
export function useUnansweredCount(enabled: boolean, sessionEnded: (error: ApiError) => void): number | undefined {
  const value = useSyncExternalStore(
    subscribe,
    () => count,
    () => undefined,
  );
  useEffect(() => {
    if (!enabled) return;
    void refreshUnansweredCount();
    const timer = setInterval(() => void refreshUnansweredCount(), refreshEveryMs);
    const onMove = () => void refreshUnansweredCount();
    window.addEventListener('hashchange', onMove);
    return () => {
      clearInterval(timer);
      window.removeEventListener('hashchange', onMove);
    };
  }, [enabled]);
  // The latest callback, without restarting the refreshes when its identity changes.
  useEffect(() => {
    onSessionEnded = enabled ? sessionEnded : undefined;
  });
  return enabled ? value : undefined;
}
