import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeAnswer,
  installBody,
  installedAnswer,
  installPlan,
  modrinthContext,
  projectParams,
  searchAnswer,
  searchQuery,
  targetQuery,
  updateBody,
} from '../../../contracts/modrinth.ts';
import { z } from 'zod';
import { panelErrors, type PanelRequests } from '../panel-routes.ts';
import type { ModrinthClient } from './modrinth-client.ts';
import type { ModrinthService } from './modrinth-service.ts';

const errors = { ...panelErrors };
const installedQuery = targetQuery.omit({ kind: true });

/**
 * The "Mods & plugins" tool's routes under /api/panel/modrinth (docs/decisions.md 106): what the
 * server runs, search, a project's install plan, install, the installed list, update and remove.
 * Ids, versions and software are checked by the contract (contracts/modrinth.ts) before the
 * service is called: a slash, a dot-dot or a percent sign in an id is a 400.
 */
export function modrinthRoutes(app: FastifyInstance, service: ModrinthService, client: ModrinthClient, requests: PanelRequests): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Icons through this server, for a connected browser only (not an open proxy: Modrinth's addresses only).
  api.get(
    '/modrinth/icon',
    {
      exposeHeadRoute: false,
      schema: {
        querystring: z.object({ url: z.url().max(500) }),
        response: { 200: z.unknown().describe('The icon (PNG, JPEG, GIF, WebP or AVIF).'), ...errors },
      },
    },
    async (request, reply) => {
      await requests.session(request);
      const icon = await client.icon(request.query.url);
      return reply
        .header('content-type', icon.type)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(icon.bytes);
    },
  );

  api.get('/modrinth/context', { schema: { response: { 200: modrinthContext, ...errors } } }, async (request, reply) =>
    service.context(await requests.session(request), requests.ended(reply)),
  );

  api.get('/modrinth/search', { schema: { querystring: searchQuery, response: { 200: searchAnswer, ...errors } } }, async (request) => {
    const { q, offset, ...target } = request.query;
    return service.search(await requests.session(request), target, q, offset);
  });

  api.get(
    '/modrinth/projects/:projectId/plan',
    { schema: { params: projectParams, querystring: targetQuery, response: { 200: installPlan, ...errors } } },
    async (request) => service.plan(await requests.session(request), request.params.projectId, request.query),
  );

  api.post('/modrinth/installs', { schema: { body: installBody, response: { 200: changeAnswer, ...errors } } }, async (request, reply) =>
    service.install(await requests.session(request), request.body, requests.caller(request, reply)),
  );

  api.get('/modrinth/installs', { schema: { querystring: installedQuery, response: { 200: installedAnswer, ...errors } } }, async (request, reply) =>
    service.installed(await requests.session(request), request.query, requests.ended(reply)),
  );

  api.post(
    '/modrinth/installs/:projectId/update',
    { schema: { params: projectParams, body: updateBody, response: { 200: changeAnswer, ...errors } } },
    async (request, reply) => service.update(await requests.session(request), request.params.projectId, request.body, requests.caller(request, reply)),
  );

  api.delete('/modrinth/installs/:projectId', { schema: { params: projectParams, response: { 200: changeAnswer, ...errors } } }, async (request, reply) =>
    service.remove(await requests.session(request), request.params.projectId, requests.caller(request, reply)),
  );
}
