/**
 * Rules of the status board that the server and the page both apply. No dependencies, so the
 * page's bundle carries only these few lines.
 */

/** A monitor's decided states, kindest first. */
export const serverStatuses = ['operational', 'degraded', 'down'] as const;
export type ServerStatus = (typeof serverStatuses)[number];

/** What the board shows for a monitor: a decided state, or pending before the first decision. */
export const shownStatuses = [...serverStatuses, 'pending'] as const;
export type ShownStatus = (typeof shownStatuses)[number];

/** The banners from kindest to worst: a worse one always wins (docs/decisions.md 29, 33). */
export const banners = ['All Systems Operational', 'Under Maintenance', 'Degraded Performance', 'Partial Outage', 'Major Outage'] as const;
export type Banner = (typeof banners)[number];

/** An incident's impact, as staff declare it (contracts/incidents.ts). */
export type Impact = 'minor' | 'major' | 'critical';

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

/**
 * What an open incident says about the whole board (docs/decisions.md 38): people can declare
 * trouble before the probes see it, so an incident raises the banner to at least this.
 */
export const impactBanner: Record<Impact, Banner> = {
  minor: 'Degraded Performance',
  major: 'Partial Outage',
  critical: 'Major Outage',
};

/** The worse of two banners. */
export function worseBanner(a: Banner, b: Banner): Banner {
  return banners.indexOf(a) >= banners.indexOf(b) ? a : b;
}

/**
 * The board's banner from probes and people together, the worse winning: the probed states of
 * the monitors that are neither paused nor under maintenance, Under Maintenance when a window is
 * in progress and nothing is worse, and each open incident's impact.
 */
export function boardBanner(input: { statuses: readonly ServerStatus[]; impacts: readonly Impact[]; maintenance: boolean }): Banner {
  let banner = bannerFor(input.statuses);
  if (input.maintenance) banner = worseBanner(banner, 'Under Maintenance');
  for (const impact of input.impacts) banner = worseBanner(banner, impactBanner[impact]);
  return banner;
}

/** Days in a monitor's bar, the last one today (UTC). */
export const barDays = 90;

/** How a day of the 90-day bar is coloured, from that day's measured uptime. */
export type DayTone = 'none' | 'maintenance' | 'good' | 'fair' | 'poor' | 'bad';

/**
 * A day with no counted readings is "No data" (or maintenance, when its only readings were taken
 * in a maintenance window), never 100%. Then 100% good, from 99% fair, from 95% poor, else bad.
 */
export function dayTone(uptime: number | null, maintenance: boolean): DayTone {
  if (uptime === null) return maintenance ? 'maintenance' : 'none';
  if (uptime >= 100) return 'good';
  if (uptime >= 99) return 'fair';
  if (uptime >= 95) return 'poor';
  return 'bad';
}

/** The kinds of check a visitor may run from the board's Add New Server. */
export const checkTypes = ['minecraft', 'tcp', 'http'] as const;
export type CheckType = (typeof checkTypes)[number];

/**
 * The event log's kind for a monitor's decided state changing (down, degraded, back to
 * operational), written with the results that decided it; alerts to the team read it.
 */
export const monitorChangedKind = 'monitor.changed';
