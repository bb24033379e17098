import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { version } from '../../lib/version.ts';
import type { GameServerDriver } from '../driver.ts';
import { demoServersFileName } from '../local/demo.ts';
import { appPanelClient } from '../pterodactyl/app-panel-client.ts';
import type { PanelRequests } from '../panel-routes.ts';
import type { PanelService } from '../panel-service.ts';
import { ModrinthCatalog } from './modrinth-catalog.ts';
import { ModrinthClient } from './modrinth-client.ts';
import { modrinthRoutes } from './modrinth-routes.ts';
import { ModrinthService } from './modrinth-service.ts';
import { ModFiles } from './mod-files.ts';
import { localExtras, pterodactylExtras, type EngineExtras } from './panel-engine-extras.ts';

/**
 * The Game Panel's "Mods & plugins" tool (docs/decisions.md 106–109): Modrinth's API from the
 * server (MODRINTH_API_URL), files through the driver, the startup variables from the panel's
 * client API or the local servers file.
 */
export function registerModrinth(
  app: FastifyInstance,
  deps: { driver: GameServerDriver; panel: PanelService; requests: PanelRequests; now: () => number },
): void {
  // Modrinth asks for a User-Agent naming the product, its version and a contact (docs/modrinth.md).
  const client = new ModrinthClient({
    apiUrl: app.config.modrinth.apiUrl,
    userAgent: `hostfront/${version} (${app.config.publicUrl})`,
    now: deps.now,
  });
  let extras: EngineExtras;
  if (deps.driver.name === 'local') {
    extras = localExtras(app.config.panel.localServersFile ?? path.join(app.config.dataDir, demoServersFileName));
  } else {
    extras = pterodactylExtras(appPanelClient(app, 'modrinth', 120_000));
  }
  const service = new ModrinthService({
    db: app.db,
    panel: deps.panel,
    catalog: new ModrinthCatalog(client),
    files: new ModFiles({ driver: deps.driver, client, extras }),
    extras,
    now: deps.now,
  });
  modrinthRoutes(app, service, client, deps.requests);
}
