import type { FastifyBaseLogger } from 'fastify';
import { type BoardStart, boardStartId, type HistoryStart, historyStartId } from '../../contracts/status-pages.ts';
import { pageVariant } from '../plugins/page-variant.ts';
import type { SiteFile } from '../plugins/site-files.ts';
import { filledPage, type IslandPlace, islandPlace } from './island-place.ts';
import type { StatusRenderer } from './status-renderer.ts';

export type StatusPageKind = 'board' | 'history';

const islands: Record<StatusPageKind, { component: string; dataId: string }> = {
  board: { component: 'StatusBoard', dataId: boardStartId },
  history: { component: 'StatusHistory', dataId: historyStartId },
};

interface Known<T> {
  data: T;
  /** What `data` says: a read that says the same is no change (the page and its ETag stay). */
  same: string;
  /** Bumped when `data` changes: pages made from an older one are made again. */
  generation: number;
}

/**
 * The status pages as served now (docs/decisions.md 147): the built /network-status and
 * /network-status/history with their island rendered by the server from the current board and
 * history, through the same React components the pages hydrate. The data is read again when
 * told (the board's stream sends a change, a lost LISTEN, the minute's timer); each page is
 * rendered and compressed once per change and kept, so a request is a buffer write.
 */
export class StatusPages {
  readonly #renderer: StatusRenderer;
  readonly #read: { board: () => Promise<BoardStart>; history: () => Promise<HistoryStart> };
  readonly #log: FastifyBaseLogger;
  readonly #known: { board?: Known<BoardStart>; history?: Known<HistoryStart> } = {};
  readonly #places = new WeakMap<SiteFile, { kind: StatusPageKind; place: IslandPlace } | null>();
  readonly #made = new WeakMap<SiteFile, { generation: number; page: SiteFile }>();
  readonly #pending = new Set<StatusPageKind>();
  /** The built page each kind was last asked for: made again as soon as its data changes, ahead of the next request. */
  readonly #built: { board?: SiteFile; history?: SiteFile } = {};
  #running: Promise<void> | undefined;

  constructor(deps: {
    renderer: StatusRenderer;
    board: () => Promise<BoardStart>;
    history: () => Promise<HistoryStart>;
    log: FastifyBaseLogger;
  }) {
    this.#renderer = deps.renderer;
    this.#read = { board: deps.board, history: deps.history };
    this.#log = deps.log;
  }

  /** The generation of a page's data (0 before the first read): a test waits for it to move. */
  generation(kind: StatusPageKind): number {
    return this.#known[kind]?.generation ?? 0;
  }

  /** Reads these pages' data again (after the reads under way, which may have begun before the change). */
  refresh(kinds: readonly StatusPageKind[]): Promise<void> {
    for (const kind of kinds) this.#pending.add(kind);
    this.#running ??= this.#run().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #run(): Promise<void> {
    while (this.#pending.size > 0) {
      const asked = [...this.#pending];
      this.#pending.clear();
      for (const kind of asked) {
        await this.#reread(kind);
        const built = this.#built[kind];
        if (built) this.choose(built);
      }
    }
  }

  async #reread(kind: StatusPageKind): Promise<void> {
    try {
      const data = await this.#read[kind]();
      const same = JSON.stringify(data);
      const known = this.#known[kind];
      if (known && known.same === same) return;
      this.#known[kind] = { data, same, generation: (known?.generation ?? 0) + 1 } as Known<BoardStart> & Known<HistoryStart>;
    } catch (error) {
      this.#log.warn({ err: error, page: kind }, 'status pages: could not read the current state; the pages keep the last one');
    }
  }

  /** The file to answer with: a status page with its island as of now, or `file` as it is. */
  choose(file: SiteFile): SiteFile {
    if (file.lean) return file;
    const found = this.#placeOf(file);
    if (!found) return file;
    this.#built[found.kind] = file;
    const known = this.#known[found.kind];
    if (!known) return file;
    const made = this.#made.get(file);
    if (made && made.generation === known.generation) return made.page;
    const { component, dataId } = islands[found.kind];
    try {
      const rendered =
        found.kind === 'board'
          ? this.#renderer.renderBoard(known.data as BoardStart, found.place.prefix)
          : this.#renderer.renderHistory(known.data as HistoryStart, found.place.prefix);
      const page = pageVariant(file, Buffer.from(filledPage(found.place, rendered, dataId, known.data)));
      this.#made.set(file, { generation: known.generation, page });
      return page;
    } catch (error) {
      this.#log.error({ err: error, component }, 'status pages: could not render; serving the page as built');
      return made?.page ?? file;
    }
  }

  #placeOf(file: SiteFile): { kind: StatusPageKind; place: IslandPlace } | null {
    let found = this.#places.get(file);
    if (found !== undefined) return found;
    found = null;
    for (const kind of ['board', 'history'] as const) {
      const place = islandPlace(file, islands[kind].component);
      if (place) {
        found = { kind, place };
        break;
      }
    }
    this.#places.set(file, found);
    return found;
  }
}
