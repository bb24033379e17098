/** The console's calls for probe agents' tokens (/api/staff/probe-agents, admins). Types from the contracts only. */
import type { ProbeAgent, ProbeAgentCreated } from '../../../contracts/probe-locations.ts';
import { apiFetch } from '../../lib/api-client.ts';

export const probeAgentsApi = {
  list: () => apiFetch<{ agents: ProbeAgent[] }>('GET', '/api/staff/probe-agents'),
  create: (location: string) => apiFetch<ProbeAgentCreated>('POST', '/api/staff/probe-agents', { body: { location } }),
  revoke: (id: string) => apiFetch<ProbeAgent>('POST', `/api/staff/probe-agents/${encodeURIComponent(id)}/revoke`),
};
