import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../lib/api-client.ts';

/**
 * A panel tool's list (backups, schedules), read on mount and by `load()`, and read again every
 * `pollMs` while `busyOf` says something is under way. `observe` sees each new list before it is
 * shown, with the one before (to say what finished). A failed read keeps the list shown and sets
 * `loadError` to the server's message.
 */
export function usePolledList<T>(options: {
  read: () => Promise<T>;
  busyOf: (list: T) => boolean;
  pollMs: number;
  observe?: (next: T, before: T | undefined) => void;
}): { list: T | undefined; loadError: string | undefined; load: () => Promise<void> } {
  const [list, setList] = useState<T>();
  const [loadError, setLoadError] = useState<string>();
  const previous = useRef<T>(undefined);
  // The newest options, read by load(), which stays the same function for the tool's life.
  const current = useRef(options);
  useEffect(() => {
    current.current = options;
  });

  const load = useCallback(async () => {
    try {
      const next = await current.current.read();
      current.current.observe?.(next, previous.current);
      previous.current = next;
      setList(next);
      setLoadError(undefined);
    } catch (error) {
      setLoadError(messageOf(error));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const busy = list !== undefined && options.busyOf(list);
  const { pollMs } = options;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void load(), pollMs);
    return () => clearInterval(timer);
  }, [busy, load, pollMs]);

  return { list, loadError, load };
}
