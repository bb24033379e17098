import type { FastifyInstance } from 'fastify';
import { scheduleRetention } from '../jobs/retention.ts';
import { ConsoleHub } from './console-hub.ts';
import { consoleRoutes } from './console-routes.ts';
import { createDriver } from './create-driver.ts';
import { HistorySampler, historyIntervalMs, historyKeepDays } from './history-sampler.ts';
import { panelBackupRoutes } from './panel-backup-routes.ts';
import { panelFileRoutes } from './panel-file-routes.ts';
import { historySampleCounter, registerPanelMetrics, timedDriver } from './panel-metrics.ts';
import { panelReachable } from './pterodactyl/panel-reachable.ts';
import { panelRequests, panelRoutes } from './panel-routes.ts';
import { PanelService } from './panel-service.ts';
import { registerSchedules } from './schedules/schedule-plugin.ts';
import { SessionCrypto } from './session-crypto.ts';
import { SessionSockets } from './session-sockets.ts';
import { SessionStore } from './session-store.ts';

/** The name of the resource history's sampling job on app.jobs (tests run it with runNow). */
export const historyJobName = 'panel history';

/**
 * The panel capability under /api/panel: the engine driver, sessions, the console hub, the
 * resource history's sampling and retention. Its audit entries go to the one audit log
 * (app.audit), whose own retention keeps them AUDIT_RETENTION_DAYS.
 */
export async function panelPlugin(app: FastifyInstance): Promise<void> {
  const driver = timedDriver(await createDriver(app.config, app.log), app.metrics);
  const crypto = new SessionCrypto(app.config.sessionSecret);
  const sessions = new SessionStore(app.db, crypto, driver.name);
  const history = new HistorySampler({ db: app.db, driver, crypto, now: app.clock, log: app.log });
  const service = new PanelService({ db: app.db, driver, sessions, hub: new ConsoleHub(driver), sockets: new SessionSockets(), audit: app.audit, history });
  app.panelLink.attach(service);
  // Game servers outlive browser sessions, not the app: stop them gracefully when it closes.
  app.addHook('onClose', async () => {
    service.hub.close();
    await driver.close();
  });
  registerPanelMetrics(app.metrics, service);
  const panelUrl = app.config.panel.driver === 'pterodactyl' ? app.config.panel.url : undefined;
  app.readiness.add('engine', async () => (panelUrl ? panelReachable(panelUrl, 1500) : { ok: true, detail: 'local game servers run in this process' }));
  const samples = historySampleCounter(app.metrics);
  app.jobs.every({ name: historyJobName, everyMs: historyIntervalMs }, async () => {
    const round = await history.sampleRound();
    samples.inc({ outcome: 'taken' }, round.sampled);
    samples.inc({ outcome: 'claimed_elsewhere' }, round.claimedElsewhere);
    samples.inc({ outcome: 'failed' }, round.failed);
  });
  scheduleRetention(app, { name: 'panel history', keepDays: historyKeepDays, purge: (cutoff) => history.purge(cutoff) });

  // Uploads reach their route unread: the route streams the request itself to the engine.
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null, undefined));
  const requests = panelRequests(app, service);
  panelRoutes(app, service, requests);
  panelFileRoutes(app, service, requests);
  panelBackupRoutes(app, service, requests);
  registerSchedules(app, { driver, panel: service, crypto, requests, now: app.clock });
  consoleRoutes(app, service);
}
