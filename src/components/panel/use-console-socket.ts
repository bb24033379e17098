import { useEffect, useRef, useState } from 'react';
import { consoleKeptLines } from '../../../contracts/panel-rules.ts';
import type { ConsoleMessage } from '../../../contracts/panel.ts';
import { parseAnsi } from '../../lib/ansi.ts';
import type { PowerState, ServerResources } from './panel-api.ts';

/** Lines the browser keeps, as the server does: all of them can be searched here. */
const maxLines = consoleKeptLines;

interface Line {
  id: number;
  text: string;
  /** The text without colour codes, for search. */
  plain: string;
}

const plainOf = (text: string) =>
  parseAnsi(text)
    .map((segment) => segment.text)
    .join('');

/**
 * The console's WebSocket: the recent lines then live output, batched to one update a frame and
 * kept to the server's number of lines; state and stats messages go to their callbacks. It opens
 * again after a drop (backing off); when the server ended the session (code 4401), the page is
 * told, and it opens again only if the page still has a session.
 */
export function useConsoleSocket(handlers: { onState(state: PowerState): void; onStats(stats: ServerResources): void; onSessionEnded(): void }): {
  lines: Line[];
  live: boolean;
} {
  const [lines, setLines] = useState<Line[]>([]);
  const [live, setLive] = useState(false);
  const callbacks = useRef(handlers);
  callbacks.current = handlers;

  useEffect(() => {
    let socket: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    let pending: Line[] = [];
    let replace = false;
    let nextId = 0;
    let attempts = 0;
    let stopped = false;

    const flush = () => {
      frame = 0;
      const batch = pending;
      const reset = replace;
      pending = [];
      replace = false;
      setLines((current) => {
        const merged = reset ? batch : current.concat(batch);
        return merged.length > maxLines ? merged.slice(merged.length - maxLines) : merged;
      });
    };

    const open = () => {
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/panel/console`;
      socket = new WebSocket(url);
      socket.onopen = () => {
        attempts = 0;
        setLive(true);
        // The server replays the recent lines: they replace what we showed before a reconnect.
        replace = true;
        pending = [];
        if (!frame) frame = requestAnimationFrame(flush);
      };
      socket.onmessage = (event) => {
        // Every message is a batch: a JSON array of console messages.
        let messages: ConsoleMessage[];
        try {
          messages = JSON.parse(String(event.data)) as ConsoleMessage[];
        } catch {
          return;
        }
        for (const message of messages) {
          if (message.type === 'line') pending.push({ id: nextId++, text: message.text, plain: plainOf(message.text) });
          else if (message.type === 'state') callbacks.current.onState(message.state);
          else if (message.type === 'stats') callbacks.current.onStats(message.stats);
          else if (message.type === 'error') console.error('Console:', message.message);
        }
        if (pending.length > 0 && !frame) frame = requestAnimationFrame(flush);
      };
      socket.onclose = (event) => {
        setLive(false);
        if (stopped) return;
        // 4401: the session this socket was opened on ended. The page asks whether it still has
        // one (a newer session may have replaced it): if not, the console goes away with the
        // session, and the retry below with it; if so, the retry opens on the newer session.
        if (event.code === 4401) callbacks.current.onSessionEnded();
        attempts += 1;
        retry = setTimeout(open, Math.min(15_000, 500 * 2 ** attempts));
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      if (frame) cancelAnimationFrame(frame);
      socket?.close(1000, 'Leaving');
    };
  }, []);

  return { lines, live };
}
