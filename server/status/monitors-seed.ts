import type { Kysely } from 'kysely';
import type { AuditLog } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import { importAlertsSection } from '../alerts/alerts-file.ts';
import { incidentView } from '../incidents/incident-views.ts';
import { findIncident, insertIncident, insertUpdate } from '../incidents/incidents-repository.ts';
import { loadMonitorsFile, type TargetPlaceholders } from './monitors-file.ts';
import { claimSeed, insertMonitor } from './monitors-repository.ts';
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
  now: () => number;
}): Promise<{ seeded: boolean; monitors: number; incidents: number }> {
  const done = await deps.db.selectFrom('status_seed').select('name').where('name', '=', monitorsFileSeed).executeTakeFirst();
  if (done) return { seeded: false, monitors: 0, incidents: 0 };
  // A bad file stops the start, with every problem named, as it always has.
  const file = loadMonitorsFile(deps.file, deps.placeholders);
  const at = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claimSeed(trx, monitorsFileSeed, at))) return { seeded: false, monitors: 0, incidents: 0 };
    const existing = await trx.selectFrom('status_monitor').select('id').limit(1).executeTakeFirst();
    if (existing) return { seeded: false, monitors: 0, incidents: 0 };
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
        await trx.updateTable('incident').set({ state: 'resolved', resolved_at: resolvedAt, updated_at: resolvedAt }).where('id', '=', i.id).execute();
        await recordStatusEvent(trx, { at, kind: 'incident.resolved', subjectId: i.id, payload: incidentView((await findIncident(trx, i.id))!) });
      }
      incidents += 1;
    }
    // The file's alert channels, as the import adds them (docs/decisions.md 50).
    if (file.alerts) await importAlertsSection(trx, deps.audit, file.alerts, { actor: seedActor, clientIp: null }, at);
    if (file.entries.length === 0 && incidents === 0) return { seeded: true, monitors: 0, incidents: 0 };
    await deps.audit.record(
      { actor: seedActor, action: 'monitor.imported', target: deps.file, detail: { monitors: file.entries.length, incidents } },
      { db: trx },
    );
    return { seeded: true, monitors: file.entries.length, incidents };
  });
}
