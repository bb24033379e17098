import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { startupAnswer, startupVariableAnswer, startupVariableBody } from '../../../contracts/minecraft-startup.ts';
import type { GameServerDriver } from '../driver.ts';
import type { LocalDriver } from '../local/local-driver.ts';
import { noContent, panelErrors, type PanelRequests } from '../panel-routes.ts';
import type { PanelService } from '../panel-service.ts';
import { appPanelClient } from '../pterodactyl/app-panel-client.ts';
import { createLocalStartup } from './local-startup.ts';
import { createPterodactylStartup } from './pterodactyl-startup.ts';
import type { StartupEngine } from './startup-engine.ts';
import { StartupService } from './startup-service.ts';

/**
 * The Version tool's routes (docs/decisions.md 112), under /api/panel: the variables, a change,
 * a reinstall. On Pterodactyl and Pelican the egg's variables; on the local driver the servers file's.
 */
export function registerStartup(app: FastifyInstance, deps: { driver: GameServerDriver; panel: PanelService; requests: PanelRequests }): void {
  let engine: StartupEngine;
  if (deps.driver.name === 'local') {
    engine = createLocalStartup(deps.driver, (deps.driver as LocalDriver).configs ?? []);
  } else {
    engine = createPterodactylStartup(appPanelClient(app, 'startup'));
  }
  const service = new StartupService(deps.panel, engine);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requests } = deps;

  api.get('/minecraft/startup', { schema: { response: { 200: startupAnswer, ...panelErrors } } }, async (request, reply) =>
    service.read(await requests.session(request), requests.ended(reply)),
  );

  api.put(
    '/minecraft/startup/variable',
    { schema: { body: startupVariableBody, response: { 200: startupVariableAnswer, ...panelErrors } } },
    async (request, reply) => service.setVariable(await requests.session(request), request.body.key, request.body.value, requests.caller(request, reply)),
  );

  api.post('/minecraft/startup/reinstall', { schema: { response: { 202: noContent, ...panelErrors } } }, async (request, reply) => {
    await service.reinstall(await requests.session(request), requests.caller(request, reply));
    return reply.status(202).send();
  });
}
