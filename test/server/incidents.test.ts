import { parseFeed } from '@rowanmanning/feed-parser';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { auditRows, staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { SseClient, writeMonitorsFile } from './status-helpers.ts';

const minute = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(dialects)('incidents and maintenance (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** How far the app's clock runs ahead of real time: a test moves it instead of sleeping. */
  let clockAhead = 0;
  let admin: StaffUser;
  let support: StaffUser;
  const as = (user: StaffUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const events = async () =>
    (await app.db.selectFrom('status_event').select(['kind', 'subject_id', 'payload']).orderBy('id').execute()).map((e) => ({
      ...e,
      payload: JSON.parse(e.payload),
    }));
  const counts = async () => ({
    incidents: (await app.db.selectFrom('incident').select('id').execute()).length,
    updates: (await app.db.selectFrom('incident_update').select('id').execute()).length,
    maintenance: (await app.db.selectFrom('maintenance').select('id').execute()).length,
    events: (await app.db.selectFrom('status_event').select('id').execute()).length,
  });

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    // Two monitors on ports nothing listens on, probed rarely: the tests are about what people write.
    const file = writeMonitorsFile({
      monitors: [
        { id: 'mumbai', name: 'Mumbai', type: 'tcp', target: '127.0.0.1:9', intervalSeconds: 3600 },
        { id: 'frankfurt', name: 'Frankfurt', type: 'tcp', target: '127.0.0.1:9', intervalSeconds: 3600 },
      ],
    });
    clockAhead = 0;
    app = await buildApp(testConfig(database.url, { MONITORS_FILE: file }), { now: () => Date.now() + clockAhead });
    await app.ready();
    admin = await staffUser(app, 'admin@example.com', 'admin');
    support = await staffUser(app, 'support@example.com', 'support');
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  it('runs an incident from first update to resolved, each change one event in order, audited, and on the board', async () => {
    const created = await as(support, 'POST', '/api/staff/incidents', {
      title: 'Packet loss in Mumbai',
      impact: 'major',
      monitorIds: ['mumbai'],
      state: 'investigating',
      message: 'We are looking into packet loss.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const incident = created.json();
    expect(incident).toMatchObject({ title: 'Packet loss in Mumbai', impact: 'major', monitorIds: ['mumbai'], state: 'investigating', resolvedAt: null });
    expect(incident.updates).toMatchObject([{ state: 'investigating', message: 'We are looking into packet loss.', editedAt: null }]);

    // The board: the incident with its timeline, the banner at least Partial Outage, the card counts it.
    let board = (await app.inject('/api/status')).json();
    expect(board.incidents.map((i: { id: string }) => i.id)).toEqual([incident.id]);
    expect(board.summary).toMatchObject({ openIncidents: 1, banner: 'Partial Outage' });
    expect(board.recentIncidents).toMatchObject([{ id: incident.id, monitorIds: ['mumbai'] }]);

    const updated = await as(admin, 'POST', `/api/staff/incidents/${incident.id}/updates`, { state: 'identified', message: 'A fibre cut upsteam.' });
    expect(updated.json()).toMatchObject({ state: 'identified' });
    const updateId = updated.json().updates[1].id;
    const corrected = await as(admin, 'PUT', `/api/staff/incidents/${incident.id}/updates/${updateId}`, { message: 'A fibre cut upstream.' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const fixed = corrected.json().updates[1];
    expect(fixed).toMatchObject({ message: 'A fibre cut upstream.', at: updated.json().updates[1].at });
    expect(fixed.editedAt).not.toBeNull();

    const resolved = await as(admin, 'POST', `/api/staff/incidents/${incident.id}/resolve`, { message: 'Traffic is back to normal.' });
    expect(resolved.json()).toMatchObject({ state: 'resolved' });
    expect(resolved.json().resolvedAt).not.toBeNull();
    expect(resolved.json().updates.map((u: { state: string }) => u.state)).toEqual(['investigating', 'identified', 'resolved']);

    board = (await app.inject('/api/status')).json();
    expect(board.incidents).toEqual([]);
    expect(board.summary.openIncidents).toBe(0);
    // Still on the bars of its days.
    expect(board.recentIncidents.map((i: { id: string }) => i.id)).toEqual([incident.id]);

    // Exactly one event per change, in order, each with the incident as it was after it.
    const log = await events();
    expect(log.map((e) => e.kind)).toEqual(['incident.created', 'incident.updated', 'incident.edited', 'incident.resolved']);
    expect(log.every((e) => e.subject_id === incident.id)).toBe(true);
    expect(log.map((e) => e.payload.state)).toEqual(['investigating', 'identified', 'identified', 'resolved']);
    expect(log[2]!.payload.updates[1].message).toBe('A fibre cut upstream.');

    const audit = (await auditRows(app)).filter((r) => r.action.startsWith('incident.')).reverse();
    expect(audit.map((r) => [r.action, r.actor_label, r.target])).toEqual([
      ['incident.created', 'support@example.com', 'Packet loss in Mumbai'],
      ['incident.updated', 'admin@example.com', 'Packet loss in Mumbai'],
      ['incident.update_corrected', 'admin@example.com', 'Packet loss in Mumbai'],
      ['incident.resolved', 'admin@example.com', 'Packet loss in Mumbai'],
    ]);
    expect(audit[2]!.detail).toContain('A fibre cut upsteam.');

    // The public reads: the history and the incident by id.
    const read = await app.inject('/api/status/history');
    const history = read.json();
    expect(history.incidents.map((i: { id: string }) => i.id)).toEqual([incident.id]);
    // Kept, but asked for again on every load: unchanged, a 304 without a body; corrected, the new text at once.
    expect(read.headers['cache-control']).toBe('public, no-cache');
    const etag = String(read.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await app.inject({ url: '/api/status/history', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const lastUpdate = resolved.json().updates[2].id;
    expect(
      (await as(admin, 'PUT', `/api/staff/incidents/${incident.id}/updates/${lastUpdate}`, { message: 'Traffic is fully back to normal.' })).statusCode,
    ).toBe(200);
    const afterCorrection = await app.inject({ url: '/api/status/history', headers: { 'if-none-match': etag } });
    expect(afterCorrection.statusCode).toBe(200);
    expect(afterCorrection.headers.etag).not.toBe(etag);
    expect(JSON.stringify(afterCorrection.json().incidents[0].updates)).toContain('Traffic is fully back to normal.');
    const one = await app.inject(`/api/status/incidents/${incident.id}`);
    expect(one.json().updates).toHaveLength(3);
    expect((await app.inject('/api/status/incidents/nope')).statusCode).toBe(404);
  });

  it('refuses bad incident input with field messages and stores nothing', async () => {
    const before = await counts();
    const bad: [object, Record<string, string>][] = [
      [{ title: '', impact: 'minor', monitorIds: [], state: 'investigating', message: 'x' }, { title: 'is required' }],
      [{ title: 'T', impact: 'huge', monitorIds: [], state: 'investigating', message: 'x' }, { impact: 'must be one of: minor, major, critical' }],
      [{ title: 'T', impact: 'minor', monitorIds: [], state: 'investigating', message: '   ' }, { message: 'must not be empty' }],
      [{ title: 'T', impact: 'minor', monitorIds: [], state: 'resolved', message: 'x' }, { state: 'must be investigating, identified or monitoring' }],
      [
        { title: 'T', impact: 'minor', monitorIds: ['mumbai', 'atlantis'], state: 'investigating', message: 'x' },
        { monitorIds: 'names a monitor that does not exist: atlantis' },
      ],
    ];
    for (const [body, fields] of bad) {
      const response = await as(admin, 'POST', '/api/staff/incidents', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields).toMatchObject(fields);
    }
    expect(await counts()).toEqual(before);

    const { id } = (
      await as(admin, 'POST', '/api/staff/incidents', { title: 'T', impact: 'minor', monitorIds: [], state: 'monitoring', message: 'Watching.' })
    ).json();
    const afterCreate = await counts();
    expect((await as(admin, 'POST', `/api/staff/incidents/${id}/updates`, { state: 'identified', message: '' })).json().error.fields).toEqual({
      message: 'must not be empty',
    });
    expect((await as(admin, 'POST', `/api/staff/incidents/${id}/updates`, { state: 'fixed', message: 'x' })).statusCode).toBe(400);
    expect((await as(admin, 'PUT', `/api/staff/incidents/${id}/updates/999999`, { message: 'x' })).statusCode).toBe(404);
    expect((await as(admin, 'POST', '/api/staff/incidents/none/updates', { state: 'identified', message: 'x' })).statusCode).toBe(404);
    expect(await counts()).toEqual(afterCreate);

    await as(admin, 'POST', `/api/staff/incidents/${id}/resolve`, { message: 'Done.' });
    const afterResolve = await counts();
    // A resolved incident takes no more updates, nor a second resolve.
    for (const [url, body] of [
      [`/api/staff/incidents/${id}/updates`, { state: 'investigating', message: 'Back again?' }],
      [`/api/staff/incidents/${id}/resolve`, { message: 'Done twice.' }],
    ] as const) {
      const refused = await as(admin, 'POST', url, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'incident_resolved', fields: { state: expect.stringContaining('resolved') } });
    }
    expect(await counts()).toEqual(afterResolve);
  });

  it('schedules, extends and cancels maintenance with its rules, and reads Scheduled, In progress, Completed by the clock', async () => {
    const now = Date.now();
    const body = {
      title: 'Router upgrade',
      message: 'New line cards.',
      monitorIds: ['frankfurt'],
      startsAt: iso(now + 60 * minute),
      endsAt: iso(now + 120 * minute),
    };
    const before = await counts();
    const bad: [object, Record<string, string>][] = [
      [{ ...body, endsAt: iso(now + 30 * minute) }, { endsAt: 'must be after the start' }],
      [{ ...body, startsAt: iso(now - 60 * minute) }, { startsAt: 'must not be in the past' }],
      [{ ...body, endsAt: iso(now + 16 * 24 * 60 * minute) }, { endsAt: 'must be at most 14 days after the start' }],
      [{ ...body, monitorIds: [] }, { monitorIds: 'must name at least one monitor' }],
      [{ ...body, monitorIds: ['atlantis'] }, { monitorIds: 'names a monitor that does not exist: atlantis' }],
      [{ ...body, startsAt: 'tomorrow' }, { startsAt: 'must be a date and time such as 2026-01-31T12:00:00Z' }],
      [{ ...body, message: '' }, { message: 'must not be empty' }],
    ];
    for (const [input, fields] of bad) {
      const response = await as(admin, 'POST', '/api/staff/maintenance', input);
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(response.json().error.fields).toMatchObject(fields);
    }
    expect(await counts()).toEqual(before);

    const scheduled = await as(support, 'POST', '/api/staff/maintenance', body);
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const m = scheduled.json();
    expect(m).toMatchObject({ title: 'Router upgrade', state: 'scheduled', cancelledAt: null });
    let board = (await app.inject('/api/status')).json();
    expect(board.maintenance.map((x: { id: string; state: string }) => [x.id, x.state])).toEqual([[m.id, 'scheduled']]);
    // Scheduled is not under maintenance yet.
    expect(board.servers.find((s: { id: string }) => s.id === 'frankfurt').maintenance).toBe(false);

    expect((await as(admin, 'POST', `/api/staff/maintenance/${m.id}/extend`, { endsAt: iso(now + 90 * minute) })).json().error.fields).toEqual({
      endsAt: `must be later than the current end (${body.endsAt})`,
    });
    const extended = await as(admin, 'POST', `/api/staff/maintenance/${m.id}/extend`, { endsAt: iso(now + 180 * minute) });
    expect(extended.json()).toMatchObject({ endsAt: iso(now + 180 * minute), state: 'scheduled' });

    // The clock: the service reads it; announcements come once each.
    const service = app.incidents;
    expect(await service.announceDue(now + 61 * minute)).toBe(1);
    expect(await service.announceDue(now + 62 * minute)).toBe(0);
    expect(await service.announceDue(now + 181 * minute)).toBe(1);
    expect(await service.announceDue(now + 182 * minute)).toBe(0);
    const log = await events();
    expect(log.map((e) => e.kind)).toEqual(['maintenance.scheduled', 'maintenance.updated', 'maintenance.started', 'maintenance.completed']);
    expect(log.map((e) => e.payload.state)).toEqual(['scheduled', 'scheduled', 'in_progress', 'completed']);
    // A completed window is neither extended nor cancelled.
    const history = (await app.inject('/api/status/history')).json();
    expect(history.maintenance.map((x: { id: string }) => x.id)).toEqual([m.id]);

    // Another window, cancelled before it starts: never announced as started.
    const second = (await as(admin, 'POST', '/api/staff/maintenance', { ...body, title: 'Second' })).json();
    const cancelled = await as(admin, 'POST', `/api/staff/maintenance/${second.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect((await as(admin, 'POST', `/api/staff/maintenance/${second.id}/cancel`)).statusCode).toBe(409);
    expect((await as(admin, 'POST', `/api/staff/maintenance/${second.id}/extend`, { endsAt: iso(now + 200 * minute) })).statusCode).toBe(409);
    expect(await service.announceDue(now + 61 * minute)).toBe(0);
    board = (await app.inject('/api/status')).json();
    expect(board.maintenance.map((x: { id: string }) => x.id)).not.toContain(second.id);
    expect((await events()).slice(4).map((e) => e.kind)).toEqual(['maintenance.scheduled', 'maintenance.cancelled']);
    expect((await as(admin, 'POST', '/api/staff/maintenance/none/cancel')).statusCode).toBe(404);

    const audit = (await auditRows(app))
      .filter((r) => r.action.startsWith('maintenance.'))
      .map((r) => r.action)
      .reverse();
    expect(audit).toEqual(['maintenance.scheduled', 'maintenance.extended', 'maintenance.scheduled', 'maintenance.cancelled']);
  });

  it('shows monitors in a window in progress as under maintenance, and pushes every change to open boards as it happens', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await SseClient.open(`${base}/api/status/stream`);
    try {
      const now = Date.now();
      const notices = () => stream.events.filter((e) => e.event === 'notice').map((e) => JSON.parse(e.data));
      const m = (
        await as(admin, 'POST', '/api/staff/maintenance', {
          title: 'Now',
          message: 'Right away.',
          monitorIds: ['mumbai'],
          startsAt: iso(now),
          endsAt: iso(now + 60 * minute),
        })
      ).json();
      await stream.waitFor(() => notices().length === 1, 2000, 'the scheduled notice');
      expect(notices()[0]).toMatchObject({ kind: 'maintenance.scheduled', maintenance: { id: m.id, title: 'Now' } });
      // The announcement job runs every second on its own.
      await stream.waitFor(() => notices().length === 2, 3000, 'the started notice');
      expect(notices()[1]).toMatchObject({ kind: 'maintenance.started', maintenance: { id: m.id, state: 'in_progress' } });
      const board = (await app.inject('/api/status')).json();
      expect(board.servers.map((s: { id: string; maintenance: boolean }) => [s.id, s.maintenance])).toEqual([
        ['mumbai', true],
        ['frankfurt', false],
      ]);
      expect(board.summary.banner).toBe('Under Maintenance');

      const incident = (
        await as(admin, 'POST', '/api/staff/incidents', { title: 'Slow', impact: 'minor', monitorIds: ['frankfurt'], state: 'investigating', message: 'Hm.' })
      ).json();
      await stream.waitFor(() => notices().length === 3, 2000, 'the incident notice');
      expect(notices()[2]).toMatchObject({ kind: 'incident.created', incident: { id: incident.id, updates: [{ message: 'Hm.' }] } });
      expect((await app.inject('/api/status')).json().summary.banner).toBe('Degraded Performance');
      // Notices carry no id: a resumed stream counts rounds only.
      expect(stream.events.filter((e) => e.event === 'notice').every((e) => e.id === undefined)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('serves the Atom feed from stored data: one entry per incident and maintenance, updated with each change, valid for a feed parser', async () => {
    const empty = await app.inject('/network-status/feed.atom');
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(empty.headers['cache-control']).toBe('public, max-age=60');
    expect(parseFeed(empty.body).items).toEqual([]);

    const now = Date.now();
    const incident = (
      await as(admin, 'POST', '/api/staff/incidents', {
        title: 'Login <errors> & timeouts',
        impact: 'critical',
        monitorIds: ['mumbai'],
        state: 'investigating',
        message: 'Looking <b>now</b>.',
      })
    ).json();
    await as(admin, 'POST', '/api/staff/maintenance', {
      title: 'Disk swap',
      message: 'Hot swap ]]> done safely.',
      monitorIds: ['frankfurt'],
      startsAt: iso(now + minute),
      endsAt: iso(now + 2 * minute),
    });
    const raw = (await app.inject('/network-status/feed.atom')).body;
    const first = parseFeed(raw);
    expect(first.title).toBe('Hostfront network status');
    expect(first.items).toHaveLength(2);
    const entry = first.items.find((i) => i.title?.includes('Login'))!;
    expect(entry.title).toBe('Login <errors> & timeouts');
    expect(entry.url).toBe(`http://localhost:4321/network-status/history#incident-${incident.id}`);
    // What people wrote is text in the entry's HTML, never markup, and cannot end its CDATA section.
    expect(raw).toContain('Looking &lt;b&gt;now&lt;/b&gt;.');
    expect(raw).toContain('Hot swap ]]&gt; done safely.');
    expect(entry.content).toContain('Looking');
    const firstUpdated = entry.updated!.getTime();
    expect(first.items.find((i) => i.title?.includes('Disk swap'))!.title).toBe('[Maintenance, scheduled] Disk swap');

    // A minute later on the app's clock, so the update's time differs from the first.
    clockAhead += 60_000;
    await as(admin, 'POST', `/api/staff/incidents/${incident.id}/updates`, { state: 'monitoring', message: 'A fix is out.' });
    const second = parseFeed((await app.inject('/network-status/feed.atom')).body);
    const again = second.items.find((i) => i.title?.includes('Login'))!;
    expect(again.updated!.getTime()).toBeGreaterThan(firstUpdated);
    expect(again.content).toContain('A fix is out.');
    // Newest change first.
    expect(second.items[0]!.title).toContain('Login');
  });
});
