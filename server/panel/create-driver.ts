import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config.ts';
import type { Clock } from '../lib/clock.ts';
import { localAccountKey } from './accounts/account-key.ts';
import type { GameServerDriver } from './driver.ts';
import { announceDemoServer, ensureDemoServer } from './local/demo.ts';
import { loadOrCreateInstall } from './local/install.ts';
import { createLocalDriver } from './local/local-driver.ts';
import { defaultServersDir, prepareServersDir } from './local/reachable.ts';
import { loadServersFile } from './local/servers-file.ts';
import { createPterodactylDriver } from './pterodactyl/pterodactyl-driver.ts';

/** The engine PANEL_DRIVER names: the embedded local driver (default) or a Pterodactyl / Pelican panel. */
export async function createDriver(config: AppConfig, log: FastifyBaseLogger, now?: Clock): Promise<GameServerDriver> {
  if (config.panel.driver === 'pterodactyl') {
    if (!config.panel.url) throw new Error('PANEL_URL is required when PANEL_DRIVER=pterodactyl');
    return createPterodactylDriver({ panelUrl: config.panel.url, log: log.child({ driver: 'pterodactyl' }) });
  }
  // This install's id names its servers' users and default folder (docs/decisions.md 63).
  const install = loadOrCreateInstall(config.dataDir);
  // Where the servers' folders live: a folder each server's user can pass through (README, Security).
  const serversDir = config.panel.gameServersDir ?? defaultServersDir(install.id);
  if (serversDir) prepareServersDir(serversDir);
  let serversFile = config.panel.localServersFile;
  if (!serversFile) {
    const demo = await ensureDemoServer(config.dataDir, config.panel.demoMcPort, config.panel.demoMcHost, serversDir);
    serversFile = demo.serversFile;
    announceDemoServer(demo, config.panel.demoMcPort, log);
  }
  const servers = loadServersFile(serversFile, serversDir);
  log.info({ file: serversFile, servers: servers.map((s) => s.id), install: install.id }, 'local game servers loaded');
  return createLocalDriver({ servers, install, log: log.child({ driver: 'local' }), accountKey: localAccountKey(config.sessionSecret), now });
}
