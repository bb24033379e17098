import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { startDnsServer, type DnsServer } from '../helpers/dns-server.ts';
import { freePort } from '../helpers/free-port.ts';
import { auditRows, staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { unknownTypeWords } from '../helpers/monitor-type-words.ts';
import { until } from '../helpers/until.ts';
import { Listener, writeMonitorsFile } from './status-helpers.ts';

type Server = { id: string; name: string; status: string; checkedAt: number | null; paused: boolean };

describe.each(dialects)('monitors in the database and the console (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance | undefined;
  let listener: Listener;
  let dns: DnsServer;
  let admin: StaffUser;
  let support: StaffUser;
  const as = (user: StaffUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app!.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const report = async () => (await app!.inject('/api/status')).json() as { summary: { monitored: number; paused: number }; servers: Server[] };
  const stored = async (id: string) =>
    Number(
      (await app!.db
        .selectFrom('status_result')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('monitor_id', '=', id)
        .executeTakeFirst())!.n,
    );

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    listener = new Listener(await freePort());
    await listener.open();
    dns = await startDnsServer({ records: { 'play.example.com': ['1.1.1.1'], 'inside.example.com': ['10.1.2.3'] } });
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await listener.close();
    await dns.close();
    await database.drop();
  });

  const start = async (env: Record<string, string> = {}) => {
    app = await buildApp(testConfig(database.url, { STATUS_CHECK_DNS_SERVERS: dns.address, ...env }));
    await app.ready();
    admin = await staffUser(app, 'admin@example.com', 'admin');
    support = await staffUser(app, 'support@example.com', 'support');
  };

  it('fills the database from the monitors file on the first start only, incidents included', async () => {
    const file = writeMonitorsFile({
      monitors: [
        { id: 'edge', name: 'Edge', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.2 },
        { id: 'self', name: 'Self', type: 'http', target: 'http://127.0.0.1:${PORT}/api/health' },
      ],
      incidents: [
        { id: 'old', title: 'Old trouble', startedAt: '2026-01-01T00:00:00Z', resolvedAt: '2026-01-02T00:00:00Z' },
        { id: 'now', title: 'Ongoing', message: 'We are on it.' },
      ],
    });
    await start({ MONITORS_FILE: file });
    const monitors = (await as(admin, 'GET', '/api/staff/monitors')).json().monitors;
    expect(monitors.map((m: { id: string; target: string; intervalSeconds: number }) => [m.id, m.target, m.intervalSeconds])).toEqual([
      ['edge', `127.0.0.1:${listener.port}`, 0.2],
      // Stored as written: the placeholder is expanded when probed.
      ['self', 'http://127.0.0.1:${PORT}/api/health', 30],
    ]);
    const incidents = await app!.db.selectFrom('incident').select(['id', 'state', 'resolved_at']).orderBy('id').execute();
    expect(incidents.map((i) => [i.id, i.state, i.resolved_at === null])).toEqual([
      ['now', 'investigating', true],
      ['old', 'resolved', false],
    ]);
    // The file's incidents' events (the prober's first round may have recorded its monitor.changed meanwhile).
    const events = await app!.db.selectFrom('status_event').select(['kind', 'subject_id']).where('kind', '!=', 'monitor.changed').orderBy('id').execute();
    expect(events).toEqual([
      { kind: 'incident.created', subject_id: 'old' },
      { kind: 'incident.resolved', subject_id: 'old' },
      { kind: 'incident.created', subject_id: 'now' },
    ]);
    expect((await auditRows(app!, 'monitor.imported'))[0]).toMatchObject({ actor_kind: 'system', target: file });

    // Deleting every monitor and starting again does not import the file again.
    for (const id of ['edge', 'self']) expect((await as(admin, 'DELETE', `/api/staff/monitors/${id}`)).statusCode).toBe(204);
    await app!.close();
    app = await buildApp(testConfig(database.url, { MONITORS_FILE: file }));
    expect((await report()).servers).toEqual([]);
    expect(await app.db.selectFrom('incident').select('id').execute()).toHaveLength(2);
  });

  it('lets admins add, edit, pause, resume and delete monitors, each audited and live in the next round without a restart', async () => {
    await start({ STAFF_TARGETS_ALLOW_PRIVATE: 'true' });
    expect((await report()).servers).toEqual([]);

    const created = await as(admin, 'POST', '/api/staff/monitors', {
      id: 'edge',
      name: 'Edge',
      type: 'tcp',
      target: `127.0.0.1:${listener.port}`,
      intervalSeconds: 0.2,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id: 'edge', name: 'Edge', timeoutSeconds: 5, degradedAboveMs: 300, failuresBeforeDown: 3, paused: false });
    // Probed and on the board in the next round, without a restart.
    const live = await until(report, (r) => r.servers[0]?.status === 'operational', 'the new monitor to be probed');
    expect(live.summary.monitored).toBe(1);

    const edited = await as(admin, 'PUT', '/api/staff/monitors/edge', {
      name: 'Edge - 01',
      type: 'tcp',
      target: `127.0.0.1:${listener.port}`,
      intervalSeconds: 0.2,
      degradedAboveMs: 500,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Edge - 01', degradedAboveMs: 500, status: 'operational' });
    expect((await report()).servers[0]!.name).toBe('Edge - 01');

    const paused = await as(admin, 'POST', '/api/staff/monitors/edge/pause');
    expect(paused.json()).toMatchObject({ paused: true });
    expect((await report()).summary).toMatchObject({ monitored: 0, paused: 1 });
    expect((await report()).servers[0]).toMatchObject({ id: 'edge', paused: true });
    // Not probed while paused.
    // Fixed wait: lets a probe already under way land before the count is taken.
    await new Promise((r) => setTimeout(r, 300));
    const whilePaused = await stored('edge');
    // Fixed wait: proves nothing is probed while paused; a probe that does not come has no event to wait for.
    await new Promise((r) => setTimeout(r, 600));
    expect(await stored('edge')).toBe(whilePaused);

    expect((await as(admin, 'POST', '/api/staff/monitors/edge/resume')).json()).toMatchObject({ paused: false });
    await until(
      () => stored('edge'),
      (n) => n > whilePaused,
      'probing to resume',
    );

    expect((await as(admin, 'DELETE', '/api/staff/monitors/edge')).statusCode).toBe(204);
    expect((await report()).servers).toEqual([]);
    expect(await stored('edge')).toBe(0);
    expect((await as(admin, 'DELETE', '/api/staff/monitors/edge')).statusCode).toBe(404);

    const actions = (await auditRows(app!)).filter((r) => r.action.startsWith('monitor.')).map((r) => [r.action, r.target, r.actor_label]);
    expect(actions.reverse()).toEqual([
      ['monitor.created', 'edge', 'admin@example.com'],
      ['monitor.updated', 'edge', 'admin@example.com'],
      ['monitor.paused', 'edge', 'admin@example.com'],
      ['monitor.resumed', 'edge', 'admin@example.com'],
      ['monitor.deleted', 'edge', 'admin@example.com'],
    ]);
    expect((await auditRows(app!, 'monitor.updated'))[0]!.detail).toContain('name, degradedAboveMs');
  });

  it('refuses bad monitors with the file’s messages per field, and stores nothing', async () => {
    // The public checker's switch does not open admins' monitors to the inside: they have their own.
    await start({ STATUS_CHECK_ALLOW_PRIVATE: 'true' });
    const cases: [object, Record<string, string | RegExp>][] = [
      [{ id: 'Bad Id', name: 'X', type: 'tcp', target: 'h:1' }, { id: 'must be 1-64 lowercase letters, digits, dots, dashes or underscores' }],
      [
        { id: 'x', name: ' ', type: 'udp', target: 'h:1' },
        { name: 'is required', type: unknownTypeWords() },
      ],
      [{ id: 'x', name: 'X', type: 'tcp', target: 'h:1', intervalSeconds: 0 }, { intervalSeconds: /too small|at least|>=/ }],
      [{ id: 'x', name: 'X', type: 'tcp', target: 'play.example.com' }, { target: 'must be host:port (a TCP monitor needs a port) (got "play.example.com")' }],
      [{ id: 'x', name: 'X', type: 'http', target: 'ftp://play.example.com' }, { target: 'must be an http:// or https:// URL (got "ftp://play.example.com")' }],
      [{ id: 'x', name: 'X', type: 'tcp', target: 'h:${NOPE}' }, { target: 'unknown placeholder; only ${PORT} and ${DEMO_MC_PORT} exist' }],
      [{ id: 'x', name: 'X', type: 'tcp', target: 'h:1', extra: 1 }, { body: 'has unknown field: extra' }],
      [{ id: 'x', name: 'X', type: 'tcp', target: 'h:1', quorum: 0 }, { quorum: 'must be at least 1' }],
      // The public checker's address policy, with its messages.
      [
        { id: 'x', name: 'X', type: 'tcp', target: '127.0.0.1:22' },
        { target: '127.0.0.1 is a loopback address: only servers on the public internet can be checked.' },
      ],
      [
        { id: 'x', name: 'X', type: 'http', target: 'http://10.0.0.5/' },
        { target: '10.0.0.5 is a private address: only servers on the public internet can be checked.' },
      ],
      [
        { id: 'x', name: 'X', type: 'minecraft', target: 'inside.example.com' },
        { target: 'inside.example.com could not be checked: it must resolve to a public internet address.' },
      ],
      [
        { id: 'x', name: 'X', type: 'minecraft', target: 'nowhere.example.com' },
        { target: 'nowhere.example.com could not be checked: it must resolve to a public internet address.' },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await as(admin, 'POST', '/api/staff/monitors', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json().error;
      for (const [field, message] of Object.entries(fields)) {
        if (typeof message === 'string') expect(answer.fields[field], `${JSON.stringify(body)} ${field}`).toBe(message);
        else expect(answer.fields[field], `${JSON.stringify(body)} ${field}`).toMatch(message);
      }
    }
    expect(await app!.db.selectFrom('status_monitor').selectAll().execute()).toEqual([]);
    expect((await auditRows(app!)).filter((r) => r.action.startsWith('monitor.'))).toEqual([]);

    // A public name is fine; the same id again is a conflict on the id field.
    const good = await as(admin, 'POST', '/api/staff/monitors', { id: 'mc', name: 'MC', type: 'minecraft', target: 'play.example.com' });
    expect(good.statusCode, good.body).toBe(201);
    const twice = await as(admin, 'POST', '/api/staff/monitors', { id: 'mc', name: 'Other', type: 'minecraft', target: 'play.example.com' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields).toEqual({ id: 'is already used by another monitor' });
    // An edit to a private target is refused the same way; an unknown monitor is 404.
    const edit = await as(admin, 'PUT', '/api/staff/monitors/mc', { name: 'MC', type: 'minecraft', target: '192.168.1.1' });
    expect(edit.json().error.fields.target).toBe('192.168.1.1 is a private address: only servers on the public internet can be checked.');
    expect((await as(admin, 'PUT', '/api/staff/monitors/none', { name: 'N', type: 'tcp', target: 'h:1' })).statusCode).toBe(404);
    expect((await as(admin, 'GET', '/api/staff/monitors')).json().monitors).toMatchObject([{ id: 'mc', name: 'MC', target: 'play.example.com' }]);
  });

  it('keeps a target from the file on edit, though the console could not set it', async () => {
    await start({
      MONITORS_FILE: writeMonitorsFile({ monitors: [{ id: 'self', name: 'Self', type: 'http', target: 'http://127.0.0.1:${PORT}/api/health' }] }),
    });
    const renamed = await as(admin, 'PUT', '/api/staff/monitors/self', { name: 'This site', type: 'http', target: 'http://127.0.0.1:${PORT}/api/health' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'This site', target: 'http://127.0.0.1:${PORT}/api/health' });
  });

  it('refuses every monitors route to support (403) and to nobody (401), changing nothing', async () => {
    await start({ STAFF_TARGETS_ALLOW_PRIVATE: 'true' });
    expect((await as(admin, 'POST', '/api/staff/monitors', { id: 'edge', name: 'Edge', type: 'tcp', target: `127.0.0.1:${listener.port}` })).statusCode).toBe(
      201,
    );
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/staff/monitors'],
      ['POST', '/api/staff/monitors', { id: 'x', name: 'X', type: 'tcp', target: '127.0.0.1:1' }],
      ['PUT', '/api/staff/monitors/edge', { name: 'Y', type: 'tcp', target: '127.0.0.1:1' }],
      ['POST', '/api/staff/monitors/edge/pause'],
      ['POST', '/api/staff/monitors/edge/resume'],
      ['DELETE', '/api/staff/monitors/edge'],
    ];
    for (const [method, url, body] of calls) {
      const refused = await as(support, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({ error: { code: 'forbidden', message: 'Only admins can manage monitors.' } });
      const anonymous = await app!.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await as(admin, 'GET', '/api/staff/monitors')).json().monitors).toMatchObject([{ id: 'edge', name: 'Edge', paused: false }]);
  });
});
