// What the server places in the status pages beside their server-rendered islands
// (docs/decisions.md 147): the data each island's first render was made from, as JSON in an
// element of this id, so the page's React starts from it and hydration finds the same markup.
import type { StatusHistory } from './incidents.ts';
import type { StatusReport } from './status.ts';

/** The board as the server rendered it. */
export interface BoardStart {
  report: StatusReport;
  /** The server's clock when it rendered the board: the "over 3 hours" and the bars are counted from it. */
  now: number;
  /** The newest round in the report (the stream's event id), or null before the first. */
  round: number | null;
}

/** The history as the server rendered it: what GET /api/status/history answers. */
export type HistoryStart = StatusHistory;

/** The ids of the JSON elements beside the islands. */
export const boardStartId = 'status-board-start';
export const historyStartId = 'status-history-start';
