import type { FastifyInstance } from 'fastify';
import type { GameServerDriver } from '../driver.ts';
import { appPanelClient } from '../pterodactyl/app-panel-client.ts';
import { createPterodactylSchedules } from '../pterodactyl/pterodactyl-schedules.ts';
import type { PanelRequests } from '../panel-routes.ts';
import type { PanelService } from '../panel-service.ts';
import type { SessionCrypto } from '../session-crypto.ts';
import { LocalSchedules } from './local-schedules.ts';
import type { ScheduleEngine } from './schedule-engine.ts';
import { scheduleRoutes } from './schedule-routes.ts';
import { ScheduleRunner, scheduleTickMs } from './schedule-runner.ts';
import { ScheduleService } from './schedule-service.ts';

/** The name of the local schedules' job on app.jobs (tests run it with runNow after moving the clock). */
export const scheduleJobName = 'panel schedules';

/**
 * The panel's schedules (docs/decisions.md 39): on the local driver our database and the runner
 * on the one job scheduler; on Pterodactyl and Pelican the panel's own schedules, which Wings runs.
 */
export function registerSchedules(
  app: FastifyInstance,
  deps: {
    driver: GameServerDriver;
    panel: PanelService;
    crypto: SessionCrypto;
    requests: PanelRequests;
    now: () => number;
  },
): void {
  let engine: ScheduleEngine;
  if (deps.driver.name === 'local') {
    engine = new LocalSchedules({ db: app.db, dialect: app.dialect, crypto: deps.crypto, now: deps.now, kick: () => void app.jobs.runNow(scheduleJobName) });
    const runner = new ScheduleRunner({
      db: app.db,
      driver: deps.driver,
      crypto: deps.crypto,
      audit: app.audit,
      now: deps.now,
      wakeIn: (ms) => app.jobs.wakeIn(scheduleJobName, ms),
    });
    // Rounds may overlap: the runner keeps each server's runs in order in a lane of its own (docs/decisions.md 67).
    app.jobs.every({ name: scheduleJobName, everyMs: scheduleTickMs, overlaps: true }, () => runner.round());
  } else {
    engine = createPterodactylSchedules({ panel: appPanelClient(app, 'schedules'), now: deps.now });
  }
  scheduleRoutes(app, new ScheduleService({ panel: deps.panel, engine, now: deps.now }), deps.requests);
}
