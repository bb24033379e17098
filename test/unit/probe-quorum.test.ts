import { describe, expect, it } from 'vitest';
import { decideQuorum, quorumNeeded, type LocationView } from '../../server/status/quorum.ts';

const up = (location: string, latency = 20): LocationView => ({ location, state: 'operational', latency });
const slow = (location: string): LocationView => ({ location, state: 'degraded', latency: 900 });
const down = (location: string, error = 'HTTP 503'): LocationView => ({ location, state: 'down', latency: 0, error });

describe('the quorum decision', () => {
  it('is down only when a majority of the reporting locations see it down', () => {
    expect(decideQuorum([up('delhi-ncr'), up('singapore'), up('frankfurt')])?.state).toBe('operational');
    expect(decideQuorum([up('delhi-ncr'), down('singapore'), up('frankfurt')])).toEqual({
      state: 'degraded',
      detail: 'Unreachable from Singapore',
      failing: ['singapore'],
      latency: 20,
    });
    expect(decideQuorum([down('delhi-ncr'), down('singapore'), up('frankfurt', 30)])).toEqual({
      state: 'down',
      detail: 'HTTP 503 (from Delhi NCR and Singapore)',
      failing: ['delhi-ncr', 'singapore'],
      latency: 30,
    });
    expect(decideQuorum([down('delhi-ncr'), down('singapore'), down('frankfurt')])?.state).toBe('down');
  });

  it('counts only the locations that reported: two reporting need both, one alone decides as the single prober always did', () => {
    expect(decideQuorum([down('singapore'), up('frankfurt')])?.state).toBe('degraded');
    expect(decideQuorum([down('singapore'), down('frankfurt')])?.state).toBe('down');
    expect(decideQuorum([down('site', 'connect ECONNREFUSED')])).toEqual({ state: 'down', detail: 'connect ECONNREFUSED', failing: ['site'], latency: 0 });
    expect(decideQuorum([])).toBeUndefined();
  });

  it('follows a quorum set on the monitor', () => {
    const views = [down('delhi-ncr'), up('singapore'), up('frankfurt')];
    expect(decideQuorum(views, 1)?.state).toBe('down');
    expect(decideQuorum([down('delhi-ncr'), down('singapore'), up('frankfurt')], 3)).toMatchObject({
      state: 'degraded',
      detail: 'Unreachable from Delhi NCR and Singapore',
    });
    // A quorum larger than the locations reporting cannot be reached: degraded at worst.
    expect(decideQuorum([down('singapore')], 2)?.state).toBe('degraded');
    expect(quorumNeeded(3, undefined)).toBe(2);
    expect(quorumNeeded(4, undefined)).toBe(3);
    expect(quorumNeeded(4, 2)).toBe(2);
  });

  it('is degraded when any location finds it slow, with the median latency of those that answered', () => {
    expect(decideQuorum([up('delhi-ncr', 10), slow('singapore'), up('frankfurt', 30)])).toEqual({ state: 'degraded', failing: [], latency: 30 });
    expect(decideQuorum([up('delhi-ncr', 10), up('frankfurt', 30)])?.latency).toBe(20);
  });
});
