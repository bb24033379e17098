import { describe, expect, it } from 'vitest';
import { latencyRounds, lowestIndex, measureLatencies, median } from '../../src/lib/visitor-latency.ts';

/** A fake clock and fetch: each endpoint answers after its own list of delays, in order. */
function network(delays: Record<string, (number | 'fail')[]>) {
  let clock = 0;
  const calls: string[] = [];
  return {
    calls,
    tools: {
      now: () => clock,
      fetch: async (url: string) => {
        calls.push(url);
        const next = delays[url]!.shift();
        if (next === undefined || next === 'fail') throw new TypeError('Failed to fetch');
        clock += next;
        return new Response(null, { status: 204 });
      },
    },
  };
}

describe('the visitor latency of location cards', () => {
  it('takes the median of five timed round-trips after an untimed first one, measuring in turns', async () => {
    const { tools, calls } = network({ '/a': [900, 30, 10, 50, 20, 40], '/b': [5, 80, 80, 81, 79, 200] });
    expect(await measureLatencies(['/a', '/b'], tools)).toEqual([30, 80]);
    expect(calls.slice(0, 4)).toEqual(['/a', '/b', '/a', '/b']);
    expect(calls).toHaveLength(2 * (latencyRounds + 1));
  });

  it('gives up on an endpoint that fails once, quietly, and keeps measuring the others', async () => {
    const { tools, calls } = network({ '/a': [1, 10, 'fail'], '/b': [1, 20, 20, 20, 20, 20] });
    expect(await measureLatencies(['/a', '/b'], tools)).toEqual([undefined, 20]);
    expect(calls.filter((c) => c === '/a')).toHaveLength(3);
  });

  it('marks the lowest only among two or more measured', () => {
    expect(lowestIndex([42, 17, 90])).toBe(1);
    expect(lowestIndex([undefined, 17, 9])).toBe(2);
    expect(lowestIndex([undefined, 17, undefined])).toBeUndefined();
    expect(lowestIndex([])).toBeUndefined();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
