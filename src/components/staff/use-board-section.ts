import { boardApi } from './board-api.ts';
import { type Loaded, useLoad } from './use-load.ts';
import { useNotices } from './use-notices.ts';

/** A monitor of the public board, as the console's forms offer it. */
export type BoardMonitor = { id: string; name: string };

export interface BoardSection<T> {
  list: Loaded<T>;
  /** The board's monitors, and their names by id. */
  monitors: readonly BoardMonitor[];
  names: Map<string, string>;
  error: string | undefined;
  status: string | undefined;
  /** A change is on the board: say so and load the list again. */
  changed: (said: string) => void;
  /** Something failed: say what. */
  failed: (e: unknown) => void;
}

/**
 * What the incidents and maintenance sections share: their list, the board's monitors (every
 * role may read their names there), and the notices of their changes.
 */
export function useBoardSection<T>(load: () => Promise<T>, problem: (e: unknown) => string): BoardSection<T> {
  const { error, status, failed, report } = useNotices(problem);
  const list = useLoad(load, failed);
  const board = useLoad(() => boardApi.board(), failed);
  const monitors = board.data?.servers.map((s) => ({ id: s.id, name: s.name })) ?? [];
  const names = new Map(monitors.map((m) => [m.id, m.name]));
  const changed = (said: string) => {
    report(said);
    void list.reload();
  };
  return { list, monitors, names, error, status, changed, failed };
}
