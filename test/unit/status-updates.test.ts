import { describe, expect, it } from 'vitest';
import type { Incident, Maintenance, NoticeEvent } from '../../contracts/incidents.ts';
import type { ServerView, StatusReport, StatusUpdate } from '../../contracts/status.ts';
import { historyLength } from '../../contracts/status-rules.ts';
import { appendReading, hasUnknownMonitor, noticeText, readingsOf, stateChanges, summarised, withNotice, withReadings } from '../../src/lib/status-updates.ts';

function server(id: string, over: Partial<ServerView> = {}): ServerView {
  return {
    id,
    name: `Server ${id}`,
    type: 'tcp',
    status: 'operational',
    latency: 20,
    uptime: 100,
    uptimes: { h24: 100, d30: 100, d90: 100 },
    checkedAt: 1_000,
    history: [{ timestamp: 1_000, latency: 20 }],
    paused: false,
    maintenance: false,
    measuredSince: 0,
    daily: { uptime: [], maintenance: [] },
    ...over,
  };
}

function report(servers: ServerView[], over: Partial<StatusReport> = {}): StatusReport {
  return {
    summary: {
      banner: 'All Systems Operational',
      monitored: servers.length,
      paused: 0,
      uptime90d: 100,
      uptimes: { h24: 100, d30: 100, d90: 100 },
      measuredSince: 0,
      openIncidents: 0,
    },
    servers,
    incidents: [],
    maintenance: [],
    recentIncidents: [],
    daysFrom: 0,
    ...over,
  };
}

function incident(over: Partial<Incident> = {}): Incident {
  return {
    id: 'i1',
    title: 'Packet loss',
    impact: 'major',
    monitorIds: ['a'],
    state: 'investigating',
    startedAt: '2026-11-26T01:00:00.000Z',
    resolvedAt: null,
    updates: [{ id: 'u1', state: 'investigating', message: 'Looking into it.', at: '2026-11-26T01:00:00.000Z', editedAt: null }],
    ...over,
  };
}

function window(over: Partial<Maintenance> = {}): Maintenance {
  return {
    id: 'm1',
    title: 'Router swap',
    message: 'Short outage.',
    monitorIds: ['b'],
    startsAt: '2026-11-26T02:00:00.000Z',
    endsAt: '2026-11-26T03:00:00.000Z',
    state: 'in_progress',
    cancelledAt: null,
    ...over,
  };
}

const down = (id: string, timestamp: number): StatusUpdate => ({ id, status: 'down', latency: 0, timestamp });

describe('a round of readings on the report', () => {
  it('takes a newer reading, charts it and decides the banner again', () => {
    const next = withReadings(report([server('a'), server('b')]), [down('a', 2_000)]);
    expect(next.servers[0]).toMatchObject({ status: 'down', latency: 0, checkedAt: 2_000 });
    expect(next.servers[0]?.history.at(-1)).toEqual({ timestamp: 2_000, latency: 0 });
    expect(next.servers[1]?.status).toBe('operational');
    expect(next.summary.banner).toBe('Partial Outage');
  });

  it('ignores a reading no newer than the one shown', () => {
    const before = report([server('a', { checkedAt: 2_000 })]);
    expect(withReadings(before, [down('a', 2_000)]).servers[0]?.status).toBe('operational');
    expect(withReadings(before, [down('a', 1_500)]).servers[0]?.status).toBe('operational');
  });

  it("keeps a Minecraft server's players and version from the newest answer", () => {
    const next = withReadings(report([server('a')]), [
      { id: 'a', status: 'operational', latency: 30, timestamp: 2_000, players: { online: 3, max: 20 }, version: '1.21' },
    ]);
    expect(next.servers[0]).toMatchObject({ players: { online: 3, max: 20 }, version: '1.21' });
  });

  it('leaves paused monitors and those in maintenance out of the banner, and counts an open incident in it (docs/decisions.md 38)', () => {
    const quiet = report([server('a', { paused: true, status: 'down' }), server('b', { maintenance: true, status: 'down' }), server('c')]);
    expect(summarised(quiet).summary.banner).toBe('Under Maintenance');
    const declared = report([server('a')], { incidents: [incident({ impact: 'critical' })] });
    expect(summarised(declared).summary).toMatchObject({ banner: 'Major Outage', openIncidents: 1 });
  });

  it('reads the readings a report shows back as updates (none for a monitor never probed)', () => {
    expect(readingsOf(report([server('a'), server('b', { checkedAt: null, status: 'pending' })]))).toEqual([
      { id: 'a', status: 'operational', latency: 20, timestamp: 1_000 },
    ]);
  });

  it('knows a round that names a monitor the report does not have', () => {
    const shown = report([server('a')]);
    expect(hasUnknownMonitor(shown, [down('a', 2_000)])).toBe(false);
    expect(hasUnknownMonitor(shown, [down('z', 2_000)])).toBe(true);
  });

  it('names the monitors that change from one decided state to another, not those waiting for a first probe', () => {
    const shown = report([server('a'), server('b', { status: 'pending', checkedAt: null }), server('c', { status: 'down' })]);
    expect(stateChanges(shown, [down('a', 2_000), down('b', 2_000), down('c', 2_000), down('a', 500)])).toEqual([{ name: 'Server a', status: 'down' }]);
  });

  it('charts only the newest readings', () => {
    const full = Array.from({ length: historyLength }, (_, i) => ({ timestamp: i, latency: i }));
    const next = appendReading(full, { timestamp: 999, latency: 1 });
    expect(next).toHaveLength(historyLength);
    expect(next[0]?.timestamp).toBe(1);
    expect(next.at(-1)?.timestamp).toBe(999);
  });
});

describe("a round's failures and buffered readings on the report (issue 34)", () => {
  it('shows why a monitor got no answer, in words, until it answers again', () => {
    const failed = withReadings(report([server('a')]), [{ ...down('a', 2_000), failure: 'HTTP 503' }]);
    expect(failed.servers[0]).toMatchObject({ latency: 0, failure: 'HTTP 503' });
    const answered = withReadings(failed, [{ id: 'a', status: 'operational', latency: 12, timestamp: 3_000 }]);
    expect(answered.servers[0]!.failure).toBeUndefined();
  });

  it("takes a location's stored readings as its line when a buffered batch arrives, and its failure", () => {
    const shown = report([
      server('a', { locations: [{ location: 'singapore', status: 'operational', latency: 30, at: 1_000, history: [{ timestamp: 1_000, latency: 30 }] }] }),
    ]);
    const readings = [1_000, 2_000, 3_000, 4_000].map((timestamp, i) => ({ timestamp, latency: 30 + i }));
    const next = withReadings(shown, [
      {
        id: 'a',
        status: 'operational',
        latency: 33,
        timestamp: 4_000,
        locations: [{ location: 'singapore', status: 'operational', latency: 33, at: 4_000, readings }],
      },
    ]);
    expect(next.servers[0]!.locations![0]).toEqual({ location: 'singapore', status: 'operational', latency: 33, at: 4_000, history: readings });
    const failing = withReadings(next, [
      {
        ...down('a', 5_000),
        failure: 'Connection refused',
        locations: [{ location: 'singapore', status: 'down', latency: 0, at: 5_000, failure: 'Connection refused' }],
      },
    ]);
    expect(failing.servers[0]!.locations![0]).toMatchObject({ failure: 'Connection refused', history: [...readings, { timestamp: 5_000, latency: 0 }] });
  });
});

describe('a notice on the report', () => {
  it('adds an open incident newest first, with its brief for the bars, and raises the banner', () => {
    const older = incident({ id: 'i0', startedAt: '2026-11-25T01:00:00.000Z' });
    const notice: NoticeEvent = { kind: 'incident.created', incident: incident() };
    const next = withNotice(report([server('a')], { incidents: [older] }), notice);
    expect(next.incidents.map((i) => i.id)).toEqual(['i1', 'i0']);
    expect(next.recentIncidents[0]).toEqual({
      id: 'i1',
      title: 'Packet loss',
      impact: 'major',
      monitorIds: ['a'],
      startedAt: '2026-11-26T01:00:00.000Z',
      resolvedAt: null,
    });
    expect(next.summary).toMatchObject({ banner: 'Partial Outage', openIncidents: 2 });
  });

  it('takes a resolved incident off the open ones and keeps it for the bars', () => {
    const resolved = incident({ state: 'resolved', resolvedAt: '2026-11-26T02:00:00.000Z' });
    const next = withNotice(report([server('a')], { incidents: [incident()] }), { kind: 'incident.resolved', incident: resolved });
    expect(next.incidents).toEqual([]);
    expect(next.recentIncidents[0]?.resolvedAt).toBe('2026-11-26T02:00:00.000Z');
    expect(next.summary).toMatchObject({ banner: 'All Systems Operational', openIncidents: 0 });
  });

  it('marks the monitors of a window in progress as under maintenance, and frees them when it ends', () => {
    const started = withNotice(report([server('a'), server('b')]), { kind: 'maintenance.started', maintenance: window() });
    expect(started.servers.map((s) => s.maintenance)).toEqual([false, true]);
    expect(started.summary.banner).toBe('Under Maintenance');
    const ended = withNotice(started, { kind: 'maintenance.completed', maintenance: window({ state: 'completed' }) });
    expect(ended.maintenance).toEqual([]);
    expect(ended.servers.map((s) => s.maintenance)).toEqual([false, false]);
  });

  it('is told to a screen reader in a sentence', () => {
    expect(noticeText({ kind: 'incident.created', incident: incident() })).toBe('New incident: Packet loss.');
    expect(noticeText({ kind: 'incident.updated', incident: incident() })).toBe('Update on Packet loss: Looking into it.');
    expect(noticeText({ kind: 'incident.resolved', incident: incident() })).toBe('Resolved: Packet loss.');
    expect(noticeText({ kind: 'maintenance.started', maintenance: window() })).toBe('Maintenance in progress: Router swap.');
  });
});
