import type { FastifyInstance } from 'fastify';
import { createPanelClient, type PanelClient } from './panel-client.ts';

/**
 * A client of the panel's API for one tool of the Game Panel on Pterodactyl or Pelican (the
 * schedules, the Version tool, "Mods & plugins"): PANEL_URL from the configuration, its log
 * lines tagged with the tool, closed with the app.
 */
export function appPanelClient(app: FastifyInstance, part: string, timeoutMs = 15_000): PanelClient {
  const panelUrl = app.config.panel.url;
  if (!panelUrl) throw new Error('PANEL_URL is required when PANEL_DRIVER=pterodactyl');
  const client = createPanelClient({
    panelUrl: panelUrl.replace(/\/+$/, ''),
    timeoutMs,
    maxRetryWaitSeconds: 2,
    log: app.log.child({ driver: 'pterodactyl', part }),
  });
  app.addHook('onClose', async () => client.close());
  return client;
}
