/**
 * Rules of the status board that the server and the page both apply. No dependencies, so the
 * page's bundle carries only these few lines.
 */

/** A monitor's decided state. */
export type ServerStatus = 'operational' | 'degraded' | 'down';

/** What the board shows for a monitor: a decided state, or pending before the first decision. */
export type ShownStatus = ServerStatus | 'pending';

export type Banner = 'All Systems Operational' | 'Degraded Performance' | 'Partial Outage' | 'Major Outage';

/** Readings kept per monitor for its latency chart (docs/decisions.md 28). */
export const historyLength = 30;

/**
 * The system-status banner (docs/decisions.md 29): operational only when every monitor is; degraded when some are
 * degraded and none down; a partial outage when some are down; a major outage when all are.
 */
export function bannerFor(statuses: readonly ServerStatus[]): Banner {
  const down = statuses.filter((s) => s === 'down').length;
  if (statuses.length > 0 && down === statuses.length) return 'Major Outage';
  if (down > 0) return 'Partial Outage';
  if (statuses.includes('degraded')) return 'Degraded Performance';
  return 'All Systems Operational';
}

/** The kinds of check a visitor may run from the board's Add New Server. */
export const checkTypes = ['minecraft', 'tcp', 'http'] as const;
export type CheckType = (typeof checkTypes)[number];
