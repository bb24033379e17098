import type { FastifyInstance } from 'fastify';
import { playerListKinds } from '../../../contracts/minecraft-players-rules.ts';
import type { GameServerDriver } from '../driver.ts';
import type { LocalDriver } from '../local/local-driver.ts';
import type { PanelRequests } from '../panel-routes.ts';
import type { PanelService } from '../panel-service.ts';
import { playerListsRoutes } from './player-lists-routes.ts';
import { PlayerListsService, type SupportedLists } from './player-lists-service.ts';

/**
 * The Players tool on either driver. A local server's entry says which lists its program keeps
 * (`playerLists` in the servers file; the demo's flying-squid has no whitelist); Pterodactyl's and
 * Pelican's Minecraft eggs run vanilla or a fork of it, which keep all three.
 */
export function registerPlayerLists(app: FastifyInstance, deps: { driver: GameServerDriver; panel: PanelService; requests: PanelRequests }): void {
  const configs = deps.driver.name === 'local' ? ((deps.driver as LocalDriver).configs ?? []) : [];
  const supported: SupportedLists = (serverId) => configs.find((config) => config.id === serverId)?.playerLists ?? playerListKinds;
  playerListsRoutes(app, new PlayerListsService({ panel: deps.panel, supported, now: app.clock }), deps.requests);
}
