import type { Kysely } from 'kysely';
import type { AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import { incidentView } from '../incidents/incident-views.ts';
import { findIncident, insertIncident, insertUpdate, setIncidentState } from '../incidents/incidents-repository.ts';
import { loadMonitorsFile, type TargetPlaceholders } from './monitors-file.ts';
import type { MonitorsFileSection } from './monitors-file-section.ts';
import { anyMonitor, claimSeed, insertMonitor, seedDone } from './monitors-repository.ts';
import { recordStatusEvent } from '../status-events/status-events-repository.ts';

/** The name of the one-time import of MONITORS_FILE in status_seed. */
export const monitorsFileSeed = 'monitors-file';

const seedActor = { kind: 'system' as const, id: null, label: 'first start (MONITORS_FILE)' };

/**
 * On the first start, MONITORS_FILE fills the database (docs/decisions.md 37): its monitors, and
 * its incidents as incidents (each with its status events). Later starts never read the file
 * again; `npm run monitors -- import` adds from a file after that. When several instances start
 * at once, one of them imports (status_seed's primary key decides). A database that already has
 * monitors (imported by the CLI before the first start) is left as it is.
 */
export async function seedFromFile(deps: {
  db: Kysely<Database>;
  audit: AuditLog;
  file: string;
  placeholders: TargetPlaceholders;
  /** The other capabilities' sections the file may have (server/app.ts hands in the alerts'). */
  sections: readonly MonitorsFileSection[];
  now: () => number;
}): Promise<{ seeded: boolean; monitors: number; incidents: number }> {
  if (await seedDone(deps.db, monitorsFileSeed)) return { seeded: false, monitors: 0, incidents: 0 };
  // A bad file stops the start, with every problem named, as it always has.
  const file = loadMonitorsFile(deps.file, deps.placeholders, deps.sections);
  const at = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claimSeed(trx, monitorsFileSeed, at))) return { seeded: false, monitors: 0, incidents: 0 };
    if (await anyMonitor(trx)) return { seeded: false, monitors: 0, incidents: 0 };
    for (const entry of file.entries) await insertMonitor(trx, entry, at);
    let incidents = 0;
    for (const i of file.incidents) {
      if (await findIncident(trx, i.id)) continue;
      const startedAt = i.startedAt ? Date.parse(i.startedAt) : at;
      const resolvedAt = i.resolvedAt ? Date.parse(i.resolvedAt) : null;
      // The file has no impact, states or timeline: a minor incident whose one update is its message.
      await insertIncident(trx, { id: i.id, title: i.title, impact: 'minor', monitorIds: [], state: 'investigating', startedAt, resolvedAt: null });
      await insertUpdate(trx, i.id, { state: 'investigating', message: i.message ?? i.title, at: startedAt });
      await recordStatusEvent(trx, { at, kind: 'incident.created', subjectId: i.id, payload: incidentView((await findIncident(trx, i.id))!) });
      if (resolvedAt !== null) {
        await insertUpdate(trx, i.id, { state: 'resolved', message: 'Resolved.', at: resolvedAt });
        await setIncidentState(trx, i.id, 'resolved', resolvedAt);
        await recordStatusEvent(trx, { at, kind: 'incident.resolved', subjectId: i.id, payload: incidentView((await findIncident(trx, i.id))!) });
      }
      incidents += 1;
    }
    // The file's other sections (its alert channels), as the import adds them (docs/decisions.md 50).
    for (const { section, value } of file.sections) await section.import(trx, deps.audit, value, { actor: seedActor, clientIp: null }, at);
    if (file.entries.length === 0 && incidents === 0) return { seeded: true, monitors: 0, incidents: 0 };
    await deps.audit.record(
      { actor: seedActor, action: 'monitor.imported', target: deps.file, detail: { monitors: file.entries.length, incidents } },
      { db: trx },
    );
    return { seeded: true, monitors: file.entries.length, incidents };
  });
}
