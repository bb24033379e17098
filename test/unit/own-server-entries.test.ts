import { describe, expect, it } from 'vitest';
import { afterCheck, detailOfAnswer, ownUptime, statusOfAnswer, storedOf, unchecked } from '../../src/lib/own-server-entries.ts';

const stored = { id: 'own-1', name: 'My SMP', address: 'mc.example.net', type: 'minecraft' as const, addedAt: 1 };

describe("the visitor's own servers", () => {
  it('wait for their first check, or show an entry that is only a name as operational', () => {
    expect(unchecked(stored)).toMatchObject({ status: 'pending', checks: 0, ups: 0, history: [] });
    const { address: _, ...nameOnly } = stored;
    expect(unchecked(nameOnly).status).toBe('operational');
  });

  it('read a check as down without an answer, degraded over 300 ms, operational otherwise (docs/decisions.md 28)', () => {
    expect(statusOfAnswer({ ok: false, latency: 0 })).toBe('down');
    expect(statusOfAnswer({ ok: true, latency: 300 })).toBe('operational');
    expect(statusOfAnswer({ ok: true, latency: 301 })).toBe('degraded');
  });

  it('say the players and version a server told', () => {
    expect(detailOfAnswer({ ok: true, latency: 10, players: { online: 3, max: 20 }, version: '1.21' })).toBe('3/20 players · 1.21');
    expect(detailOfAnswer({ ok: true, latency: 10 })).toBeUndefined();
  });

  it('count each check, chart it and clear an earlier problem', () => {
    const once = afterCheck({ ...unchecked(stored), problem: 'unreachable' }, { ok: true, latency: 40 }, 5_000);
    expect(once).toMatchObject({ status: 'operational', latency: 40, checks: 1, ups: 1, history: [{ timestamp: 5_000, latency: 40 }], problem: undefined });
    const twice = afterCheck(once, { ok: false, latency: 0 }, 35_000);
    expect(twice).toMatchObject({ status: 'down', checks: 2, ups: 1 });
    expect(ownUptime(twice)).toBe(50);
  });

  it('claim no uptime before the first check (docs/decisions.md 12), and round it down', () => {
    expect(ownUptime(unchecked(stored))).toBeNull();
    expect(ownUptime({ ...unchecked(stored), checks: 3, ups: 2 })).toBe(66.66);
  });

  it('store what the visitor entered, not what the checks found', () => {
    const checked = afterCheck(unchecked(stored), { ok: true, latency: 40, version: '1.21' }, 5_000);
    expect(storedOf([checked])).toEqual([stored]);
    const { address: _, ...nameOnly } = stored;
    expect(storedOf([unchecked(nameOnly)])).toEqual([nameOnly]);
  });
});
