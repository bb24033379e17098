/**
 * Probe locations (docs/decisions.md 47-49): the locations the network is watched from, the
 * agents' API (/api/probes: their monitors, their results), the public list of locations and
 * whether each reports (/api/status/locations), and the console's agent tokens
 * (/api/staff/probe-agents).
 */
import { z } from 'zod';
import { probeLocationIds } from './probe-locations-rules.ts';

export { probeLocationIds, probeLocationName, siteLocationId } from './probe-locations-rules.ts';

export const probeLocationId = z.enum(probeLocationIds, { error: `must be one of ${probeLocationIds.join(', ')}` });

/** A monitor as an agent probes it: its target already expanded. */
export const agentMonitor = z.object({
  id: z.string(),
  /** A registered type (server/status/monitor-types/); an agent older than a type fails its checks and says so. */
  type: z.string(),
  target: z.string(),
  /** The type's own settings. */
  settings: z.record(z.string(), z.unknown()).default({}),
  intervalSeconds: z.number(),
  timeoutSeconds: z.number(),
});

/** GET /api/probes/monitors: what the agent must probe, and the site's origin (its ping endpoint's CORS). */
export const agentMonitorList = z.object({
  location: z.string(),
  siteOrigin: z.string(),
  monitors: z.array(agentMonitor),
});

/** One probe's result as an agent sends it. */
export const agentResult = z.strictObject({
  monitorId: z.string().min(1).max(64),
  /** When the probe finished, epoch milliseconds (the agent's clock). */
  at: z.number().int().min(0),
  ok: z.boolean(),
  /** Milliseconds; 0 when there was no answer. */
  latency: z.number().int().min(0).max(600_000),
  error: z.string().max(300).optional(),
  players: z.object({ online: z.number().int().min(0), max: z.number().int().min(0) }).optional(),
  version: z.string().max(100).optional(),
});

/** Results an agent sends at once, at most. */
export const maxResultsPerBatch = 1000;

/** POST /api/probes/results. */
export const agentResultsBatch = z.strictObject({
  results: z.array(agentResult).max(maxResultsPerBatch, `at most ${maxResultsPerBatch} results at once`),
  /** Results the agent had to drop (its buffer was full) since its last accepted batch. */
  dropped: z.number().int().min(0).default(0),
  /** Where visitors' browsers time this location: the agent's ping endpoint. */
  pingUrl: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .max(300)
    .optional(),
});

export const agentResultsAnswer = z.object({
  /** Results stored. */
  accepted: z.number().int(),
  /** Results of monitors the site no longer probes (deleted or paused): not stored. */
  ignored: z.number().int(),
});

/** One location as the public board and the visitors' latency lines see it. */
export const locationStatus = z.object({
  location: z.string(),
  name: z.string(),
  /** This site's own prober, or an agent at the location. */
  source: z.enum(['site', 'agent']),
  /** Reported within the last few intervals. */
  reporting: z.boolean(),
  /** Its newest report, epoch ms; null before the first. */
  lastSeenAt: z.number().nullable(),
  /** The agent's ping endpoint for visitors' "your latency", shown only while it reports. */
  pingUrl: z.string().nullable(),
});

/** GET /api/status/locations. */
export const locationsReport = z.object({ locations: z.array(locationStatus) });

/** An agent token as the console lists it (never the token itself). */
export const probeAgent = z.object({
  id: z.string(),
  location: z.string(),
  createdAt: z.number(),
  createdBy: z.string(),
  lastSeenAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
});

export const probeAgentList = z.object({ agents: z.array(probeAgent) });
export const newProbeAgent = z.strictObject({ location: probeLocationId });
/** Answer to a new agent: the token, shown once. */
export const probeAgentCreated = probeAgent.extend({ token: z.string() });
export const probeAgentParams = z.object({ id: z.string().min(1).max(64) });

export type AgentMonitor = z.infer<typeof agentMonitor>;
export type AgentMonitorList = z.infer<typeof agentMonitorList>;
export type AgentResult = z.infer<typeof agentResult>;
export type AgentResultsBatch = z.input<typeof agentResultsBatch>;
export type AgentResultsAnswer = z.infer<typeof agentResultsAnswer>;
export type LocationStatus = z.infer<typeof locationStatus>;
export type LocationsReport = z.infer<typeof locationsReport>;
export type ProbeAgent = z.infer<typeof probeAgent>;
export type ProbeAgentCreated = z.infer<typeof probeAgentCreated>;
