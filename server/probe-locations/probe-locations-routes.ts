import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { agentMonitorList, agentResultsAnswer, agentResultsBatch, locationsReport } from '../../contracts/probe-locations.ts';
import type { ProbeAgents } from './agents-service.ts';

/** A batch of results is small: 1,000 results of a few hundred bytes at most. */
export const resultsBodyLimit = 1024 * 1024;

/** /api/probes: the agents' API (a bearer token per agent, docs/decisions.md 48). HTTP only. */
export function agentApiRoutes(app: FastifyInstance, agents: ProbeAgents): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/monitors', { schema: { response: { 200: agentMonitorList, ...errorResponses(401) } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return agents.monitorsFor(await agents.authenticate(request.headers.authorization));
  });

  api.post(
    '/results',
    {
      bodyLimit: resultsBodyLimit,
      // The token first: an unknown sender's body is not even parsed.
      onRequest: async (request) => {
        request.probeAgent = await agents.authenticate(request.headers.authorization);
      },
      schema: { body: agentResultsBatch, response: { 200: agentResultsAnswer, ...errorResponses(400, 401, 413) } },
    },
    async (request) => agents.accept(request.probeAgent!, request.body),
  );
}

/** GET /api/status/locations: the locations watching and whether each reports (public). */
export function locationsRoutes(app: FastifyInstance, agents: ProbeAgents): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/locations', { schema: { response: { 200: locationsReport } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { locations: await agents.locations() };
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The agent a results request comes from (its token checked). */
    probeAgent?: import('./agents-repository.ts').StoredAgent;
  }
}
