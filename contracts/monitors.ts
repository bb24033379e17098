/**
 * The status board's monitors: one schema for an entry of the monitors file, the CLI's import
 * and the staff console's Monitors section (/api/staff/monitors), so all three accept exactly
 * the same things with the same messages.
 */
import { z } from 'zod';
import { monitorIdPattern } from './monitors-rules.ts';
import { settingField } from './setting-fields.ts';
import { shownStatus } from './status.ts';

export { monitorIdPattern };

/**
 * A monitor's type: one of the server's registered types (server/status/monitor-types/,
 * docs/decisions.md 114), which the server checks and the console lists from GET
 * /api/staff/monitors/types.
 */
export const monitorTypeName = z.string().trim().min(1, 'is required').max(32);

/** The type's own settings (a DNS monitor's record type and expected answer…), checked by the type's schema; {} for none. */
export const monitorTypeSettings = z.record(z.string(), z.unknown());

/** A monitor's id: fixed once created (its stored readings are filed under it). */
export const monitorId = z.string().regex(monitorIdPattern, 'must be 1-64 lowercase letters, digits, dots, dashes or underscores');

/** Everything about a monitor but its id, with the defaults the README documents. */
export const monitorSettings = {
  name: z.string().trim().min(1, 'is required').max(80),
  type: monitorTypeName,
  /** host:port for tcp and minecraft (minecraft defaults to port 25565), a URL for http, a name for dns; may use ${PORT} and ${DEMO_MC_PORT}. */
  target: z.string().trim().min(1, 'is required').max(2000),
  settings: monitorTypeSettings.default({}),
  intervalSeconds: z.number().min(0.1).max(86_400).default(30),
  timeoutSeconds: z.number().min(0.1).max(60).default(5),
  /** An answer slower than this makes the monitor degraded. */
  degradedAboveMs: z.number().int().min(1).default(300),
  /** Failed probes in a row before the monitor is down. */
  failuresBeforeDown: z.number().int().min(1).max(100).default(3),
  /**
   * Locations that must see it down before it is down (docs/decisions.md 47); absent: a majority
   * of the locations that reported in the last intervals.
   */
  quorum: z.number().int().min(1, 'must be at least 1').max(10).optional(),
};

/** A monitor as the file and the console's Add form give it. */
export const monitorInput = z.strictObject({ id: monitorId, ...monitorSettings });
/** The console's Edit form: everything but the id. */
export const monitorEdit = z.strictObject(monitorSettings);

/**
 * The same schemas with the server's registered types (server/status/monitor-types/index.ts):
 * `type` must name one of them, with the other fields' problems in the same answer.
 */
export function monitorSchemasFor(types: readonly [string, ...string[]]) {
  const type = z.enum(types, { error: `must be ${types.length === 1 ? types[0] : `${types.slice(0, -1).join(', ')} or ${types.at(-1)}`}` });
  return {
    input: z.strictObject({ id: monitorId, ...monitorSettings, type }),
    edit: z.strictObject({ ...monitorSettings, type }),
  };
}

export const monitorParams = z.object({ id: z.string().min(1).max(64) });

/** A monitor as the console lists it. */
export const staffMonitor = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  /** As written (placeholders not expanded). */
  target: z.string(),
  settings: monitorTypeSettings,
  intervalSeconds: z.number(),
  timeoutSeconds: z.number(),
  degradedAboveMs: z.number(),
  failuresBeforeDown: z.number(),
  quorum: z.number().optional(),
  /** Paused monitors are not probed (docs/decisions.md 37). */
  paused: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The latest probed state this instance knows, pending before the first. */
  status: shownStatus,
  checkedAt: z.number().nullable(),
});

export const staffMonitorList = z.object({ monitors: z.array(staffMonitor) });

/** A registered monitor type as the console's form draws it. */
export const monitorTypeInfo = z.object({
  type: z.string(),
  label: z.string(),
  targetHint: z.string(),
  fields: z.array(settingField),
});

export const monitorTypeInfoList = z.object({ types: z.array(monitorTypeInfo) });

/** A monitor's type, by its registered name. */
export type MonitorType = string;
export type MonitorInput = z.infer<typeof monitorInput>;
export type MonitorInputFields = z.input<typeof monitorInput>;
export type MonitorEdit = z.infer<typeof monitorEdit>;
export type StaffMonitor = z.infer<typeof staffMonitor>;
export type StaffMonitorList = z.infer<typeof staffMonitorList>;
export type MonitorTypeInfo = z.infer<typeof monitorTypeInfo>;
