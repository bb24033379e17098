/**
 * The locations the network is watched from (docs/decisions.md 47): the three the site sells
 * (their cards are src/data/locations.ts, by the same ids), and `site`, this site's own prober
 * when the operator has not placed it at one of them. No dependencies: the board's bundle carries it.
 */
export const probeLocationIds = ['delhi-ncr', 'singapore', 'frankfurt'] as const;
export type ProbeLocationId = (typeof probeLocationIds)[number];

/** The id of this site's own prober when it is not placed at a location (STATUS_PROBER_LOCATION unset). */
export const siteLocationId = 'site';

const names: Record<string, string> = { 'delhi-ncr': 'Delhi NCR', singapore: 'Singapore', frankfurt: 'Frankfurt', [siteLocationId]: 'the site' };

/** How a location is named in words ("Unreachable from Singapore"). */
export function probeLocationName(id: string): string {
  return names[id] ?? id;
}

/** "Singapore", "Singapore and Frankfurt", "Delhi NCR, Singapore and Frankfurt". */
export function locationList(ids: readonly string[]): string {
  const words = ids.map(probeLocationName);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
