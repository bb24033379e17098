import type { Incident, IncidentBrief, Maintenance, MaintenanceState } from '../../contracts/incidents.ts';
import type { IncidentRecord, MaintenanceRecord } from './incidents-repository.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

/** An incident as the contract has it (times in ISO 8601). */
export function incidentView(r: IncidentRecord): Incident {
  return {
    id: r.id,
    title: r.title,
    impact: r.impact,
    monitorIds: r.monitorIds,
    state: r.state,
    startedAt: iso(r.startedAt),
    resolvedAt: r.resolvedAt === null ? null : iso(r.resolvedAt),
    updates: r.updates.map((u) => ({
      id: String(u.id),
      state: u.state,
      message: u.message,
      at: iso(u.at),
      editedAt: u.editedAt === null ? null : iso(u.editedAt),
    })),
  };
}

export function incidentBriefOf(r: IncidentRecord): IncidentBrief {
  return {
    id: r.id,
    title: r.title,
    impact: r.impact,
    monitorIds: r.monitorIds,
    startedAt: iso(r.startedAt),
    resolvedAt: r.resolvedAt === null ? null : iso(r.resolvedAt),
  };
}

/** Scheduled before its start, in progress until its end, completed after; or cancelled. */
export function maintenanceState(r: MaintenanceRecord, now: number): MaintenanceState {
  if (r.cancelledAt !== null) return 'cancelled';
  if (now < r.startsAt) return 'scheduled';
  if (now < r.endsAt) return 'in_progress';
  return 'completed';
}

/** A maintenance window as the contract has it, its state read at `now`. */
export function maintenanceView(r: MaintenanceRecord, now: number): Maintenance {
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    monitorIds: r.monitorIds,
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
    state: maintenanceState(r, now),
    cancelledAt: r.cancelledAt === null ? null : iso(r.cancelledAt),
  };
}

/** Whether a window covers a moment for a monitor: from its start until its end or its cancellation. */
export function covers(r: MaintenanceRecord, monitorId: string, at: number): boolean {
  const end = r.cancelledAt === null ? r.endsAt : Math.min(r.endsAt, r.cancelledAt);
  return at >= r.startsAt && at < end && r.monitorIds.includes(monitorId);
}

/** When an incident or a window last changed as a reader sees it (the feed's `updated`). */
export function lastChange(item: IncidentRecord | MaintenanceRecord, now: number): number {
  if ('updates' in item) return Math.max(item.updatedAt, ...item.updates.map((u) => Math.max(u.at, u.editedAt ?? 0)));
  const transitions = [item.startsAt, item.endsAt].filter((t) => t <= now && item.cancelledAt === null);
  return Math.max(item.updatedAt, ...transitions);
}
