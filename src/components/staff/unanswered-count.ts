import { useEffect, useSyncExternalStore } from 'react';
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

export async function refreshUnansweredCount(): Promise<void> {
  try {
    setUnansweredCount((await contactApi.counts()).unanswered);
  } catch {
    // Kept as it was: a lost session is noticed (and said) by the section on screen.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The count, kept fresh while `enabled` (the person may handle contact messages). */
export function useUnansweredCount(enabled: boolean): number | undefined {
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
  return enabled ? value : undefined;
}
