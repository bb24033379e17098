import type { ServerStatus } from '../../contracts/status-rules.ts';

/** What the state machine remembers of a monitor between probes. */
export interface MonitorMemory {
  /** The last decided state; undefined before the first decision. */
  state: ServerStatus | undefined;
  /** Failed probes in a row. */
  failures: number;
}

export const freshMemory: MonitorMemory = { state: undefined, failures: 0 };

/**
 * The next state of a monitor after one probe. A success decides at once: operational when the
 * latency is at most degradedAboveMs, degraded when slower. A failure changes nothing until
 * failuresBeforeDown failures in a row, then the monitor is down; one success recovers it.
 * A monitor that has never answered stays undecided (undefined) until it answers or is down.
 */
export function nextMemory(
  memory: MonitorMemory,
  result: { ok: boolean; latency: number },
  rules: { degradedAboveMs: number; failuresBeforeDown: number },
): MonitorMemory {
  if (result.ok) return { state: result.latency <= rules.degradedAboveMs ? 'operational' : 'degraded', failures: 0 };
  const failures = memory.failures + 1;
  return { state: failures >= rules.failuresBeforeDown ? 'down' : memory.state, failures };
}
