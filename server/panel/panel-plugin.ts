import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleRetention } from '../jobs/retention.ts';
import { ConsoleHub } from './console-hub.ts';
import { consoleRoutes } from './console-routes.ts';
import { createDriver } from './create-driver.ts';
import { HistorySampler, historyIntervalMs, historyKeepDays } from './history-sampler.ts';
import { panelBackupRoutes } from './panel-backup-routes.ts';
import { panelFileRoutes } from './panel-file-routes.ts';
import { PanelLink } from './panel-link.ts';
import { historySampleCounter, registerPanelMetrics, timedDriver } from './panel-metrics.ts';
import { registerPlayerLists } from './minecraft-players/register-player-lists.ts';
import { registerSettings } from './minecraft-settings/settings-routes.ts';
import { registerStartup } from './minecraft-startup/startup-routes.ts';
import { createMyServers } from './accounts/my-servers-plugin.ts';
import { myServersRoutes } from './accounts/my-servers-routes.ts';
import { panelReachable } from './pterodactyl/panel-reachable.ts';
import { panelRequests, panelRoutes } from './panel-routes.ts';
import { PanelService } from './panel-service.ts';
import { registerSchedules } from './schedules/register-schedules.ts';
import { registerModrinth } from './modrinth/register-modrinth.ts';
import { SessionCrypto } from './session-crypto.ts';
import { SessionSockets } from './session-sockets.ts';
import { SessionStore } from './session-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What other capabilities may know of a browser's panel session (the support desk's context). */
    panelLink: PanelLink;
  }
}

/** The name of the resource history's sampling job on app.jobs (tests run it with runNow). */
export const historyJobName = 'panel history';

/**
 * The panel capability: the engine driver, sessions, the console hub, the resource history's
 * sampling and retention, and its routes under /api/panel; app-wide, it tells other capabilities
 * what they may know of a browser's panel session (`app.panelLink`). Its audit entries go to the
 * one audit log (app.audit), whose own retention keeps them AUDIT_RETENTION_DAYS.
 */
async function panelCapability(app: FastifyInstance): Promise<void> {
  const driver = timedDriver(await createDriver(app.config, app.log, app.clock), app.metrics);
  const crypto = new SessionCrypto(app.config.sessionSecret);
  const sessions = new SessionStore(app.db, crypto, driver.name);
  const history = new HistorySampler({ db: app.db, driver, crypto, now: app.clock, log: app.log });
  const service = new PanelService({ db: app.db, driver, sessions, hub: new ConsoleHub(driver), sockets: new SessionSockets(), audit: app.audit, history });
  const accounts = createMyServers(app, { driver, service });
  app.decorate('panelLink', new PanelLink(service, accounts.service));
  await app.register(
    async (scope) => {
      // Game servers outlive browser sessions, not the app: stop them gracefully when it closes.
      scope.addHook('onClose', async () => {
        service.hub.close();
        await driver.close();
      });
      registerPanelMetrics(scope.metrics, service);
      const panelUrl = scope.config.panel.driver === 'pterodactyl' ? scope.config.panel.url : undefined;
      scope.readiness.add('engine', async () => (panelUrl ? panelReachable(panelUrl, 1500) : { ok: true, detail: 'local game servers run in this process' }));
      const samples = historySampleCounter(scope.metrics);
      scope.jobs.every({ name: historyJobName, everyMs: historyIntervalMs }, async () => {
        const round = await history.sampleRound();
        samples.inc({ outcome: 'taken' }, round.sampled);
        samples.inc({ outcome: 'claimed_elsewhere' }, round.claimedElsewhere);
        samples.inc({ outcome: 'failed' }, round.failed);
      });
      scheduleRetention(scope, { name: 'panel history', keepDays: historyKeepDays, purge: (cutoff) => history.purge(cutoff) });

      // Uploads reach their route unread (in this scope only): the route streams the request itself to the engine.
      scope.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null, undefined));
      const requests = panelRequests(scope, service, (request, session) => accounts.check(request, session));
      panelRoutes(scope, service, requests);
      panelFileRoutes(scope, service, requests);
      panelBackupRoutes(scope, service, requests);
      registerSchedules(scope, { driver, panel: service, crypto, requests, now: scope.clock });
      registerModrinth(scope, { driver, panel: service, requests, now: scope.clock });
      registerPlayerLists(scope, { driver, panel: service, requests });
      registerSettings(scope, { panel: service, requests });
      registerStartup(scope, { driver, panel: service, requests });
      consoleRoutes(scope, service, requests, accounts.consoles);
      myServersRoutes(scope, accounts.service);
    },
    { prefix: '/api/panel' },
  );
}
export const panelPlugin = fp(panelCapability, { name: 'panel', dependencies: ['database', 'jobs', 'metrics', 'readiness', 'audit', 'accounts', 'status'] });
