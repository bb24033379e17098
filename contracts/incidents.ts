/**
 * Incidents and scheduled maintenance: written by staff in the console, shown on the public
 * board, in its history, feed and badges, and announced to subscribers. People say what is
 * happening; probes measure (docs/decisions.md 12).
 */
import { z } from 'zod';

export const incidentImpacts = ['minor', 'major', 'critical'] as const;
export const incidentStates = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export const maintenanceStates = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;

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
  'incident.resolved',
  'maintenance.scheduled',
  'maintenance.updated',
  'maintenance.started',
  'maintenance.completed',
  'maintenance.cancelled',
] as const;
export const statusEventKind = z.enum(statusEventKinds);

export type IncidentImpact = z.infer<typeof incidentImpact>;
export type IncidentState = z.infer<typeof incidentState>;
export type MaintenanceState = z.infer<typeof maintenanceState>;
export type IncidentUpdate = z.infer<typeof incidentUpdate>;
export type Incident = z.infer<typeof incident>;
export type Maintenance = z.infer<typeof maintenance>;
export type StatusEventKind = z.infer<typeof statusEventKind>;
