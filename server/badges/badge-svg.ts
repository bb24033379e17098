import type { BadgeWindow } from '../../contracts/subscriptions-rules.ts';
import { loadBadgeMaker } from '../lib/lazy-imports.ts';

/** Badge colours by what they say (shields.io's named colours). */
const statusColours: Record<string, string> = {
  operational: 'brightgreen',
  degraded: 'yellow',
  down: 'red',
  maintenance: 'blue',
  pending: 'lightgrey',
};

const statusWords: Record<string, string> = {
  operational: 'operational',
  degraded: 'degraded',
  down: 'down',
  maintenance: 'maintenance',
  pending: 'no data yet',
};

const windowWords: Record<BadgeWindow, string> = { '24h': '24 h', '30d': '30 days', '90d': '90 days' };

/**
 * An uptime percentage as a badge shows it: never rounded up (99.996 reads 99.99%, not 100%:
 * docs/decisions.md 29), two decimals at most.
 */
export function uptimeText(percent: number): string {
  const floored = Math.floor(percent * 100) / 100;
  return `${floored.toFixed(2).replace(/\.?0+$/, '')}%`;
}

function uptimeColour(percent: number): string {
  if (percent >= 99.9) return 'brightgreen';
  if (percent >= 99) return 'green';
  if (percent >= 95) return 'yellow';
  return 'red';
}

/** A monitor's state: "Edge - 01 | operational". */
export async function statusBadge(name: string, status: string): Promise<string> {
  const { makeBadge } = await loadBadgeMaker();
  return makeBadge({ label: name, message: statusWords[status] ?? status, color: statusColours[status] ?? 'lightgrey' });
}

/** A monitor's measured uptime over a window: "Edge - 01 uptime 30 days | 99.95%", or "no data" before any measurement. */
export async function uptimeBadge(name: string, window: BadgeWindow, percent: number | null): Promise<string> {
  const { makeBadge } = await loadBadgeMaker();
  return makeBadge({
    label: `${name} uptime ${windowWords[window]}`,
    message: percent === null ? 'no data' : uptimeText(percent),
    color: percent === null ? 'lightgrey' : uptimeColour(percent),
  });
}

/** What an unknown badge answers (with 404). */
export async function unknownBadge(): Promise<string> {
  const { makeBadge } = await loadBadgeMaker();
  return makeBadge({ label: 'status', message: 'unknown monitor', color: 'lightgrey' });
}
