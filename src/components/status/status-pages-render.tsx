// The server's renderer of the status pages' islands (docs/decisions.md 147): the same React
// components as the pages hydrate, rendered to HTML by react-dom/server. Built into
// dist/.server/status-render.js by scripts/build-status-render.ts, which the server loads
// (server/status-pages/); `prefix` is the island's, as Astro's React client hydrates with it.
import { renderToString } from 'react-dom/server';
import type { BoardStart, HistoryStart } from '../../../contracts/status-pages.ts';
import { StatusBoard } from './StatusBoard.tsx';
import { StatusHistory } from './StatusHistory.tsx';

export function renderBoard(start: BoardStart, prefix: string): string {
  return renderToString(<StatusBoard start={start} />, { identifierPrefix: prefix });
}

export function renderHistory(start: HistoryStart, prefix: string): string {
  return renderToString(<StatusHistory start={start} />, { identifierPrefix: prefix });
}
