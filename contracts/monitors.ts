/**
 * The status board's monitors: one schema for an entry of the monitors file, the CLI's import
 * and the staff console's Monitors section (/api/staff/monitors), so all three accept exactly
 * the same things with the same messages.
 */
import { z } from 'zod';
import { monitorIdPattern, monitorTypes, type MonitorType } from './monitors-rules.ts';
import { shownStatus } from './status.ts';

export { monitorIdPattern, monitorTypes };

/** A monitor's id: fixed once created (its stored readings are filed under it). */
export const monitorId = z.string().regex(monitorIdPattern, 'must be 1-64 lowercase letters, digits, dots, dashes or underscores');

/** Everything about a monitor but its id, with the defaults the README documents. */
export const monitorSettings = {
  name: z.string().trim().min(1, 'is required').max(80),
  type: z.enum(monitorTypes, { error: 'must be tcp, http or minecraft' }),
  /** host:port for tcp and minecraft (minecraft defaults to port 25565), a URL for http; may use ${PORT} and ${DEMO_MC_PORT}. */
  target: z.string().trim().min(1, 'is required').max(2000),
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

export const monitorParams = z.object({ id: z.string().min(1).max(64) });

/** A monitor as the console lists it. */
export const staffMonitor = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(monitorTypes),
  /** As written (placeholders not expanded). */
  target: z.string(),
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

export type { MonitorType };
export type MonitorInput = z.infer<typeof monitorInput>;
export type MonitorInputFields = z.input<typeof monitorInput>;
export type MonitorEdit = z.infer<typeof monitorEdit>;
export type StaffMonitor = z.infer<typeof staffMonitor>;
export type StaffMonitorList = z.infer<typeof staffMonitorList>;
