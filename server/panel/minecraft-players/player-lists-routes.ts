import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addPlayerBody, playerChangeAnswer, playerEntryParams, playerListParams, playerListsAnswer } from '../../../contracts/minecraft-players.ts';
import { panelErrors, type PanelRequests } from '../panel-routes.ts';
import type { PlayerListsService } from './player-lists-service.ts';

/**
 * The Players tool's routes (docs/decisions.md 110), under /api/panel: the lists, add, remove.
 * A name that is not a Minecraft name is a 400 from the schema and reaches nothing.
 */
export function playerListsRoutes(app: FastifyInstance, service: PlayerListsService, requests: PanelRequests): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/minecraft/players', { schema: { response: { 200: playerListsAnswer, ...panelErrors } } }, async (request, reply) =>
    service.lists(await requests.session(request), requests.ended(reply)),
  );

  api.post(
    '/minecraft/players/:list',
    { schema: { params: playerListParams, body: addPlayerBody, response: { 200: playerChangeAnswer, ...panelErrors } } },
    async (request, reply) => service.add(await requests.session(request), request.params.list, request.body.name, requests.caller(request, reply)),
  );

  api.delete(
    '/minecraft/players/:list/:name',
    { schema: { params: playerEntryParams, response: { 200: playerChangeAnswer, ...panelErrors } } },
    async (request, reply) => service.remove(await requests.session(request), request.params.list, request.params.name, requests.caller(request, reply)),
  );
}
