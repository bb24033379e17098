// How the status board presents a monitor: latency colours and labels, state names, uptime figures.
import type { ServerStatus } from '../../contracts/status-rules.ts';

export type LatencyTone = 'red' | 'blue' | 'yellow';

/** The latency colour (docs/decisions.md 28): 0 (no answer) red, under 100 blue, under 300 yellow, else red. */
export function latencyTone(latencyMs: number): LatencyTone {
  if (latencyMs <= 0) return 'red';
  if (latencyMs < 100) return 'blue';
  if (latencyMs < 300) return 'yellow';
  return 'red';
}

/** The latency as shown: "42 ms", or the word Timeout when there was no answer. */
export function latencyLabel(latencyMs: number): string {
  return latencyMs <= 0 ? 'Timeout' : `${Math.round(latencyMs)} ms`;
}

export const statusLabels: Record<ServerStatus, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
};

/** Formats an uptime percentage: 99.98%, 100%; null when nothing is measured yet. */
export function uptimeLabel(percent: number | null): string {
  if (percent === null) return 'No data yet';
  const fixed = percent >= 99.995 && percent < 100 ? '99.99' : percent.toFixed(2).replace(/\.?0+$/, '');
  return `${fixed}%`;
}
