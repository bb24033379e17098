/**
 * Incidents and scheduled maintenance: written by staff in the console, shown on the public
 * board, in its history, feed and badges, and announced to subscribers. People say what is
 * happening; probes measure (docs/decisions.md 12).
 */
import { z } from 'zod';
import { incidentImpacts, incidentStates, maintenanceStates, openIncidentStates } from './incidents-rules.ts';

export { incidentImpacts, incidentStates, maintenanceStates, openIncidentStates };

export const incidentImpact = z.enum(incidentImpacts);
export const incidentState = z.enum(incidentStates);
export const maintenanceState = z.enum(maintenanceStates);

/** ISO 8601 with a time zone, as every time of this contract is written. */
const isoTime = z.iso.datetime({ offset: true });

/** One entry of an incident's timeline. */
export const incidentUpdate = z.object({
  id: z.string(),
  state: incidentState,
  message: z.string(),
  /** When it was posted. */
  at: isoTime,
  /** When its text was last corrected, if ever (the time stays the posting time). */
  editedAt: isoTime.nullable(),
});

export const incident = z.object({
  id: z.string(),
  title: z.string(),
  impact: incidentImpact,
  /** The monitors it affects (ids of the status board's monitors). */
  monitorIds: z.array(z.string()),
  /** The newest update's state: resolved once staff resolve it. */
  state: incidentState,
  startedAt: isoTime,
  resolvedAt: isoTime.nullable(),
  /** Oldest first. */
  updates: z.array(incidentUpdate),
});

export const maintenance = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  monitorIds: z.array(z.string()),
  startsAt: isoTime,
  endsAt: isoTime,
  /** From the clock: scheduled before startsAt, in_progress until endsAt, completed after; or cancelled. */
  state: maintenanceState,
  cancelledAt: isoTime.nullable(),
});

/**
 * What happened, in the order it happened: the board pushes it, subscribers are told of it, the
 * feed is rebuilt from it. Each is stored once, in the transaction that made the change
 * (`status_events`), so nothing is announced that did not happen and nothing twice.
 */
export const statusEventKinds = [
  'incident.created',
  'incident.updated',
  /** An update's text was corrected (a typo): the timeline changed, nothing new happened. */
  'incident.edited',
  'incident.resolved',
  'maintenance.scheduled',
  'maintenance.updated',
  'maintenance.started',
  'maintenance.completed',
  'maintenance.cancelled',
] as const;
export const statusEventKind = z.enum(statusEventKinds);

/** What the board's notice event (`notice` on /api/status/stream) carries: the change and the item after it. */
export const noticeEvent = z.object({
  kind: statusEventKind,
  incident: incident.optional(),
  maintenance: maintenance.optional(),
});

/** An incident without its timeline: what a day of a monitor's 90-day bar lists. */
export const incidentBrief = incident.pick({ id: true, title: true, impact: true, monitorIds: true, startedAt: true, resolvedAt: true });

/** GET /api/status/history: the incidents and maintenance of the last `days` days, newest first. */
export const statusHistory = z.object({
  days: z.number().int(),
  /** The names of the monitors that exist now, to name what the entries affect. */
  monitors: z.array(z.object({ id: z.string(), name: z.string() })),
  incidents: z.array(incident),
  maintenance: z.array(maintenance),
});

// What staff write in the console (/api/staff/incidents, /api/staff/maintenance).

export const titleMaxLength = 120;
export const messageMaxLength = 5000;
/** The longest maintenance window, and how far ahead one may be scheduled. */
export const maintenanceMaxDays = 14;
export const maintenanceAheadDays = 365;

const title = z.string().trim().min(1, 'is required').max(titleMaxLength);
const message = z.string().trim().min(1, 'must not be empty').max(messageMaxLength);
const monitorIds = z.array(z.string().min(1).max(64)).max(200);
const givenTime = z.iso.datetime({ offset: true, error: 'must be a date and time such as 2026-01-31T12:00:00Z' });

export const newIncidentBody = z.strictObject({
  title,
  impact: incidentImpact,
  monitorIds,
  state: z.enum(openIncidentStates, { error: 'must be investigating, identified or monitoring' }),
  message,
});
export const incidentUpdateBody = z.strictObject({ state: incidentState, message });
export const editUpdateBody = z.strictObject({ message });
export const resolveIncidentBody = z.strictObject({ message });

export const newMaintenanceBody = z.strictObject({
  title,
  message,
  monitorIds: monitorIds.min(1, 'must name at least one monitor'),
  startsAt: givenTime,
  endsAt: givenTime,
});
export const extendMaintenanceBody = z.strictObject({ endsAt: givenTime });

export const incidentParams = z.object({ id: z.string().min(1).max(100) });
export const incidentUpdateParams = z.object({ id: z.string().min(1).max(100), updateId: z.string().min(1).max(40) });

export const incidentList = z.object({ incidents: z.array(incident) });
export const maintenanceList = z.object({ maintenance: z.array(maintenance) });

export type NoticeEvent = z.infer<typeof noticeEvent>;
export type IncidentBrief = z.infer<typeof incidentBrief>;
export type StatusHistory = z.infer<typeof statusHistory>;
export type NewIncidentBody = z.infer<typeof newIncidentBody>;
export type IncidentUpdateBody = z.infer<typeof incidentUpdateBody>;
export type NewMaintenanceBody = z.infer<typeof newMaintenanceBody>;
export type IncidentImpact = z.infer<typeof incidentImpact>;
export type IncidentState = z.infer<typeof incidentState>;
export type MaintenanceState = z.infer<typeof maintenanceState>;
export type IncidentUpdate = z.infer<typeof incidentUpdate>;
export type Incident = z.infer<typeof incident>;
export type Maintenance = z.infer<typeof maintenance>;
export type StatusEventKind = z.infer<typeof statusEventKind>;
