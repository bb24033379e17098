import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config.ts';
import type { GameServerDriver } from './driver.ts';
import { ensureDemoServer } from './local/demo.ts';
import { createLocalDriver } from './local/local-driver.ts';
import { loadServersFile } from './local/servers-file.ts';
import { createPterodactylDriver } from './pterodactyl/pterodactyl-driver.ts';

/** The engine PANEL_DRIVER names: the embedded local driver (default) or a Pterodactyl / Pelican panel. */
export async function createDriver(config: AppConfig, log: FastifyBaseLogger): Promise<GameServerDriver> {
  if (config.panel.driver === 'pterodactyl') {
    if (!config.panel.url) throw new Error('PANEL_URL is required when PANEL_DRIVER=pterodactyl');
    return createPterodactylDriver({ panelUrl: config.panel.url, log: log.child({ driver: 'pterodactyl' }) });
  }
  let serversFile = config.panel.localServersFile;
  if (!serversFile) {
    const demo = await ensureDemoServer(config.dataDir, config.panel.demoMcPort);
    serversFile = demo.serversFile;
    log.info(
      { serverId: demo.serverId, key: demo.key, keyFile: demo.keyFile, port: config.panel.demoMcPort },
      `Demo Minecraft server: connect on /control-panel with Server ID "${demo.serverId}" and access key "${demo.key}" (also in ${demo.keyFile}); Minecraft clients join 127.0.0.1:${config.panel.demoMcPort} once it is started`,
    );
  }
  const servers = loadServersFile(serversFile);
  log.info({ file: serversFile, servers: servers.map((s) => s.id) }, 'local game servers loaded');
  return createLocalDriver({ servers, log: log.child({ driver: 'local' }) });
}
