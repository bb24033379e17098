// Pure rules of the status board, shared by the server (banner in /api/status) and the page.

export type ServerStatus = 'operational' | 'degraded' | 'down';

export type Banner = 'All Systems Operational' | 'Degraded Performance' | 'Partial Outage' | 'Major Outage';

/**
 * The system-status banner: operational only when every monitor is; degraded when some are
 * degraded and none down; a partial outage when some are down; a major outage when all are.
 */
export function bannerFor(statuses: readonly ServerStatus[]): Banner {
  const down = statuses.filter((s) => s === 'down').length;
  if (statuses.length > 0 && down === statuses.length) return 'Major Outage';
  if (down > 0) return 'Partial Outage';
  if (statuses.includes('degraded')) return 'Degraded Performance';
  return 'All Systems Operational';
}

export type LatencyTone = 'red' | 'blue' | 'yellow';

/** Latency colour of spec section 9: 0 (no answer) red, under 100 blue, under 300 yellow, else red. */
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
