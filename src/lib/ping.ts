/** Location ping colours (docs/decisions.md 20): green under 100 ms, yellow under 150 ms, red from 150 ms. */
export type PingColour = 'green' | 'yellow' | 'red';

export const pingThresholds = { good: 100, fair: 150 } as const;

export function pingColour(ms: number): PingColour {
  if (ms < pingThresholds.good) return 'green';
  if (ms < pingThresholds.fair) return 'yellow';
  return 'red';
}
