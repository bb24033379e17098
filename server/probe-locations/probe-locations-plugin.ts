import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { agentsConsoleRoutes } from './agents-console-routes.ts';
import { ProbeAgents } from './agents-service.ts';
import { agentApiRoutes, locationsRoutes } from './probe-locations-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The probe locations (docs/decisions.md 47-48): agents' tokens, their batches, which locations report. */
    probeLocations: ProbeAgents;
  }
}

/**
 * The probe locations: the agents' tokens, the batches they send (decided by the status board)
 * and which locations report, with their routes under /api/probes (the agents' API),
 * /api/staff/probe-agents (admins) and /api/status/locations. After the status capability,
 * whose board decides the batches; the board reads which locations report from here.
 */
async function probeLocationsCapability(app: FastifyInstance): Promise<void> {
  const { service } = app.status;
  const { prober } = app.config.status;
  const agents = new ProbeAgents({
    db: app.db,
    audit: app.audit,
    now: app.clock,
    siteOrigin: app.config.publicUrl,
    own: prober,
    status: {
      active: () => service.catalog.active(),
      acceptResults: (location, results) => service.acceptResults(location, results),
      ownLastRoundAt: () => service.locationSeenAt(prober.location),
    },
  });
  app.decorate('probeLocations', agents);
  // The board lists the locations and its standby prober follows the agents: handed in here.
  service.setLocationSource({ locations: () => agents.locations(), agentsReporting: () => agents.agentsReporting() });
  await app.register(async (scope) => agentApiRoutes(scope, agents), { prefix: '/api/probes' });
  await app.register(async (scope) => agentsConsoleRoutes(scope, agents), { prefix: '/api/staff/probe-agents' });
  await app.register(async (scope) => locationsRoutes(scope, agents), { prefix: '/api/status' });
}
export const probeLocationsPlugin = fp(probeLocationsCapability, {
  name: 'probe-locations',
  dependencies: ['database', 'audit', 'staff', 'status'],
});
