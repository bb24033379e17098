import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/schema.ts';
import { ClusterNotify } from '../lib/cluster-notify.ts';
import { loadSite, replaceSite, type LoadedSite } from '../plugins/static-site.ts';
import { findVersion, latestPublishedId } from './catalog-repository.ts';
import type { SiteRebuilder } from './site-rebuilder.ts';

/** The channel on which an instance that published tells the others (ids only). */
export const catalogChannel = 'hostfront_catalog';

/**
 * Which catalog version this instance serves, and getting to the published one
 * (docs/decisions.md 97): the instance that publishes swaps its pages at once and tells the
 * others by NOTIFY; each of them reads the version, builds it (or finds its folder built on
 * the same disk) and swaps. A poll of the published id every few seconds, a job of the app's
 * scheduler (catalog-plugin.ts), is the safety net (a lost NOTIFY, SQLite's other processes), and the
 * boot catches up the same way.
 */
export class LiveCatalog {
  readonly #app: FastifyInstance;
  readonly #db: Kysely<Database>;
  readonly #rebuilder: SiteRebuilder;
  readonly #cluster: ClusterNotify<{ v: number }>;
  #liveId = 0;
  #original: LoadedSite | undefined;
  #syncing: Promise<void> | undefined;
  #again = false;
  /** The last version that could not be built here, so the poll does not build it again and again. */
  #failedId = 0;

  constructor(options: { app: FastifyInstance; db: Kysely<Database>; pool: pg.Pool | undefined; rebuilder: SiteRebuilder }) {
    this.#app = options.app;
    this.#db = options.db;
    this.#rebuilder = options.rebuilder;
    this.#cluster = new ClusterNotify({ pool: options.pool, channel: catalogChannel, log: options.app.log });
  }

  /** The version served here (0: the content files as built). */
  get liveId(): number {
    return this.#liveId;
  }

  async start(): Promise<void> {
    await this.#cluster.start(
      () => void this.sync(),
      () => void this.sync(),
    );
    await this.sync();
  }

  async stop(): Promise<void> {
    await this.#cluster.stop();
    await this.#syncing;
  }

  /** Serves a version built into `dir` from the next request on, and tells the other instances. */
  async publishHere(id: number, dir: string): Promise<void> {
    this.#serve(id, dir);
    await this.#cluster.publish({ v: id });
  }

  /** Catches up with the published version; one run at a time, another run after it if asked meanwhile. */
  sync(): Promise<void> {
    if (this.#syncing) {
      this.#again = true;
      return this.#syncing;
    }
    this.#syncing = (async () => {
      do {
        this.#again = false;
        await this.#catchUp().catch((error: unknown) => this.#app.log.error({ err: error }, 'could not serve the published catalog'));
      } while (this.#again);
    })().finally(() => {
      this.#syncing = undefined;
    });
    return this.#syncing;
  }

  async #catchUp(): Promise<void> {
    const id = await latestPublishedId(this.#db);
    if (id === this.#liveId || id === this.#failedId) return;
    if (id === 0) {
      if (this.#original) this.#serve(0, this.#original.dir);
      return;
    }
    const version = await findVersion(this.#db, id);
    if (!version) return;
    try {
      const built = await this.#rebuilder.build(version.document);
      this.#serve(id, built.dir);
    } catch (error) {
      this.#failedId = id;
      throw error;
    }
  }

  #serve(id: number, dir: string): void {
    // A version older than the one served (a slow build finishing late) never replaces it.
    if (id !== 0 && id < this.#liveId) return;
    const site = this.#app.site;
    this.#liveId = id;
    if (!site) return;
    this.#original ??= { ...site };
    if (site.dir === dir) return;
    const started = performance.now();
    replaceSite(this.#app, id === 0 ? this.#original : loadSite(this.#app, dir));
    this.#app.log.info({ version: id, dir, swapMs: Math.round(performance.now() - started) }, 'serving the catalog version');
    this.#rebuilder.prune([dir, this.#original.dir]);
  }
}
