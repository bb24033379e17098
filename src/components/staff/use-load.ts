import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Loads on mount and on reload: what a console section shows. A failure goes to `onError`. */
export function useLoad<T>(load: () => Promise<T>, onError: (error: unknown) => void): Loaded<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  // The latest functions, without reloading when a parent re-renders with new closures.
  const latest = useRef({ load, onError });
  latest.current = { load, onError };
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await latest.current.load());
    } catch (error) {
      latest.current.onError(error);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, loading, reload };
}
