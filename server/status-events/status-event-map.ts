import { statusEventKinds, type Incident, type Maintenance, type StatusEventKind } from '../../contracts/incidents.ts';
import type { monitorChangedKind, ServerStatus } from '../../contracts/status-rules.ts';

/**
 * A monitor's decided state changed (docs/decisions.md 54): written to the status event log in
 * the transaction that stores the results which decided it, so a change exists exactly when
 * its results do. Alerts to the team read these; the board and subscribers do not.
 */
export interface MonitorChange {
  monitorId: string;
  /** The state before; null when the monitor had not been decided yet (a new monitor, a first probe). */
  from: ServerStatus | null;
  to: ServerStatus;
  /** When the deciding results were taken, epoch milliseconds. */
  at: number;
  /** Taken inside one of the monitor's maintenance windows. */
  maintenance: boolean;
  /** Why, in a few words: the failing probe's error, when there was one. */
  detail?: string;
  /**
   * What each location that reported said, when more than one did or some failed
   * (docs/decisions.md 47): from where it fails.
   */
  locations?: { location: string; state: ServerStatus; detail?: string }[];
}

/**
 * Every kind of status event and what it carries: incidents' and maintenance's changes (the item
 * after the change) and monitors' decided states. The one place a kind gets its payload.
 */
export type StatusEventMap = { [K in StatusEventKind]: K extends `incident.${string}` ? Incident : Maintenance } & {
  [monitorChangedKind]: MonitorChange;
};

/** What the log holds: incidents' and maintenance's changes, and monitors' decided states. */
export type LoggedEventKind = keyof StatusEventMap;

/** One change of an incident, a maintenance or a monitor's state, as the event log keeps it. */
export interface StatusEvent<P = unknown, K extends LoggedEventKind = LoggedEventKind> {
  id: number;
  at: number;
  kind: K;
  /** The incident's, maintenance's or monitor's id. */
  subjectId: string;
  /** The incident or maintenance as it was after the change; for a monitor, the change. */
  payload: P;
}

/** An event of one kind, its payload typed by the map. */
export type StatusEventOf<K extends LoggedEventKind> = StatusEvent<StatusEventMap[K], K>;

/** Any event, its payload typed by its kind. */
export type AnyStatusEvent = { [K in LoggedEventKind]: StatusEventOf<K> }[LoggedEventKind];

/** Whether an event is an incident's or a maintenance's (what the board and subscribers are told of). */
export function isNoticeEvent<P>(event: StatusEvent<P>): event is StatusEvent<P, StatusEventKind> {
  return event.kind !== 'monitor.changed';
}

/** The kinds the board and subscribers are told of: every incident's and maintenance's change. */
export const noticeEventKinds: readonly StatusEventKind[] = statusEventKinds;
