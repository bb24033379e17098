import fs from 'node:fs';
import { z } from 'zod';

/** What a monitor probes: a TCP connect, an HTTP(S) GET, or a Minecraft Server List Ping. */
export type MonitorType = 'tcp' | 'http' | 'minecraft';

/** A monitor as the probes see it, with its defaults filled in and placeholders expanded. */
export interface Monitor {
  id: string;
  name: string;
  type: MonitorType;
  /** host:port for tcp and minecraft (minecraft defaults to port 25565), a URL for http. */
  target: string;
  intervalSeconds: number;
  timeoutSeconds: number;
  /** An answer slower than this makes the monitor degraded. */
  degradedAboveMs: number;
  /** Failed probes in a row before the monitor is down. */
  failuresBeforeDown: number;
}

/** An incident the operator declares; the security card shows the ones not resolved. */
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
  monitors: Monitor[];
  incidents: Incident[];
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

const monitorSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'must be 1-64 lowercase letters, digits, dots, dashes or underscores'),
  name: z.string().trim().min(1, 'is required').max(80),
  type: z.enum(['tcp', 'http', 'minecraft'], { error: 'must be tcp, http or minecraft' }),
  target: z.string().trim().min(1, 'is required'),
  intervalSeconds: z.number().min(0.1).max(86_400).default(30),
  timeoutSeconds: z.number().min(0.1).max(60).default(5),
  degradedAboveMs: z.number().int().min(1).default(300),
  failuresBeforeDown: z.number().int().min(1).max(100).default(3),
});

const incidentSchema = z.strictObject({
  id: z.string().min(1),
  title: z.string().trim().min(1),
  message: z.string().optional(),
  startedAt: isoDate.optional(),
  resolvedAt: isoDate.optional(),
});

const fileSchema = z.strictObject({
  monitors: z.array(monitorSchema),
  incidents: z.array(incidentSchema).default([]),
});

/** Splits host:port (IPv6 in brackets) into its parts; port undefined when absent. */
export function splitHostPort(value: string): { host: string; port: number | undefined } | undefined {
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(value);
  const plain = /^([^:\s/[\]]+)(?::(\d{1,5}))?$/.exec(value);
  const match = bracketed ?? plain;
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return { host: match[1]!, port };
}

function expand(target: string, values: TargetPlaceholders): string {
  return target.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) =>
    name in values ? String(values[name as keyof TargetPlaceholders]) : whole,
  );
}

function targetProblem(monitor: Monitor): string | undefined {
  if (monitor.type === 'http') {
    try {
      const url = new URL(monitor.target);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http:// or https:// URL';
      return undefined;
    } catch {
      return 'must be an http:// or https:// URL';
    }
  }
  const parts = splitHostPort(monitor.target);
  if (!parts) return 'must be host:port';
  if (monitor.type === 'tcp' && parts.port === undefined) return 'must be host:port (a TCP monitor needs a port)';
  return undefined;
}

/**
 * Checks a parsed monitors file and fills in defaults; `${PORT}` and `${DEMO_MC_PORT}` in a
 * target become this server's port and the demo Minecraft server's port.
 */
export function parseMonitors(input: unknown, placeholders: TargetPlaceholders, file = 'monitors file'): MonitorsFile {
  const parsed = fileSchema.safeParse(input);
  if (!parsed.success) {
    throw new MonitorsFileError(file, parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`));
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  const monitors = parsed.data.monitors.map((m, index) => {
    const monitor: Monitor = { ...m, target: expand(m.target, placeholders) };
    if (seen.has(m.id)) problems.push(`monitors.${index}.id: "${m.id}" is used twice`);
    seen.add(m.id);
    const problem = targetProblem(monitor);
    if (problem) problems.push(`monitors.${index}.target: ${problem} (got "${monitor.target}")`);
    if (/\$\{/.test(monitor.target)) problems.push(`monitors.${index}.target: unknown placeholder; only \${PORT} and \${DEMO_MC_PORT} exist`);
    return monitor;
  });
  if (problems.length) throw new MonitorsFileError(file, problems);
  return { monitors, incidents: parsed.data.incidents };
}

/** Reads MONITORS_FILE; a missing file, bad JSON or a bad entry throws one clear error. */
export function loadMonitorsFile(file: string, placeholders: TargetPlaceholders): MonitorsFile {
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
  return parseMonitors(json, placeholders, file);
}

/** The incidents still open at a moment. */
export function activeIncidents(incidents: readonly Incident[], now = Date.now()): Incident[] {
  return incidents.filter((i) => !i.resolvedAt || Date.parse(i.resolvedAt) > now);
}
