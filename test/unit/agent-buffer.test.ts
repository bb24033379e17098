import { describe, expect, it } from 'vitest';
import type { AgentResult } from '../../contracts/probe-locations.ts';
import { ResultBuffer } from '../../server/agent/result-buffer.ts';

const result = (at: number): AgentResult => ({ monitorId: 'web', at, ok: true, latency: 5 });

describe("the agent's buffer of results", () => {
  it('hands out the oldest first and keeps a batch until the site acknowledges it', () => {
    const buffer = new ResultBuffer(10);
    for (let at = 1; at <= 5; at++) buffer.push(result(at));
    const first = buffer.take(3);
    expect(first.results.map((r) => r.at)).toEqual([1, 2, 3]);
    // Not acknowledged (the request failed): the same batch again, and what came meanwhile behind it.
    buffer.push(result(6));
    expect(buffer.take(3).results.map((r) => r.at)).toEqual([1, 2, 3]);
    buffer.acknowledge(first);
    expect(buffer.size).toBe(3);
    expect(buffer.take(10).results.map((r) => r.at)).toEqual([4, 5, 6]);
  });

  it('is bounded: when full the oldest is dropped and counted until a batch carrying the count is acknowledged', () => {
    const buffer = new ResultBuffer(3);
    for (let at = 1; at <= 5; at++) buffer.push(result(at));
    expect(buffer.size).toBe(3);
    expect(buffer.dropped).toBe(2);
    const batch = buffer.take(2);
    expect(batch).toMatchObject({ dropped: 2 });
    expect(batch.results.map((r) => r.at)).toEqual([3, 4]);
    // Two more dropped while the batch was on its way: only the two it told of are settled.
    buffer.push(result(6));
    buffer.push(result(7));
    expect(buffer.dropped).toBe(4);
    buffer.acknowledge(batch);
    expect(buffer.dropped).toBe(2);
    expect(buffer.droppedEver).toBe(4);
    // The dropped ones were in the acknowledged batch's place: what is left is the newest.
    expect(buffer.take(10).results.map((r) => r.at)).toEqual([5, 6, 7]);
  });

  it('refuses a buffer with no room', () => {
    expect(() => new ResultBuffer(0)).toThrow('at least one result');
  });
});
