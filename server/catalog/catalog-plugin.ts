import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { catalogRoutes } from './catalog-routes.ts';
import { CatalogService } from './catalog-service.ts';
import { ContentSchemas } from './content-schemas.ts';
import { LiveCatalog } from './live-catalog.ts';
import { SiteRebuilder } from './site-rebuilder.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Catalog (docs/decisions.md 96-97): its service, and which version this instance serves. */
    catalog: { service: CatalogService; live: LiveCatalog };
  }
}

/** The scheduler's job that checks the published version (app.jobs, server/jobs/scheduler.ts). */
export const catalogSyncJobName = 'catalog sync';

export interface CatalogPluginOptions {
  /** How often an instance checks the published version besides the NOTIFY (default 5 s). */
  pollMs?: number;
}

/**
 * The Catalog capability: /api/staff/catalog, the site's rebuilds for published versions, and
 * keeping every instance on the published version. The site (static-site) registers after the
 * capabilities, so the live catalog swaps it only once the app is ready.
 */
async function catalogCapability(app: FastifyInstance, options: CatalogPluginOptions): Promise<void> {
  const schemas = new ContentSchemas();
  const rebuilder = new SiteRebuilder({ buildsDir: app.config.siteBuildsDir, log: app.log, baseDir: app.config.siteDir });
  const live = new LiveCatalog({ app, db: app.db, pool: app.pgPool, rebuilder });
  // The boot's catch-up is awaited at ready; then the poll is one of the app's jobs (sync() never overlaps itself).
  app.jobs.every({ name: catalogSyncJobName, everyMs: options.pollMs ?? 5000, runAtStart: false }, () => live.sync());
  const service = new CatalogService({ db: app.db, schemas, rebuilder, live, audit: app.audit, now: app.clock });
  app.decorate('catalog', { service, live });
  await app.register(async (scope) => catalogRoutes(scope, service), { prefix: '/api/staff/catalog' });
  app.addHook('onReady', async () => {
    await live.start();
  });
  app.addHook('onClose', async () => {
    await live.stop();
    await schemas.close();
  });
}

export const catalogPlugin = fp(catalogCapability, { name: 'catalog', dependencies: ['database', 'jobs', 'staff', 'audit'] });
