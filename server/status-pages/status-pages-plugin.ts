import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PageChooser } from '../plugins/static-site.ts';
import { StatusPages } from './status-pages.ts';
import { loadStatusRenderer } from './status-renderer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server-rendered status pages (docs/decisions.md 147); undefined when the built site has no renderer. */
    statusPages: StatusPages | undefined;
  }
}

/** The scheduler's name for the pages' timed re-read. */
export const statusPagesJobName = 'status pages';

export interface StatusPagesOptions {
  /** How often the pages' data is read again without a change told: the clock's minute, the 90 days' window (default 60 s). */
  everyMs?: number;
}

/**
 * Serves /network-status and /network-status/history with the board and the history as they
 * are now, rendered by the server (docs/decisions.md 147). Registered after the announcements
 * and before the site: it answers the page chooser first, and the banners go into its page.
 * A site built without the renderer serves the pages as built (their islands then read the API).
 */
async function statusPagesCapability(app: FastifyInstance, options: StatusPagesOptions): Promise<void> {
  const renderer = await loadStatusRenderer(app.config.siteDir);
  if (!renderer) {
    app.decorate('statusPages', undefined);
    app.log.warn({ siteDir: app.config.siteDir }, 'status pages: the built site has no renderer (npm run build); serving them as built');
    return;
  }
  const { service } = app.status;
  const pages = new StatusPages({
    renderer,
    log: app.log,
    board: async () => {
      const now = app.clock();
      // The page's clock in whole minutes (what its "over 3 hours" counts in): the minute's read changes the page once a minute at most.
      return { report: await service.report(now), now: Math.floor(now / 60_000) * 60_000, round: service.live.lastRound?.id ?? null };
    },
    history: async () => {
      const { days, incidents, maintenance } = await app.incidents.history();
      return { days, monitors: service.catalog.all.map(({ id, name }) => ({ id, name })), incidents, maintenance };
    },
  });
  app.decorate('statusPages', pages);
  // The banners' chooser (server/announcements/) is asked with the page this one chose.
  const banners: PageChooser = app.pageChooser;
  app.pageChooser = (req, file) => banners(req, pages.choose(file));

  const refresh = (kinds: readonly ('board' | 'history')[]) => void pages.refresh(kinds);
  // Every change of the board goes to its open streams, on every instance (rounds and notices
  // from the others too): a round changes the board, a notice or the monitors both pages.
  app.statusEvents.hub.onSend((event) => refresh(event === 'serverStatus' ? ['board'] : ['board', 'history']));
  app.statusEvents.onResync(() => refresh(['board', 'history']));
  // The minute's read (the clock, the 90 days' window) is one of the app's jobs, as every other poll is.
  app.jobs.every({ name: statusPagesJobName, everyMs: options.everyMs ?? 60_000, runAtStart: false }, () => pages.refresh(['board', 'history']));
  app.addHook('onReady', async () => {
    // After the status capability's start (its onReady came first): the board read from the database.
    await pages.refresh(['board', 'history']);
  });
}

export const statusPagesPlugin = fp(statusPagesCapability, {
  name: 'status-pages',
  dependencies: ['status', 'incidents', 'status-events', 'announcements', 'jobs'],
});
