import type { FastifyInstance } from 'fastify';
import { scheduleRetention } from '../jobs/retention.ts';
import { ConsoleHub } from './console-hub.ts';
import { consoleRoutes } from './console-routes.ts';
import { createDriver } from './create-driver.ts';
import { registerPanelMetrics, timedDriver } from './panel-metrics.ts';
import { purgeAudit } from './panel-repository.ts';
import { panelReachable } from './pterodactyl/panel-reachable.ts';
import { panelRoutes } from './panel-routes.ts';
import { PanelService } from './panel-service.ts';
import { SessionCrypto } from './session-crypto.ts';
import { SessionSockets } from './session-sockets.ts';
import { SessionStore } from './session-store.ts';

/** The panel capability under /api/panel: the engine driver, sessions, the console hub, retention. */
export async function panelPlugin(app: FastifyInstance): Promise<void> {
  const driver = timedDriver(await createDriver(app.config, app.log), app.metrics);
  const sessions = new SessionStore(app.db, new SessionCrypto(app.config.sessionSecret), driver.name);
  const service = new PanelService({ db: app.db, driver, sessions, hub: new ConsoleHub(driver), sockets: new SessionSockets() });
  // Game servers outlive browser sessions, not the app: stop them gracefully when it closes.
  app.addHook('onClose', async () => {
    service.hub.close();
    await driver.close();
  });
  registerPanelMetrics(app.metrics, service);
  const panelUrl = app.config.panel.driver === 'pterodactyl' ? app.config.panel.url : undefined;
  app.readiness.add('engine', async () =>
    panelUrl ? panelReachable(panelUrl, 1500) : { ok: true, detail: 'local game servers run in this process' },
  );
  scheduleRetention(app, { name: 'panel audit', keepDays: app.config.audit.retentionDays, purge: async (cutoff) => ({ audit: await purgeAudit(app.db, cutoff) }) });
  panelRoutes(app, service);
  consoleRoutes(app, service);
}
