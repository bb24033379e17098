// A reading's time as the board's chart labels show it: "14:05:03", 24-hour, as the board writes
// its other times (the locations' lines, en-GB).
// - In the browser: the visitor's clock, read with Date's own getters, not Intl. The first Intl
//   formatter a page makes loads the browser's locale data: 34 to 86 ms of one task in headless
//   Chromium, the longest task of /network-status's first load (docs/decisions.md 177). The
//   getters take about 0.1 ms.
// - On the server, which renders the board (docs/decisions.md 147): UTC, for the same reason
//   (docs/decisions.md 165). The page's plain script (src/components/status/board-live.ts)
//   writes every <time data-local-time> in the visitor's clock before React runs, with this same
//   function, so React's first render finds the same text.
import { twoDigits } from './status-format.ts';

export function localTimeLabel(timestamp: number): string {
  const date = new Date(timestamp);
  if (typeof document === 'undefined') {
    return `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}`;
  }
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
}
