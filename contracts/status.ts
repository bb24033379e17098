/**
 * The status capability's contract: GET /api/status (the board), GET /api/status/stream (live
 * rounds as Server-Sent Events) and POST /api/status/check (a visitor's own server).
 */
import { z } from 'zod';
import { checkTypes } from './status-rules.ts';

const serverStatus = z.enum(['operational', 'degraded', 'down']);
const shownStatus = z.enum(['operational', 'degraded', 'down', 'pending']);
const banner = z.enum(['All Systems Operational', 'Degraded Performance', 'Partial Outage', 'Major Outage']);
const monitorType = z.enum(['tcp', 'http', 'minecraft']);
/** Percent, or null before anything was measured in the window. */
const percent = z.number().nullable();

export const uptimes = z.object({ h24: percent, d30: percent, d90: percent }).describe('Measured uptime over the last 24 hours, 30 and 90 days.');

export const reading = z.object({
  /** Epoch milliseconds. */
  timestamp: z.number(),
  /** Milliseconds; 0 when the probe got no answer. */
  latency: z.number(),
});

export const incident = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string().optional(),
  /** ISO 8601. */
  startedAt: z.string().optional(),
  /** ISO 8601. */
  resolvedAt: z.string().optional(),
});

export const serverView = z.object({
  id: z.string(),
  name: z.string(),
  type: monitorType,
  status: shownStatus,
  latency: z.number(),
  /** Uptime over 90 days (percent), null before any measurement. */
  uptime: percent,
  uptimes,
  /** When the newest reading was taken (epoch ms), or null. */
  checkedAt: z.number().nullable(),
  history: z.array(reading),
});

export const statusReport = z.object({
  summary: z.object({
    banner,
    monitored: z.number().int(),
    uptime90d: percent,
    uptimes,
    incidents: z.array(incident),
    /** The shortest probe interval of the monitors, absent when there are none. */
    intervalSeconds: z.number().optional(),
  }),
  servers: z.array(serverView),
});

/** One monitor's new reading, as a `serverStatus` event of the stream carries it (an array of these). */
export const statusUpdate = z.object({ id: z.string(), status: shownStatus, latency: z.number(), timestamp: z.number() });

export const streamQuery = z.object({
  /** Resume after this event (EventSource sends it as the Last-Event-ID header; a query works too). */
  lastEventId: z.string().optional(),
});

export const checkRequest = z.strictObject({
  /** host[:port]; IPv6 in brackets when a port follows. */
  address: z.string().min(1).max(260),
  /** minecraft (default; port 25565), tcp (port required) or http (port 80). */
  type: z.enum(checkTypes).optional(),
});

export const checkAnswer = z.object({
  ok: z.boolean(),
  latency: z.number(),
  players: z.object({ online: z.number().int(), max: z.number().int() }).optional(),
  version: z.string().optional(),
});

export type ServerStatusValue = z.infer<typeof serverStatus>;
export type Uptimes = z.infer<typeof uptimes>;
export type Reading = z.infer<typeof reading>;
export type Incident = z.infer<typeof incident>;
export type ServerView = z.infer<typeof serverView>;
export type StatusReport = z.infer<typeof statusReport>;
export type StatusUpdate = z.infer<typeof statusUpdate>;
export type CheckRequest = z.infer<typeof checkRequest>;
export type CheckAnswer = z.infer<typeof checkAnswer>;
