/**
 * The status capability's contract: GET /api/status (the board), GET /api/status/stream (live
 * rounds as Server-Sent Events) and POST /api/status/check (a visitor's own server).
 */
import { z } from 'zod';
import { incident, incidentBrief, maintenance, noticeEvent } from './incidents.ts';
import { locationStatus } from './probe-locations.ts';
import { banners, checkTypes, serverStatuses, shownStatuses } from './status-rules.ts';

const serverStatus = z.enum(serverStatuses);
export const shownStatus = z.enum(shownStatuses);
const banner = z.enum(banners);
/** A monitor's type, by its registered name (server/status/monitor-types/). */
const monitorType = z.string();
/** Percent, or null before anything was measured in the window. */
const percent = z.number().nullable();

export const uptimes = z.object({ h24: percent, d30: percent, d90: percent }).describe('Measured uptime over the last 24 hours, 30 and 90 days.');

export const reading = z.object({
  /** Epoch milliseconds. */
  timestamp: z.number(),
  /** Milliseconds; 0 when the probe got no answer. */
  latency: z.number(),
});

/** Players online of max, from a Minecraft server's answer to the Server List Ping. */
const players = z.object({ online: z.number().int(), max: z.number().int() });

/** A monitor's 90-day bar: one figure per day (UTC), oldest first, the last one today. */
export const dailyUptime = z.object({
  /** Percent of the day's counted readings that were up; null when nothing was counted that day. */
  uptime: z.array(percent),
  /** Indexes (into uptime) of the days with readings taken in a maintenance window, which are not counted. */
  maintenance: z.array(z.number().int()),
});

/** What one location says of a monitor now (docs/decisions.md 47). */
export const locationReading = z.object({
  /** A probe location's id (contracts/probe-locations-rules.ts). */
  location: z.string(),
  /** That location's own state machine's state. */
  status: shownStatus,
  /** Its newest result's latency, 0 when it got no answer. */
  latency: z.number(),
  /** When its newest result was taken (epoch ms). */
  at: z.number(),
  /** When its newest result got no answer: why, in words ("HTTP 503", "Connection refused", "Timed out"; docs/decisions.md 86). */
  failure: z.string().optional(),
  /**
   * The location's newest stored readings (oldest first, as many as a line shows), sent when this
   * round stored more of its results than the newest: an agent's buffer sent after a cut. The
   * line is these, so it shows what was stored (docs/decisions.md 86).
   */
  readings: z.array(reading).optional(),
});

/** A location's line: its state now and its recent readings. */
export const locationView = locationReading.omit({ readings: true }).extend({ history: z.array(reading) });

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
  /** When the newest reading got no answer: why, in words (docs/decisions.md 86). */
  failure: z.string().optional(),
  /** How often it is probed, seconds. */
  intervalSeconds: z.number().optional(),
  history: z.array(reading),
  /** Paused by staff: not probed, left out of the banner (docs/decisions.md 37). */
  paused: z.boolean(),
  /** In a maintenance window now: shown as under maintenance, its readings not counted (docs/decisions.md 38). */
  maintenance: z.boolean(),
  /** The first counted reading within the last 90 days (epoch ms): every uptime figure is "over" the time since. */
  measuredSince: z.number().nullable(),
  daily: dailyUptime,
  /** Minecraft monitors: from the newest answer. */
  players: players.optional(),
  version: z.string().optional(),
  /** Each location that has probed it (docs/decisions.md 47). */
  locations: z.array(locationView).optional(),
  /** "Unreachable from Singapore": from where a minority fails. */
  detail: z.string().optional(),
});

export const statusReport = z.object({
  summary: z.object({
    banner,
    /** Monitors being probed (paused ones are not). */
    monitored: z.number().int(),
    paused: z.number().int(),
    uptime90d: percent,
    uptimes,
    /** The earliest counted reading of any monitor in the last 90 days. */
    measuredSince: z.number().nullable(),
    /** Incidents not yet resolved. */
    openIncidents: z.number().int(),
    /** The shortest probe interval of the monitors, absent when there are none. */
    intervalSeconds: z.number().optional(),
    /** The longest probe interval of the monitors (the same as the shortest when they all agree). */
    longestIntervalSeconds: z.number().optional(),
  }),
  servers: z.array(serverView),
  /** Open incidents with their timelines, newest first. */
  incidents: z.array(incident),
  /** Maintenance scheduled or in progress, soonest first. */
  maintenance: z.array(maintenance),
  /** Incidents of the bars' 90 days (open ones included), for the days they touched. */
  recentIncidents: z.array(incidentBrief),
  /** UTC midnight (epoch ms) of the bars' first day. */
  daysFrom: z.number(),
  /** The locations watching, and whether each reports (docs/decisions.md 47). */
  locations: z.array(locationStatus).optional(),
});

/** One monitor's new reading, as a `serverStatus` event of the stream carries it (an array of these). */
export const statusUpdate = z.object({
  id: z.string(),
  status: shownStatus,
  latency: z.number(),
  timestamp: z.number(),
  players: players.optional(),
  version: z.string().optional(),
  /** When nobody got an answer: why, in words (docs/decisions.md 86); absent once it answers. */
  failure: z.string().optional(),
  /** Each location's state as it stands after this decision. */
  locations: z.array(locationReading).optional(),
  /** "Unreachable from Singapore": from where a minority fails. */
  detail: z.string().optional(),
});

export const streamQuery = z.object({
  /** Resume after this event (EventSource sends it as the Last-Event-ID header; a query works too). */
  lastEventId: z.string().optional(),
});

/**
 * The events of GET /api/status/stream, by name, and what each one's data holds (JSON):
 * `serverStatus` (numbered, replayed on resume) a round's new readings; `notice` an incident or
 * maintenance change; `monitors` that the monitors were added, changed, paused or deleted (read
 * the report again). The server writes them typed by this map (server/status/sse-hub.ts), the
 * browser reads them typed by it (src/lib/use-status-stream.ts).
 */
export const statusStreamEvents = {
  serverStatus: z.array(statusUpdate),
  notice: noticeEvent,
  monitors: z.object({ monitors: z.number().int() }),
};
export type StatusStreamEvents = { [E in keyof typeof statusStreamEvents]: z.infer<(typeof statusStreamEvents)[E]> };

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
export type LocationReading = z.infer<typeof locationReading>;
export type LocationView = z.infer<typeof locationView>;
export type DailyUptime = z.infer<typeof dailyUptime>;
export type ServerView = z.infer<typeof serverView>;
export type StatusReport = z.infer<typeof statusReport>;
export type StatusUpdate = z.infer<typeof statusUpdate>;
export type CheckRequest = z.infer<typeof checkRequest>;
export type CheckAnswer = z.infer<typeof checkAnswer>;
