// How the board shows its live stream's state: the dot's classes and the words. One place for
// StatusBoard.tsx and the page's plain script (src/scripts/status-board-live.ts), which shows the
// state before React runs, so React's first render finds the same markup (docs/decisions.md 147).
import type { StreamState } from '../../lib/use-status-stream.ts';

export function streamDotClass(state: StreamState): string {
  return `size-2 rounded-full ${state === 'live' ? 'animate-pulse bg-emerald-400' : 'bg-slate-500'}`;
}

export function streamWords(state: StreamState): string {
  return state === 'live' ? 'Live' : state === 'connecting' ? 'Connecting…' : 'Reconnecting…';
}
