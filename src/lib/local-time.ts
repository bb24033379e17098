// A reading's time as the board's chart labels show it ("14:05:03").
// - In the browser: the visitor's own clock and way of writing it. One formatter serves the page:
//   each toLocaleTimeString with options builds a new one, about 15 ms apiece on a phone's first
//   load (docs/decisions.md 168).
// - On the server, which renders the board (docs/decisions.md 147): UTC, written without Intl
//   (docs/decisions.md 165). The page's plain script (src/components/status/board-live.ts)
//   writes every <time data-local-time> in the visitor's before React runs, with this same
//   function, so React's first render finds the same text.
import { twoDigits } from './status-format.ts';

let visitorFormat: Intl.DateTimeFormat | undefined;

export function localTimeLabel(timestamp: number): string {
  if (typeof document === 'undefined') {
    const date = new Date(timestamp);
    return `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}`;
  }
  visitorFormat ??= new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return visitorFormat.format(timestamp);
}
