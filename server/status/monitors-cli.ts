import type { Kysely } from 'kysely';
import type pg from 'pg';
import { AuditLog } from '../audit/audit-service.ts';
import type { AppConfig } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import { terminalSafe, terminalSafeLines } from '../lib/terminal-text.ts';
import { sendSignal } from './coordination.ts';
import { loadMonitorsFile, type MonitorsFile, MonitorsFileError } from './monitors-file.ts';
import type { MonitorsFileSection } from './monitors-file-section.ts';
import { listMonitors } from './monitors-repository.ts';
import { MonitorsService } from './monitors-service.ts';
import { NameResolver } from './name-resolver.ts';

export const monitorsCliUsage = `Status monitors, for operators (reads DATABASE_URL; monitors live in the database):
  npm run monitors -- list           every monitor: id, type, target, interval, paused or not
  npm run monitors -- import FILE    add the file's monitors that are new, update the others
                                     (the monitors file's format; its incidents are not imported)
Running servers take the change in their next probe round, without a restart.`;

export interface MonitorsCliDeps {
  db: Kysely<Database>;
  config: AppConfig;
  /** PostgreSQL: running instances are told at once (on SQLite the prober notices within a second). */
  pool: pg.Pool | undefined;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The other capabilities' sections a file may have (scripts/monitors.ts hands in the alerts'). */
  sections: readonly MonitorsFileSection[];
}

function service(deps: MonitorsCliDeps): MonitorsService {
  return new MonitorsService({
    db: deps.db,
    audit: new AuditLog(deps.db),
    placeholders: { PORT: deps.config.port, DEMO_MC_PORT: deps.config.panel.demoMcPort },
    // The operator's own file is trusted as MONITORS_FILE is; the policy is for the console.
    policy: { allowPrivate: true, resolver: new NameResolver({ timeoutMs: 1000 }) },
    changed: async () => {
      if (deps.pool) await sendSignal(deps.pool, { kind: 'monitors' });
    },
  });
}

async function list(deps: MonitorsCliDeps): Promise<number> {
  const monitors = await listMonitors(deps.db);
  if (monitors.length === 0) {
    deps.out('No monitors. Add some with: npm run monitors -- import FILE');
    return 0;
  }
  for (const m of monitors) {
    const flags = m.paused ? '  (paused)' : '';
    deps.out(terminalSafe(`${m.id}  ${m.type}  ${m.target}  every ${m.intervalSeconds} s  "${m.name}"${flags}`));
  }
  deps.out(`${monitors.length} monitor${monitors.length === 1 ? '' : 's'}, ${monitors.filter((m) => m.paused).length} paused.`);
  return 0;
}

async function importFile(file: string | undefined, deps: MonitorsCliDeps): Promise<number> {
  if (!file) {
    deps.err(`Give the file to import, like: npm run monitors -- import config/monitors.json`);
    return 2;
  }
  let parsed: MonitorsFile;
  try {
    parsed = loadMonitorsFile(file, { PORT: deps.config.port, DEMO_MC_PORT: deps.config.panel.demoMcPort }, deps.sections);
  } catch (error) {
    if (error instanceof MonitorsFileError) {
      deps.err(terminalSafeLines(error.message));
      deps.err('Nothing was imported.');
      return 1;
    }
    throw error;
  }
  const result = await service(deps).importFile(parsed);
  const names = (ids: string[]) => terminalSafe(ids.join(', '));
  if (result.created.length) deps.out(`Added ${result.created.length}: ${names(result.created)}`);
  if (result.updated.length) deps.out(`Updated ${result.updated.length}: ${names(result.updated)}`);
  if (result.unchanged.length) deps.out(`Unchanged ${result.unchanged.length}: ${names(result.unchanged)}`);
  for (const { label, added, updated } of result.sections) {
    if (added.length) deps.out(`${label} added ${added.length}: ${names(added)}`);
    if (updated.length) deps.out(`${label} updated ${updated.length}: ${names(updated)}`);
  }
  if (parsed.entries.length === 0) deps.out('The file has no monitors: nothing to import.');
  if (parsed.incidents.length) deps.out(`The file's ${parsed.incidents.length} incident(s) were not imported: write incidents in the staff console.`);
  return 0;
}

/** `npm run monitors -- <command>`: the exit code (0 done, 1 failed, 2 usage). */
export async function runMonitorsCli(argv: string[], deps: MonitorsCliDeps): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'list' && args.length === 0) return list(deps);
  if (command === 'import' && args.length <= 1) return importFile(args[0], deps);
  deps.err(monitorsCliUsage);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}
