import { describe, expect, it } from 'vitest';
import type { LocationView } from '../../contracts/status.ts';
import { withLocationReadings } from '../../src/lib/status-updates.ts';

const line = (location: string, at: number, latency: number, status: LocationView['status'] = 'operational'): LocationView => ({
  location,
  status,
  latency,
  at,
  history: [{ timestamp: at, latency }],
});

describe("a round's readings per location on the board", () => {
  it('moves each location to its newest reading, adds a point to its chart, and adds a location heard of for the first time', () => {
    const lines = [line('singapore', 1000, 20), line('frankfurt', 1000, 30)];
    const next = withLocationReadings(lines, [
      { location: 'singapore', status: 'down', latency: 0, at: 2000 },
      { location: 'frankfurt', status: 'operational', latency: 30, at: 1000 },
      { location: 'delhi-ncr', status: 'operational', latency: 12, at: 2000 },
    ]);
    expect(next).toEqual([
      {
        location: 'singapore',
        status: 'down',
        latency: 0,
        at: 2000,
        history: [
          { timestamp: 1000, latency: 20 },
          { timestamp: 2000, latency: 0 },
        ],
      },
      // Not newer than what is shown: unchanged, no point added twice.
      line('frankfurt', 1000, 30),
      { location: 'delhi-ncr', status: 'operational', latency: 12, at: 2000, history: [{ timestamp: 2000, latency: 12 }] },
    ]);
    // The lines given are left as they were.
    expect(lines[0]).toEqual(line('singapore', 1000, 20));
  });
});
