import type { FastifyInstance } from 'fastify';
import { ConsoleHub } from './console-hub.ts';
import { createDriver } from './create-driver.ts';
import { PanelRepository } from './panel-repository.ts';
import { panelRoutes } from './panel-routes.ts';
import { SessionCrypto } from './session-crypto.ts';
import { SessionStore } from './session-store.ts';

/** The panel capability: its routes under /api/panel and its background work. */
export async function panelPlugin(app: FastifyInstance): Promise<void> {
  const driver = await createDriver(app.config, app.log);
  const repository = new PanelRepository(app.db);
  const sessions = new SessionStore(repository, new SessionCrypto(app.config.sessionSecret), driver.name);
  const hub = new ConsoleHub(driver);
  // Game servers outlive browser sessions, not the app: stop them gracefully when it closes.
  app.addHook('onClose', async () => {
    hub.close();
    await driver.close();
  });
  await panelRoutes(app, { driver, sessions, repository, hub });
}
