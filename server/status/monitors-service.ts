import type { Kysely } from 'kysely';
import type { MonitorEdit, MonitorInput, StaffMonitor } from '../../contracts/monitors.ts';
import type { Acting, AuditLog, AuditRecord } from '../audit/audit-service.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { addressProblem, type AddressPolicy } from './monitor-address.ts';
import { checkMonitor, expandTarget, type MonitorsFile, type TargetPlaceholders } from './monitors-file.ts';
import { deleteMonitor, findMonitor, insertMonitor, listMonitors, setMonitorPaused, updateMonitor, type StoredMonitor } from './monitors-repository.ts';
import { deleteResultsOf } from './status-repository.ts';

/** The shell's operator (npm run monitors). */
export const monitorsShell: Acting = { actor: { kind: 'system', id: null, label: 'shell (npm run monitors)' }, clientIp: null };

export interface MonitorsServiceDeps {
  db: Kysely<Database>;
  audit: AuditLog;
  placeholders: TargetPlaceholders;
  /** The public checker's policy, for targets set in the console. */
  policy: AddressPolicy;
  /** The latest probed state of a monitor on this instance (for the console's list). */
  liveOf?: (id: string) => Pick<StaffMonitor, 'status' | 'checkedAt'>;
  /** After every change: read the monitors again here and tell the other instances. */
  changed: () => Promise<void>;
  now?: () => number;
}

const settingsOf = ({ name, type, target, settings, intervalSeconds, timeoutSeconds, degradedAboveMs, failuresBeforeDown, quorum }: MonitorEdit) => ({
  name,
  type,
  target,
  settings,
  intervalSeconds,
  timeoutSeconds,
  degradedAboveMs,
  failuresBeforeDown,
  ...(quorum !== undefined ? { quorum } : {}),
});

/** Whether a setting differs from the stored one (a type's settings compared as JSON). */
const differs = (current: StoredMonitor, key: string, value: unknown) => JSON.stringify(current[key as keyof MonitorEdit]) !== JSON.stringify(value);

const notFound = (id: string) => new HttpError(404, 'monitor_not_found', `There is no monitor with the id "${id}".`);

/**
 * The monitors, changed from the console or the CLI (docs/decisions.md 37): the monitors file's
 * validation and messages, the public checker's address policy for targets set in the console,
 * one audit entry per change in the change's transaction, then every instance told.
 */
export class MonitorsService {
  private readonly deps: MonitorsServiceDeps;
  private readonly now: () => number;

  constructor(deps: MonitorsServiceDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
  }

  async list(): Promise<StaffMonitor[]> {
    return (await listMonitors(this.deps.db)).map((m) => this.view(m));
  }

  async create(given: MonitorInput, acting: Acting): Promise<StaffMonitor> {
    const input = { ...given, settings: await this.check(given, true) };
    const at = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await insertMonitor(trx, input, at))) {
        throw new HttpError(409, 'monitor_exists', `The id "${input.id}" is already used by another monitor.`, {
          fields: { id: 'is already used by another monitor' },
        });
      }
      await this.deps.audit.record(this.entry(acting, 'monitor.created', input.id, { name: input.name, type: input.type, target: input.target }), { db: trx });
    });
    await this.deps.changed();
    return this.view((await findMonitor(this.deps.db, input.id))!);
  }

  async update(id: string, given: MonitorEdit, acting: Acting): Promise<StaffMonitor> {
    const current = await findMonitor(this.deps.db, id);
    if (!current) throw notFound(id);
    // An unchanged target was accepted when it was set (possibly from the file): only a new one is judged again.
    const judge = current.target !== given.target || current.type !== given.type || differs(current, 'settings', given.settings);
    const edit = { ...given, settings: await this.check(given, judge) };
    const changes = Object.entries(settingsOf(edit))
      .filter(([key, value]) => differs(current, key, value))
      .map(([key]) => key);
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await updateMonitor(trx, id, edit, this.now()))) throw notFound(id);
      await this.deps.audit.record(this.entry(acting, 'monitor.updated', id, { changed: changes.join(', ') || 'nothing', target: edit.target }), { db: trx });
    });
    await this.deps.changed();
    return this.view((await findMonitor(this.deps.db, id))!);
  }

  async setPaused(id: string, paused: boolean, acting: Acting): Promise<StaffMonitor> {
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await setMonitorPaused(trx, id, paused, this.now()))) throw notFound(id);
      await this.deps.audit.record(this.entry(acting, paused ? 'monitor.paused' : 'monitor.resumed', id), { db: trx });
    });
    await this.deps.changed();
    return this.view((await findMonitor(this.deps.db, id))!);
  }

  /** Deletes a monitor and its stored readings (a new monitor may later take its id). */
  async remove(id: string, acting: Acting): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const current = await findMonitor(trx, id);
      if (!current || !(await deleteMonitor(trx, id))) throw notFound(id);
      await deleteResultsOf(trx, id);
      await this.deps.audit.record(this.entry(acting, 'monitor.deleted', id, { name: current.name }), { db: trx });
    });
    await this.deps.changed();
  }

  /**
   * `npm run monitors -- import FILE`: adds the file's monitors that are new and updates the
   * others, in one transaction (a file with a problem changes nothing). The operator's file is
   * trusted as MONITORS_FILE is: no address policy. Returns what happened to each.
   */
  async importFile(
    file: MonitorsFile,
    acting: Acting = monitorsShell,
  ): Promise<{ created: string[]; updated: string[]; unchanged: string[]; sections: { label: string; added: string[]; updated: string[] }[] }> {
    const result = {
      created: [] as string[],
      updated: [] as string[],
      unchanged: [] as string[],
      sections: [] as { label: string; added: string[]; updated: string[] }[],
    };
    const at = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      for (const entry of file.entries) {
        const current = await findMonitor(trx, entry.id);
        if (!current) {
          await insertMonitor(trx, entry, at);
          await this.deps.audit.record(
            this.entry(acting, 'monitor.created', entry.id, { name: entry.name, type: entry.type, target: entry.target, source: 'import' }),
            { db: trx },
          );
          result.created.push(entry.id);
          continue;
        }
        const settings = settingsOf(entry);
        const changes = Object.entries(settings).filter(([key, value]) => differs(current, key, value));
        if (changes.length === 0) {
          result.unchanged.push(entry.id);
          continue;
        }
        await updateMonitor(trx, entry.id, settings, at);
        await this.deps.audit.record(
          this.entry(acting, 'monitor.updated', entry.id, { changed: changes.map(([key]) => key).join(', '), target: entry.target, source: 'import' }),
          {
            db: trx,
          },
        );
        result.updated.push(entry.id);
      }
      // The file's other sections (its alert channels), in the same transaction: a file with a problem changes nothing.
      for (const { section, value } of file.sections)
        result.sections.push({ label: section.label, ...(await section.import(trx, this.deps.audit, value, acting, at)) });
    });
    if (result.created.length || result.updated.length) await this.deps.changed();
    return result;
  }

  /** The file's checks of a monitor (type, settings, target), then (for a target set here) the address policy; returns the settings as filled in. */
  private async check(monitor: MonitorEdit, judgeAddress: boolean): Promise<Record<string, unknown>> {
    const { fields, settings } = checkMonitor(monitor, this.deps.placeholders);
    const [first] = Object.entries(fields);
    if (first) throw new HttpError(400, 'invalid', `Invalid request: ${first[0]} ${first[1]}`, { fields });
    if (!judgeAddress) return settings;
    const refused = await addressProblem(monitor.type, expandTarget(monitor.target, this.deps.placeholders), settings, this.deps.policy);
    if (refused) throw new HttpError(400, 'address_not_allowed', refused, { fields: { target: refused } });
    return settings;
  }

  private entry(acting: Acting, action: string, id: string, detail?: Record<string, string>): AuditRecord {
    return { actor: acting.actor, action, target: id, clientIp: acting.clientIp, ...(detail ? { detail } : {}) };
  }

  private view(m: StoredMonitor): StaffMonitor {
    const live = this.deps.liveOf?.(m.id) ?? { status: 'pending' as const, checkedAt: null };
    const { position: _position, ...rest } = m;
    return { ...rest, status: live.status, checkedAt: live.checkedAt };
  }
}
