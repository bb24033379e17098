import { monitorSchemasFor } from '../../../contracts/monitors.ts';
import { dnsMonitor } from './dns.ts';
import { httpMonitor } from './http.ts';
import { minecraftMonitor } from './minecraft.ts';
import type { MonitorType } from './monitor-type.ts';
import { tcpMonitor } from './tcp.ts';

/**
 * Every kind of monitor (docs/decisions.md 114): a new type is one module in this folder and
 * one line here. The monitors file, the console, the probers and the agents take them from
 * this list, in this order (the console's).
 */
// biome-ignore format: one line per type, so adding one is one line
export const monitorTypes: readonly MonitorType[] = [
  tcpMonitor,
  httpMonitor,
  minecraftMonitor,
  dnsMonitor,
];

/** The registered type of this name, or undefined. */
export function findMonitorType(type: string): MonitorType | undefined {
  return monitorTypes.find((t) => t.type === type);
}

/** The monitor schemas of contracts/monitors.ts with these types: what the file, the import and the console's routes check. */
export const monitorSchemas = monitorSchemasFor(monitorTypes.map((t) => t.type) as [string, ...string[]]);

/** The message for a type that is not registered: the ones that are. */
export function unknownTypeProblem(): string {
  return monitorSchemas.edit.shape.type.safeParse('').error?.issues[0]?.message ?? 'is not a monitor type';
}
