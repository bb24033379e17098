// What the live stream changes on a status report: pure functions the board and the console's
// overview apply to what they show (no React, no network; test/unit/status-updates.test.ts).
import type { NoticeEvent } from '../../contracts/incidents.ts';
import type { LocationReading, LocationView, Reading, ServerView, StatusReport, StatusUpdate } from '../../contracts/status.ts';
import { boardBanner, historyLength, type ServerStatus } from '../../contracts/status-rules.ts';
import { maintenanceStateLabels } from './status-format.ts';

/** Keeps the newest readings, as many as the board charts. */
export function appendReading(history: readonly Reading[], reading: Reading, limit = historyLength): Reading[] {
  const next = [...history, reading];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** Each location's line with a round's readings: its state and latency now, and a point more on its chart when the reading is new. */
export function withLocationReadings(lines: readonly LocationView[] | undefined, readings: readonly LocationReading[]): LocationView[] {
  const next = [...(lines ?? [])];
  for (const r of readings) {
    const i = next.findIndex((l) => l.location === r.location);
    const line = i === -1 ? undefined : next[i]!;
    if (line && r.at <= line.at) continue;
    const { readings, ...reading } = r;
    // A buffered batch arrives as the line's stored readings: the line becomes them.
    const history = readings ? readings.slice(-historyLength) : appendReading(line?.history ?? [], { timestamp: r.at, latency: r.latency });
    const updated: LocationView = { ...reading, history };
    if (i === -1) next.push(updated);
    else next[i] = updated;
  }
  return next;
}

/** The summary's banner and count from the servers and notices shown (the same rule as the server's, docs/decisions.md 38). */
export function summarised(report: StatusReport): StatusReport {
  const counted = report.servers.filter((s) => !s.paused && !s.maintenance).map((s) => s.status);
  const banner = boardBanner({
    statuses: counted.filter((s): s is ServerStatus => s !== 'pending'),
    impacts: report.incidents.map((i) => i.impact),
    maintenance: report.servers.some((s) => s.maintenance && !s.paused),
  });
  return { ...report, summary: { ...report.summary, banner, openIncidents: report.incidents.length } };
}

/** The report with a round's readings applied (an older reading than the one shown is ignored). */
export function withReadings(report: StatusReport, updates: readonly StatusUpdate[]): StatusReport {
  const byId = new Map(updates.map((u) => [u.id, u]));
  const servers: ServerView[] = report.servers.map((s) => {
    const u = byId.get(s.id);
    if (!u || (s.checkedAt !== null && u.timestamp <= s.checkedAt)) return s;
    const { failure: _shown, ...rest } = s;
    return {
      ...rest,
      status: u.status,
      latency: u.latency,
      checkedAt: u.timestamp,
      ...(u.failure ? { failure: u.failure } : {}),
      history: appendReading(s.history, { timestamp: u.timestamp, latency: u.latency }),
      ...(u.players ? { players: u.players } : {}),
      ...(u.version ? { version: u.version } : {}),
      // A round that says what each location sees also says from where it fails (or nowhere).
      ...(u.locations ? { locations: withLocationReadings(s.locations, u.locations), detail: u.detail } : {}),
    };
  });
  return summarised({ ...report, servers });
}

/** The readings a report shows, as updates: kept when a fresh report is read while the stream runs. */
export function readingsOf(report: StatusReport): StatusUpdate[] {
  return report.servers.flatMap((s) => (s.checkedAt === null ? [] : [{ id: s.id, status: s.status, latency: s.latency, timestamp: s.checkedAt }]));
}

/** Whether a round names a monitor the report does not have (added since it was read: read it again). */
export function hasUnknownMonitor(report: StatusReport, updates: readonly StatusUpdate[]): boolean {
  return updates.some((u) => !report.servers.some((s) => s.id === u.id));
}

/** The monitors whose state a round changes, from one decided state to another (the change toast, docs/decisions.md 28). */
export function stateChanges(report: StatusReport, updates: readonly StatusUpdate[]): { name: string; status: ServerStatus }[] {
  const changes: { name: string; status: ServerStatus }[] = [];
  for (const u of updates) {
    const shown = report.servers.find((s) => s.id === u.id);
    if (
      shown &&
      shown.status !== 'pending' &&
      u.status !== 'pending' &&
      shown.status !== u.status &&
      (shown.checkedAt === null || u.timestamp > shown.checkedAt)
    ) {
      changes.push({ name: shown.name, status: u.status });
    }
  }
  return changes;
}

/** A pushed incident or maintenance change, applied to what the board shows. */
export function withNotice(report: StatusReport, notice: NoticeEvent): StatusReport {
  let { incidents, maintenance, recentIncidents, servers } = report;
  const { incident, maintenance: window } = notice;
  if (incident) {
    incidents = incidents.filter((i) => i.id !== incident.id);
    if (incident.state !== 'resolved') incidents = [incident, ...incidents].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    const { id, title, impact, monitorIds, startedAt, resolvedAt } = incident;
    recentIncidents = [{ id, title, impact, monitorIds, startedAt, resolvedAt }, ...recentIncidents.filter((i) => i.id !== incident.id)];
  }
  if (window) {
    maintenance = maintenance.filter((m) => m.id !== window.id);
    if (window.state === 'scheduled' || window.state === 'in_progress')
      maintenance = [...maintenance, window].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    const under = new Set(maintenance.filter((m) => m.state === 'in_progress').flatMap((m) => m.monitorIds));
    servers = servers.map((s) => (s.maintenance === under.has(s.id) ? s : { ...s, maintenance: under.has(s.id) }));
  }
  return summarised({ ...report, incidents, maintenance, recentIncidents, servers });
}

/** What a screen reader hears when a notice arrives. */
export function noticeText(notice: NoticeEvent): string {
  const { incident, maintenance } = notice;
  if (incident) {
    if (notice.kind === 'incident.created') return `New incident: ${incident.title}.`;
    if (notice.kind === 'incident.resolved') return `Resolved: ${incident.title}.`;
    return `Update on ${incident.title}: ${incident.updates.at(-1)?.message ?? ''}`;
  }
  if (maintenance) return `Maintenance ${maintenanceStateLabels[maintenance.state].toLowerCase()}: ${maintenance.title}.`;
  return '';
}
