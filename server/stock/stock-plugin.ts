import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleRetention } from '../jobs/retention.ts';
import type { OutboxOptions } from '../outbox/outbox-options.ts';
import type { OutboxWorker } from '../outbox/outbox-worker.ts';
import type { CapacitySource } from './capacity-source.ts';
import { localCapacity } from './local-capacity.ts';
import { panelCapacity } from './panel-capacity.ts';
import { StockCatalogFile } from './stock-catalog.ts';
import { stockMailChannel, stockOutbox } from './stock-outbox.ts';
import { stockRoutes } from './stock-routes.ts';
import { StockService } from './stock-service.ts';
import { stockStaffRoutes } from './stock-staff-routes.ts';
import { purgeWatches, type StockMail } from './stock-watch-repository.ts';
import { StockWatchService, watchConfirmWindowMs } from './stock-watch.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stock (docs/decisions.md 101-103): the service, "tell me" (with SMTP_URL) and its mail outbox (tests wait on `outbox.idle()`). */
    stock: { service: StockService; watch: StockWatchService | undefined; outbox: OutboxWorker<StockMail> | undefined };
  }
}

export interface StockPluginOptions {
  /** Outbox tuning (tests make it quick); production uses the defaults. */
  outbox?: Partial<OutboxOptions>;
}

/** The name of the round's job on app.jobs (tests run it with runNow after moving the clock). */
export const stockJobName = 'stock refresh';

/** Told requests are kept this long (the console's counts), then deleted with their mail. */
const keepToldDays = 30;

/** This machine's folder of game servers, or the nearest folder that exists, for its free disk. */
function serversDir(app: FastifyInstance): string {
  const candidates = [app.config.panel.gameServersDir, app.config.dataDir, process.cwd()];
  return candidates.find((dir): dir is string => typeof dir === 'string' && fs.existsSync(dir)) ?? process.cwd();
}

function capacitySource(app: FastifyInstance): CapacitySource {
  const { panel, stock } = app.config;
  if (panel.driver === 'pterodactyl' && panel.url && panel.applicationKey) {
    return panelCapacity({ panelUrl: panel.url, applicationKey: panel.applicationKey, locationMap: stock.panelLocations, log: app.log });
  }
  if (panel.driver === 'pterodactyl') {
    app.log.warn("stock: PANEL_APPLICATION_KEY is not set, so the panel's nodes cannot be read; stock counts this machine instead");
  }
  return localCapacity({ serversDir: serversDir(app), memoryLimitMb: stock.localMemoryMb, diskLimitMb: stock.localDiskMb, locations: stock.localLocations });
}

/**
 * Stock: the round on the one scheduler (every STOCK_REFRESH_SECONDS, one instance per interval
 * by the round's lease in the database), `GET /api/catalog/stock`, "tell me when it is back"
 * (with SMTP_URL) and the console's Stock view under /api/staff/stock.
 */
async function stockCapability(app: FastifyInstance, options: StockPluginOptions): Promise<void> {
  const { config } = app;
  let outbox: OutboxWorker<StockMail> | undefined;
  let watch: StockWatchService | undefined;
  const service = new StockService({
    db: app.db,
    catalog: new StockCatalogFile(config.siteDir),
    source: capacitySource(app),
    log: app.log,
    now: app.clock,
    everyMs: config.stock.refreshMs,
    afterRound: async () => {
      await watch?.fanOut();
    },
  });
  if (config.stock.smtpUrl) {
    const maxAgeMs = options.outbox?.maxAgeMs ?? 24 * 60 * 60 * 1000;
    watch = new StockWatchService({
      db: app.db,
      stock: service,
      log: app.log,
      publicUrl: config.publicUrl,
      secret: config.sessionSecret,
      now: app.clock,
      maxAgeMs,
      onQueued: () => outbox?.wake(),
    });
    const writer = watch;
    outbox = stockOutbox(app.db, [stockMailChannel(config.stock.smtpUrl, config.stock.mailFrom, (mail) => writer.write(mail))], app.log, {
      dialect: app.dialect,
      clock: app.clock,
      ...options.outbox,
    });
  }
  app.decorate('stock', { service, watch, outbox });
  await app.register(async (scope) => stockRoutes(scope, { stock: service, watch }), { prefix: '/api/catalog' });
  await app.register(async (scope) => stockStaffRoutes(scope, { stock: service, watch }), { prefix: '/api/staff/stock' });

  app.jobs.every({ name: stockJobName, everyMs: config.stock.refreshMs }, () => service.refresh());
  scheduleRetention(app, {
    name: 'stock "tell me" requests',
    keepDays: keepToldDays,
    purge: async (cutoff, now) => ({ requests: await purgeWatches(app.db, now - watchConfirmWindowMs, cutoff) }),
  });
  app.addHook('onReady', async () => {
    await outbox?.start();
  });
  app.addHook('onClose', async () => {
    await outbox?.stop();
  });
}
export const stockPlugin = fp(stockCapability, { name: 'stock', dependencies: ['database', 'jobs', 'staff', 'audit'] });
