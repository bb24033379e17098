// A reading's time in the visitor's own clock ("14:05:03"), as the board's chart labels show it.
// The server renders the board in its own time zone (docs/decisions.md 147); the page's plain
// script (src/scripts/status-board-live.ts) writes every <time data-local-time> in the visitor's
// before React runs, with this same function, so React's first render finds the same text.

export function localTimeLabel(timestamp: number): string {
  return new Date(timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
