import { describe, expect, it } from 'vitest';
import { freshMemory, nextMemory, type MonitorMemory } from '../../server/status/monitor-state.ts';

const rules = { degradedAboveMs: 300, failuresBeforeDown: 3 };
const up = (latency: number) => ({ ok: true, latency });
const fail = { ok: false, latency: 0 };

function run(results: { ok: boolean; latency: number }[], start: MonitorMemory = freshMemory): (string | undefined)[] {
  const states: (string | undefined)[] = [];
  let memory = start;
  for (const r of results) {
    memory = nextMemory(memory, r, rules);
    states.push(memory.state);
  }
  return states;
}

describe('monitor state machine', () => {
  it('is operational when up at or under degradedAboveMs, degraded when slower', () => {
    expect(run([up(40), up(300), up(301), up(30)])).toEqual(['operational', 'operational', 'degraded', 'operational']);
  });

  it('goes down only after failuresBeforeDown failures in a row', () => {
    expect(run([up(20), fail, fail, fail, fail])).toEqual(['operational', 'operational', 'operational', 'down', 'down']);
  });

  it('does not flap: isolated failures never make it down', () => {
    const states = run([up(20), fail, up(20), fail, fail, up(25), fail, up(20)]);
    expect(states).not.toContain('down');
    expect(states.every((s) => s === 'operational')).toBe(true);
  });

  it('keeps a degraded monitor degraded through short failures', () => {
    expect(run([up(500), fail, fail])).toEqual(['degraded', 'degraded', 'degraded']);
  });

  it('recovers on one success', () => {
    expect(run([fail, fail, fail, up(50)], { state: 'operational', failures: 0 })).toEqual(['operational', 'operational', 'down', 'operational']);
    expect(run([fail, fail, fail, up(900)], { state: 'operational', failures: 0 }).at(-1)).toBe('degraded');
  });

  it('stays undecided before the first answer until down is certain', () => {
    expect(run([fail, fail, fail])).toEqual([undefined, undefined, 'down']);
  });

  it('honours a custom failuresBeforeDown', () => {
    let memory = nextMemory(freshMemory, up(10), { degradedAboveMs: 300, failuresBeforeDown: 1 });
    memory = nextMemory(memory, fail, { degradedAboveMs: 300, failuresBeforeDown: 1 });
    expect(memory.state).toBe('down');
  });
});
