import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  maintenanceAheadDays,
  maintenanceMaxDays,
  type Incident,
  type IncidentBrief,
  type IncidentUpdateBody,
  type Maintenance,
  type NewIncidentBody,
  type NewMaintenanceBody,
  type StatusEventKind,
  type StatusHistory,
} from '../../contracts/incidents.ts';
import type { Acting, AuditLog, AuditRecord } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { StatusEventMap } from '../status-events/status-event-map.ts';
import { appendStatusEvent } from '../status-events/status-events-repository.ts';
import type { StatusEvents } from '../status-events/status-events.ts';
import { covers, incidentBriefOf, incidentView, maintenanceView } from './incident-views.ts';
import {
  cancelMaintenance,
  claimAnnouncement,
  currentMaintenance,
  dueAnnouncements,
  editUpdate,
  extendMaintenance,
  findIncident,
  findMaintenance,
  incidentsSince,
  insertIncident,
  insertMaintenance,
  insertUpdate,
  maintenanceSince,
  openIncidents,
  setIncidentState,
  type IncidentRecord,
  type MaintenanceRecord,
} from './incidents-repository.ts';
import { dayMs } from '../../contracts/time-units.ts';

/** How far back the board's bars, the history page and the feed look. */
export const historyDays = 90;
/** A start this far in the past is still taken (the form was filled in a minute ago). */
const startGraceMs = 5 * 60_000;
/** The cache is read again this often even without a signal (a lost one costs at most this). */
const fullCheckMs = 60_000;

export interface IncidentsServiceDeps {
  db: Kysely<Database>;
  audit: AuditLog;
  /** The ids among these that are monitors (read in the change's transaction). */
  existingMonitors(db: Transaction<Database>, ids: readonly string[]): Promise<Set<string>>;
  /** Where every change is published once committed: open boards, subscribers, the other instances. */
  events: Pick<StatusEvents, 'publish'>;
  log: FastifyBaseLogger;
  now?: () => number;
}

const notFound = (what: 'incident' | 'maintenance', id: string) =>
  new HttpError(404, `${what}_not_found`, what === 'incident' ? `There is no incident with the id "${id}".` : `There is no maintenance with the id "${id}".`);

const invalid = (fields: Record<string, string>) =>
  new HttpError(
    400,
    'invalid',
    `Invalid request: ${Object.entries(fields)
      .map(([f, m]) => `${f} ${m}`)
      .join('; ')}`,
    { fields },
  );

/**
 * Incidents and maintenance (docs/decisions.md 12, 33). Every change is one transaction that
 * also records its status event and its audit entry; after it commits, the event is published
 * (server/status-events/): this instance's open boards and subscribers, then the other instances,
 * which read their copy again (`followElsewhere`) and push it too. The open incidents and the current maintenance are kept in memory for the board and the
 * prober; the clock's transitions (started, completed) are announced exactly once by whichever
 * instance claims them first.
 */
export class IncidentsService {
  private readonly deps: IncidentsServiceDeps;
  private readonly now: () => number;
  private open: IncidentRecord[] = [];
  private current: MaintenanceRecord[] = [];
  private recent: IncidentBrief[] = [];
  private loadedAt = 0;

  constructor(deps: IncidentsServiceDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
  }

  /** Reads the open incidents, the current maintenance and the bars' incidents again. */
  async refresh(): Promise<void> {
    const at = this.now();
    const [open, current, recent] = await Promise.all([
      openIncidents(this.deps.db),
      currentMaintenance(this.deps.db, at),
      incidentsSince(this.deps.db, at - historyDays * dayMs, { timelines: false }),
    ]);
    this.open = open;
    this.current = current;
    this.recent = recent.map(incidentBriefOf);
    this.loadedAt = at;
  }

  // The board (server/status/status-report.ts reads these).

  inMaintenance(monitorId: string, at: number): boolean {
    return this.current.some((m) => covers(m, monitorId, at));
  }

  board(now: number): { incidents: Incident[]; maintenance: Maintenance[]; recent: IncidentBrief[] } {
    return {
      incidents: this.open.map(incidentView),
      maintenance: this.current.filter((m) => m.endsAt > now && m.cancelledAt === null).map((m) => maintenanceView(m, now)),
      recent: this.recent,
    };
  }

  /** A change made on another instance, or changes that may have been missed: reads this instance's copy again. */
  async followElsewhere(): Promise<void> {
    await this.refresh().catch((error: unknown) => this.deps.log.error({ err: error }, 'incidents: could not follow a change made on another instance'));
  }

  // Public reads.

  /** The last 90 days, newest first: what the history page, its JSON and the feed show. */
  async history(now = this.now()): Promise<Omit<StatusHistory, 'monitors'> & { records: { incidents: IncidentRecord[]; maintenance: MaintenanceRecord[] } }> {
    const since = now - historyDays * dayMs;
    const [incidents, maintenance] = await Promise.all([incidentsSince(this.deps.db, since), maintenanceSince(this.deps.db, since)]);
    return {
      days: historyDays,
      incidents: incidents.map(incidentView),
      maintenance: maintenance.map((m) => maintenanceView(m, now)),
      records: { incidents, maintenance },
    };
  }

  async incident(id: string): Promise<Incident> {
    const found = await findIncident(this.deps.db, id);
    if (!found) throw notFound('incident', id);
    return incidentView(found);
  }

  // Staff: incidents.

  async listIncidents(): Promise<Incident[]> {
    return (await incidentsSince(this.deps.db, this.now() - historyDays * dayMs)).map(incidentView);
  }

  async createIncident(body: NewIncidentBody, acting: Acting): Promise<Incident> {
    const id = randomUUID();
    const at = this.now();
    const monitorIds = [...new Set(body.monitorIds)];
    return this.change(async (trx) => {
      await this.checkMonitors(trx, monitorIds, 'monitorIds');
      await insertIncident(trx, { id, title: body.title, impact: body.impact, monitorIds, state: body.state, startedAt: at, resolvedAt: null });
      await insertUpdate(trx, id, { state: body.state, message: body.message, at });
      return {
        kind: 'incident.created',
        subjectId: id,
        audit: this.entry(acting, 'incident.created', body.title, { id, impact: body.impact, state: body.state }),
      };
    });
  }

  /**
   * An outage that is over already, told as it was (docs/decisions.md 86): the incident starts and
   * is resolved at the given times, with one resolved update. The banner is never raised by it.
   */
  async recordResolvedIncident(
    body: { title: string; impact: NewIncidentBody['impact']; monitorIds: string[]; startedAt: number; resolvedAt: number; message: string },
    acting: Acting,
  ): Promise<Incident> {
    const id = randomUUID();
    const monitorIds = [...new Set(body.monitorIds)];
    return this.change(async (trx) => {
      await this.checkMonitors(trx, monitorIds, 'monitorIds');
      await insertIncident(trx, {
        id,
        title: body.title,
        impact: body.impact,
        monitorIds,
        state: 'resolved',
        startedAt: body.startedAt,
        resolvedAt: body.resolvedAt,
      });
      await insertUpdate(trx, id, { state: 'resolved', message: body.message, at: body.resolvedAt });
      return {
        kind: 'incident.created',
        subjectId: id,
        audit: this.entry(acting, 'incident.created', body.title, { id, impact: body.impact, state: 'resolved' }),
      };
    });
  }

  /** A new update; the state resolved resolves the incident. A resolved incident takes no more updates. */
  async postUpdate(id: string, body: IncidentUpdateBody, acting: Acting): Promise<Incident> {
    const at = this.now();
    return this.change(async (trx) => {
      const incident = await this.openIncident(trx, id);
      if (!(await setIncidentState(trx, id, body.state, at))) throw this.resolvedError();
      await insertUpdate(trx, id, { state: body.state, message: body.message, at });
      const resolved = body.state === 'resolved';
      return {
        kind: resolved ? 'incident.resolved' : 'incident.updated',
        subjectId: id,
        audit: this.entry(acting, resolved ? 'incident.resolved' : 'incident.updated', incident.title, { id, state: body.state }),
      };
    });
  }

  async resolve(id: string, message: string, acting: Acting): Promise<Incident> {
    return this.postUpdate(id, { state: 'resolved', message }, acting);
  }

  /** Corrects an update's text (a typo); its time stays, editedAt says it was corrected. */
  async editUpdate(id: string, updateId: string, message: string, acting: Acting): Promise<Incident> {
    const at = this.now();
    return this.change(async (trx) => {
      const incident = await findIncident(trx, id);
      if (!incident) throw notFound('incident', id);
      const number = /^\d{1,15}$/.test(updateId) ? Number(updateId) : Number.NaN;
      const before = incident.updates.find((u) => u.id === number);
      if (!before || !(await editUpdate(trx, id, number, message, at))) {
        throw new HttpError(404, 'update_not_found', `Incident "${incident.title}" has no update with the id "${updateId}".`);
      }
      return {
        kind: 'incident.edited',
        subjectId: id,
        audit: this.entry(acting, 'incident.update_corrected', incident.title, { id, update: updateId, before: before.message }),
      };
    });
  }

  // Staff: maintenance.

  async listMaintenance(): Promise<Maintenance[]> {
    const now = this.now();
    return (await maintenanceSince(this.deps.db, now - historyDays * dayMs)).map((m) => maintenanceView(m, now));
  }

  async schedule(body: NewMaintenanceBody, acting: Acting): Promise<Maintenance> {
    const now = this.now();
    const startsAt = Date.parse(body.startsAt);
    const endsAt = Date.parse(body.endsAt);
    const fields: Record<string, string> = {};
    if (startsAt < now - startGraceMs) fields.startsAt = 'must not be in the past';
    else if (startsAt > now + maintenanceAheadDays * dayMs) fields.startsAt = `must be within ${maintenanceAheadDays} days from now`;
    if (endsAt <= startsAt) fields.endsAt = 'must be after the start';
    else if (endsAt - startsAt > maintenanceMaxDays * dayMs) fields.endsAt = `must be at most ${maintenanceMaxDays} days after the start`;
    if (Object.keys(fields).length) throw invalid(fields);
    const id = randomUUID();
    const monitorIds = [...new Set(body.monitorIds)];
    return this.change(async (trx) => {
      await this.checkMonitors(trx, monitorIds, 'monitorIds');
      await insertMaintenance(trx, { id, title: body.title, message: body.message, monitorIds, startsAt, endsAt, createdAt: now });
      return {
        kind: 'maintenance.scheduled',
        subjectId: id,
        audit: this.entry(acting, 'maintenance.scheduled', body.title, { id, startsAt: body.startsAt, endsAt: body.endsAt }),
      };
    });
  }

  /** A later end for a window that is scheduled or in progress. */
  async extend(id: string, endsAtText: string, acting: Acting): Promise<Maintenance> {
    const now = this.now();
    const endsAt = Date.parse(endsAtText);
    return this.change(async (trx) => {
      const m = await findMaintenance(trx, id);
      if (!m) throw notFound('maintenance', id);
      this.checkNotOver(m, now);
      if (endsAt <= m.endsAt) throw invalid({ endsAt: `must be later than the current end (${new Date(m.endsAt).toISOString()})` });
      if (endsAt - m.startsAt > maintenanceMaxDays * dayMs) throw invalid({ endsAt: `must be at most ${maintenanceMaxDays} days after the start` });
      if (!(await extendMaintenance(trx, id, endsAt, now))) this.checkNotOver((await findMaintenance(trx, id))!, now);
      return {
        kind: 'maintenance.updated',
        subjectId: id,
        audit: this.entry(acting, 'maintenance.extended', m.title, { id, from: new Date(m.endsAt).toISOString(), to: endsAtText }),
      };
    });
  }

  async cancel(id: string, acting: Acting): Promise<Maintenance> {
    const now = this.now();
    return this.change(async (trx) => {
      const m = await findMaintenance(trx, id);
      if (!m) throw notFound('maintenance', id);
      this.checkNotOver(m, now);
      if (!(await cancelMaintenance(trx, id, now))) this.checkNotOver((await findMaintenance(trx, id))!, now);
      return { kind: 'maintenance.cancelled', subjectId: id, audit: this.entry(acting, 'maintenance.cancelled', m.title, { id }) };
    });
  }

  /**
   * Announces the windows whose start or end has come (maintenance.started, .completed), each
   * exactly once across instances: a conditional UPDATE claims it, and the event is recorded in
   * the same transaction. The database is asked only when this instance's copy says something
   * is due, or once a minute in case a change from elsewhere was missed. Returns how many.
   */
  async announceDue(now = this.now()): Promise<number> {
    const due = this.current.some(
      (m) => m.cancelledAt === null && ((m.startedAnnouncedAt === null && m.startsAt <= now) || (m.completedAnnouncedAt === null && m.endsAt <= now)),
    );
    if (!due && now - this.loadedAt < fullCheckMs) return 0;
    let announced = 0;
    for (const m of await dueAnnouncements(this.deps.db, now)) {
      for (const which of ['started', 'completed'] as const) {
        if (which === 'started' ? m.startedAnnouncedAt !== null || m.startsAt > now : m.completedAnnouncedAt !== null || m.endsAt > now) continue;
        const event = await this.deps.db.transaction().execute(async (trx) => {
          if (!(await claimAnnouncement(trx, m.id, which, now))) return undefined;
          const after = (await findMaintenance(trx, m.id))!;
          // The window as it was at that moment: in progress from its start, completed at its end.
          const payload = maintenanceView(after, which === 'started' ? after.startsAt : after.endsAt);
          const kind = which === 'started' ? 'maintenance.started' : 'maintenance.completed';
          return appendStatusEvent(trx, { at: now, kind, subjectId: m.id, payload });
        });
        if (!event) continue;
        announced += 1;
        await this.deps.events.publish(event);
      }
    }
    await this.refresh();
    return announced;
  }

  // Helpers.

  /**
   * Runs a change in one transaction with its status event (payload: the item after the change)
   * and its audit entry; then refreshes this instance's copy, pushes the notice and tells the others.
   */
  private async change<K extends StatusEventKind>(
    work: (trx: Transaction<Database>) => Promise<{ kind: K; subjectId: string; audit: AuditRecord }>,
  ): Promise<K extends `incident.${string}` ? Incident : Maintenance> {
    const at = this.now();
    const done = await this.deps.db.transaction().execute(async (trx) => {
      const { kind, subjectId, audit } = await work(trx);
      const payload = kind.startsWith('incident.')
        ? incidentView((await findIncident(trx, subjectId))!)
        : maintenanceView((await findMaintenance(trx, subjectId))!, at);
      const event = await appendStatusEvent(trx, { at, kind, subjectId, payload: payload as StatusEventMap[K] });
      await this.deps.audit.record(audit, { db: trx });
      return event;
    });
    // Open boards and subscribers first (the notice carries the change itself), then this instance's copy.
    await this.deps.events.publish(done as Parameters<StatusEvents['publish']>[0]);
    await this.refresh().catch((error: unknown) => this.deps.log.error({ err: error }, 'incidents: could not read the current incidents'));
    return done.payload as unknown as K extends `incident.${string}` ? Incident : Maintenance;
  }

  private async checkMonitors(trx: Transaction<Database>, ids: readonly string[], field: string): Promise<void> {
    if (ids.length === 0) return;
    const known = await this.deps.existingMonitors(trx, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length)
      throw invalid({ [field]: `names ${unknown.length === 1 ? 'a monitor that does not exist' : 'monitors that do not exist'}: ${unknown.join(', ')}` });
  }

  private async openIncident(trx: Transaction<Database>, id: string): Promise<IncidentRecord> {
    const incident = await findIncident(trx, id);
    if (!incident) throw notFound('incident', id);
    if (incident.resolvedAt !== null) throw this.resolvedError();
    return incident;
  }

  private resolvedError(): HttpError {
    const message = 'This incident is resolved and takes no more updates. Open a new incident if the trouble is back.';
    return new HttpError(409, 'incident_resolved', message, { fields: { state: message } });
  }

  private checkNotOver(m: MaintenanceRecord, now: number): void {
    if (m.cancelledAt !== null)
      throw new HttpError(409, 'maintenance_cancelled', 'This maintenance was cancelled.', { fields: { endsAt: 'This maintenance was cancelled.' } });
    if (m.endsAt <= now)
      throw new HttpError(409, 'maintenance_completed', 'This maintenance is completed.', { fields: { endsAt: 'This maintenance is completed.' } });
  }

  private entry(acting: Acting, action: string, title: string, detail: Record<string, string>): AuditRecord {
    return { actor: acting.actor, action, target: title, clientIp: acting.clientIp, detail };
  }
}
