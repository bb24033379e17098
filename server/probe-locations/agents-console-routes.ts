import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { newProbeAgent, probeAgent, probeAgentCreated, probeAgentList, probeAgentParams } from '../../contracts/probe-locations.ts';
import type { ProbeAgents } from './agents-service.ts';

/** /api/staff/probe-agents (admins, monitors.manage): list, make (the token shown once), revoke. HTTP only. */
export function agentsConsoleRoutes(app: FastifyInstance, agents: ProbeAgents): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.staffAccess.require('monitors.manage');

  api.get('/', { preHandler, schema: { response: { 200: probeAgentList, ...errorResponses(401, 403) } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { agents: await agents.list() };
  });

  api.post(
    '/',
    { preHandler, schema: { body: newProbeAgent, response: { 201: probeAgentCreated, ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return reply.status(201).send(await agents.create(request.body.location, request.acting!));
    },
  );

  api.post(
    '/:id/revoke',
    { preHandler, schema: { params: probeAgentParams, response: { 200: probeAgent, ...errorResponses(401, 403, 404, 409) } } },
    async (request) => agents.revoke(request.params.id, request.acting!),
  );
}
