import fs from 'node:fs';
import { z } from 'zod';
import type { MonitorEdit, MonitorInput, MonitorType } from '../../contracts/monitors.ts';
import { splitHostPort } from '../lib/host-port.ts';
import type { MonitorsFileSection, MonitorsFileSectionValue } from './monitors-file-section.ts';
import { findMonitorType, monitorSchemas, unknownTypeProblem } from './monitor-types/index.ts';

export { splitHostPort };

/** What a monitor probes: one of the registered types (server/status/monitor-types/index.ts). */
export type { MonitorType };

/** A monitor as the probes see it, with its defaults filled in and placeholders expanded. */
export interface Monitor {
  id: string;
  name: string;
  type: MonitorType;
  /** host:port for tcp and minecraft (minecraft defaults to port 25565), a URL for http, a name for dns. */
  target: string;
  /** The type's own settings, as its schema filled them. */
  settings: Record<string, unknown>;
  intervalSeconds: number;
  timeoutSeconds: number;
  /** An answer slower than this makes the monitor degraded. */
  degradedAboveMs: number;
  /** Failed probes in a row before the monitor is down. */
  failuresBeforeDown: number;
  /** Locations that must see it down; absent: a majority of those reporting (docs/decisions.md 47). */
  quorum?: number;
}

/** An incident as the monitors file declares it; the first start turns them into incidents of the database. */
export interface Incident {
  id: string;
  title: string;
  message?: string;
  /** ISO 8601. */
  startedAt?: string;
  /** ISO 8601; a resolved incident is no longer shown. */
  resolvedAt?: string;
}

export interface MonitorsFile {
  /** Ready to probe: defaults filled in, placeholders expanded. */
  monitors: Monitor[];
  /** As written (placeholders kept), defaults filled in: what the database stores. */
  entries: MonitorInput[];
  incidents: Incident[];
  /** The sections handed in that the file has (its `alerts`: alert channels and the drafts' auto-publish delay, server/alerts/alerts-file.ts). */
  sections: MonitorsFileSectionValue[];
}

/** Values the file may refer to as ${NAME} inside a target. */
export interface TargetPlaceholders {
  /** The port this server listens on (PORT). */
  PORT: number;
  /** The port of the demo Minecraft server (DEMO_MC_PORT). */
  DEMO_MC_PORT: number;
}

export class MonitorsFileError extends Error {
  constructor(file: string, problems: string[]) {
    super(`Invalid monitors file ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'MonitorsFileError';
  }
}

const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time such as 2026-01-31T12:00:00Z' });

const incidentSchema = z.strictObject({
  id: z.string().min(1),
  title: z.string().trim().min(1),
  message: z.string().optional(),
  startedAt: isoDate.optional(),
  resolvedAt: isoDate.optional(),
});

const fileSchema = z.strictObject({
  // The same schema as the console's forms and the import (contracts/monitors.ts).
  monitors: z.array(monitorSchemas.input),
  incidents: z.array(incidentSchema).default([]),
});

/** A target with ${PORT} and ${DEMO_MC_PORT} replaced by their values (unknown names are left as they are). */
export function expandTarget(target: string, values: TargetPlaceholders): string {
  return target.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => (name in values ? String(values[name as keyof TargetPlaceholders]) : whole));
}

/**
 * What is wrong with a target as written, once its placeholders are expanded: the file, the
 * import and the console all give these messages. Undefined when it is fine.
 */
export function targetProblem(type: MonitorType, written: string, placeholders: TargetPlaceholders): string | undefined {
  const target = expandTarget(written, placeholders);
  if (/\$\{/.test(target)) return 'unknown placeholder; only ${PORT} and ${DEMO_MC_PORT} exist';
  const problem = findMonitorType(type)?.targetProblem(target);
  return problem ? `${problem} (got "${target}")` : undefined;
}

/**
 * A monitor's type, its type's settings and its target checked (the file's, the import's and
 * the console's messages, by field: `type`, `settings.<key>`, `target`), and its settings as
 * the type's schema fills them in (docs/decisions.md 114).
 */
export function checkMonitor(m: MonitorEdit, placeholders: TargetPlaceholders): { fields: Record<string, string>; settings: Record<string, unknown> } {
  const type = findMonitorType(m.type);
  if (!type) return { fields: { type: unknownTypeProblem() }, settings: m.settings };
  const fields: Record<string, string> = {};
  const parsed = type.settings.safeParse(m.settings);
  if (!parsed.success) Object.assign(fields, type.settingsProblems(m.settings));
  const problem = targetProblem(m.type, m.target, placeholders);
  if (problem) fields.target = problem;
  return { fields, settings: parsed.success ? (parsed.data as Record<string, unknown>) : m.settings };
}

/** A stored or given monitor, ready to probe: its target expanded. */
export function probeReady(entry: MonitorInput, placeholders: TargetPlaceholders): Monitor {
  return { ...entry, target: expandTarget(entry.target, placeholders) };
}

/**
 * Checks a parsed monitors file and fills in defaults; `${PORT}` and `${DEMO_MC_PORT}` in a
 * target become this server's port and the demo Minecraft server's port. `sections` are the
 * other capabilities' sections the file may have (a key none of them has is refused).
 */
export function parseMonitors(
  input: unknown,
  placeholders: TargetPlaceholders,
  file = 'monitors file',
  sections: readonly MonitorsFileSection[] = [],
): MonitorsFile {
  const schema = fileSchema.extend(Object.fromEntries(sections.map((s) => [s.key, s.schema.optional()])));
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new MonitorsFileError(
      file,
      parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`),
    );
  }
  // The handed-in sections' keys are known only at run time; the file's own parts keep their types.
  const data = parsed.data as z.infer<typeof fileSchema> & Record<string, unknown>;
  const problems: string[] = [];
  const seen = new Set<string>();
  const monitors = data.monitors.map((m, index) => {
    if (seen.has(m.id)) problems.push(`monitors.${index}.id: "${m.id}" is used twice`);
    seen.add(m.id);
    const checked = checkMonitor(m, placeholders);
    for (const [field, problem] of Object.entries(checked.fields)) problems.push(`monitors.${index}.${field}: ${problem}`);
    m.settings = checked.settings;
    return probeReady(m, placeholders);
  });
  const given = sections.flatMap((section) => {
    const value = data[section.key];
    return value === undefined ? [] : [{ section, value }];
  });
  for (const { section, value } of given) problems.push(...section.problems(value, seen));
  if (problems.length) throw new MonitorsFileError(file, problems);
  return { monitors, entries: data.monitors, incidents: data.incidents, sections: given };
}

/** Reads MONITORS_FILE; a missing file, bad JSON or a bad entry throws one clear error. */
export function loadMonitorsFile(file: string, placeholders: TargetPlaceholders, sections: readonly MonitorsFileSection[] = []): MonitorsFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new MonitorsFileError(file, [`cannot be read: ${(error as Error).message}`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new MonitorsFileError(file, [`is not valid JSON: ${(error as Error).message}`]);
  }
  return parseMonitors(json, placeholders, file, sections);
}

/** The incidents still open at a moment. */
export function activeIncidents(incidents: readonly Incident[], now = Date.now()): Incident[] {
  return incidents.filter((i) => !i.resolvedAt || Date.parse(i.resolvedAt) > now);
}
