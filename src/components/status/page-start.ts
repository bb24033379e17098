// What a status page's server placed in it for its island's first render (docs/decisions.md 147):
// the board's report or the history, as JSON beside the server-rendered island, so React's first
// render on the client is the one the server made and hydration finds matching markup.

export { type BoardStart, boardStartId, type HistoryStart, historyStartId } from '../../../contracts/status-pages.ts';

/** The JSON the server placed in the page under `id`, if it is there (never on the server, nor in a page served as built). */
export function pageStart<T>(id: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The live stream's state the page's plain script had reached when React took over (its element's data-stream). */
export function pageStreamState(id: string): 'live' | 'reconnecting' | undefined {
  if (typeof document === 'undefined') return undefined;
  const state = document.getElementById(id)?.dataset.stream;
  return state === 'live' || state === 'reconnecting' ? state : undefined;
}
