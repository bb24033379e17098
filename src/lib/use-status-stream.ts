// The live status stream (GET /api/status/stream) as a React hook, read by the public board and
// the console's overview. Its events and their data are the contract's map (statusStreamEvents in
// contracts/status.ts); the browser bundles only the types.
import { useEffect, useRef, useState } from 'react';
import type { StatusStreamEvents } from '../../contracts/status.ts';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/** A handler per event of the stream; only the events given a handler are listened to. */
export type StatusStreamHandlers = { [E in keyof StatusStreamEvents]?: (data: StatusStreamEvents[E]) => void } & {
  /** The stream is open again after a drop or a refusal (`notice` events are not replayed: read them afresh). */
  reopened?: () => void;
};

/** First wait before a refused stream is opened again (the server's Retry-After); it doubles up to reopenAtMostMs. */
export const reopenFirstMs = 30_000;
export const reopenAtMostMs = 5 * 60_000;

/**
 * Opens the stream once `enabled` is true and keeps it open until the component goes: the
 * browser resumes a dropped stream by itself (with Last-Event-ID), and a stream the server
 * refused (busy, or too many from this address) is opened again later. Returns its state.
 */
export function useStatusStream(handlers: StatusStreamHandlers, enabled = true, initial: StreamState = 'connecting'): StreamState {
  // `initial`: the state a plain script's own stream had reached before this one (the board's, docs/decisions.md 147).
  const [state, setState] = useState<StreamState>(initial);
  // The newest handlers, read when an event arrives, so new ones do not reopen the stream.
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let reopenDelayMs = reopenFirstMs;
    let opened = false;
    let cancelled = false;
    const names = Object.keys(current.current).filter((name) => name !== 'reopened') as (keyof StatusStreamEvents)[];
    const open = () => {
      if (cancelled) return;
      const stream = new EventSource('/api/status/stream');
      source = stream;
      stream.onopen = () => {
        reopenDelayMs = reopenFirstMs;
        setState('live');
        if (opened) current.current.reopened?.();
        opened = true;
      };
      stream.onerror = () => {
        setState('reconnecting');
        // The browser retries a dropped stream by itself, but gives up on an answer that is not
        // a stream (the server refused it as busy, or a proxy failed): open a new one later.
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        reopen = setTimeout(open, reopenDelayMs);
        reopenDelayMs = Math.min(reopenDelayMs * 2, reopenAtMostMs);
      };
      for (const name of names) {
        stream.addEventListener(name, (event) => {
          const handle = current.current[name] as ((data: unknown) => void) | undefined;
          handle?.(JSON.parse((event as MessageEvent<string>).data));
        });
      }
    };
    open();
    return () => {
      cancelled = true;
      source?.close();
      clearTimeout(reopen);
    };
  }, [enabled]);

  return state;
}
