import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { Listener, monitorsCli, SseClient, writeMonitorsFile } from './status-helpers.ts';

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Date.now() - started;
}

type Report = { servers: { id: string; name: string; status: string; checkedAt: number | null; paused: boolean }[]; incidents: { id: string }[] };

describe.each(dialects)('npm run monitors on a running server (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let listener: Listener;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    listener = new Listener(await freePort());
    await listener.open();
    app = await buildApp(testConfig(database.url));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await listener?.close();
    await database?.drop();
  });

  it('imports from a file (new ones added, known ones updated), lists them, and the running server probes them without a restart', async () => {
    const env = { DATABASE_URL: database.url };
    expect((await monitorsCli(['list'], env)).stdout).toContain('No monitors.');
    const file = writeMonitorsFile({ monitors: [{ id: 'edge', name: 'Edge', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.2 }] });
    const imported = await monitorsCli(['import', file], env);
    expect(imported, imported.stderr).toMatchObject({ code: 0, stdout: 'Added 1: edge\n' });
    const report = async () => (await app.inject('/api/status')).json() as Report;
    // The prober notices within a second (on PostgreSQL it is also told at once).
    await until(async () => (await report()).servers[0]?.status === 'operational', 'the imported monitor to be probed');

    const again = writeMonitorsFile({
      monitors: [
        { id: 'edge', name: 'Edge - 01', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.2 },
        { id: 'core', name: 'Core', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.2 },
      ],
    });
    expect((await monitorsCli(['import', again], env)).stdout).toBe('Added 1: core\nUpdated 1: edge\n');
    await until(async () => {
      const r = await report();
      return r.servers.map((s) => `${s.name}:${s.status}`).join(',') === 'Edge - 01:operational,Core:operational';
    }, 'the update and the new monitor');
    const listed = await monitorsCli(['list'], env);
    expect(listed.stdout).toMatch(/^edge {2}tcp {2}127\.0\.0\.1:\d+ {2}every 0\.2 s {2}"Edge - 01"\ncore/m);
    expect(listed.stdout).toContain('2 monitors, 0 paused.');

    const bad = writeMonitorsFile({ monitors: [{ id: 'x', name: 'X', type: 'tcp', target: 'nohost' }] });
    const refused = await monitorsCli(['import', bad], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('monitors.0.target: must be host:port (a TCP monitor needs a port) (got "nohost")');
    expect(refused.stderr).toContain('Nothing was imported.');
    expect((await report()).servers).toHaveLength(2);
    const usage = await monitorsCli(['frobnicate'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('npm run monitors -- import FILE');
  });

  // The flake once seen here ("imports from a file", an empty stdout in a full run) was the CLI's
  // SQLite transaction reading, the server committing a probe result, and the CLI's first write
  // failing at once with "database is locked" (SQLITE_BUSY_SNAPSHOT): transactions now begin
  // immediate (server/db/sqlite-adapter.ts). Many monitors probed every 0.2 s make it likely.
  if (dialect === 'sqlite')
    it('imports while the server records probe results, never "database is locked"', { timeout: 120_000 }, async () => {
      const env = { DATABASE_URL: database.url };
      const count = 40;
      const rounds = 12;
      const monitors = (extra: number) =>
        Array.from({ length: count + extra }, (_, i) => ({
          id: `m${i}`,
          name: `M ${i}`,
          type: 'tcp',
          target: `127.0.0.1:${listener.port}`,
          intervalSeconds: 0.2,
        }));
      expect((await monitorsCli(['import', writeMonitorsFile({ monitors: monitors(0) })], env)).code).toBe(0);
      const results: string[] = [];
      for (let round = 1; round <= rounds; round++) {
        const result = await monitorsCli(['import', writeMonitorsFile({ monitors: monitors(round) })], env);
        results.push(`${result.code} ${result.stdout.split('\n')[0]} ${result.stderr}`);
      }
      expect(results).toEqual(Array.from({ length: rounds }, (_, i) => `0 Added 1: m${count + i} `));
    });
});

// Several instances share one PostgreSQL: only there can more than one run.
describe('incidents, maintenance and monitors across two instances on PostgreSQL', () => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseA: string;
  let baseB: string;
  let listener: Listener;
  let admin: StaffUser;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    listener = new Listener(await freePort());
    await listener.open();
    const file = writeMonitorsFile({ monitors: [{ id: 'edge', name: 'Edge', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.2 }] });
    a = await buildApp(testConfig(database.url, { MONITORS_FILE: file, STAFF_TARGETS_ALLOW_PRIVATE: 'true' }));
    baseA = await a.listen({ port: 0, host: '127.0.0.1' });
    b = await buildApp(testConfig(database.url, { MONITORS_FILE: file, STAFF_TARGETS_ALLOW_PRIVATE: 'true' }));
    baseB = await b.listen({ port: 0, host: '127.0.0.1' });
    admin = await staffUser(a, 'admin@example.com', 'admin');
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await a?.close();
    await b?.close();
    await listener?.close();
    await database?.drop();
  });

  const open = async (base: string) => {
    const client = await SseClient.open(`${base}/api/status/stream`);
    streams.push(client);
    return client;
  };
  const notices = (client: SseClient) =>
    client.events
      .filter((e) => e.event === 'notice')
      .map((e) => JSON.parse(e.data) as { kind: string; incident?: { id: string }; maintenance?: { id: string } });

  it('imports the file once although both started on an empty database', async () => {
    expect(await a.db.selectFrom('status_monitor').select('id').execute()).toEqual([{ id: 'edge' }]);
    expect(await a.db.selectFrom('status_seed').select('name').execute()).toEqual([{ name: 'monitors-file' }]);
  });

  it('pushes an incident written on one instance to boards open on the other, within a second', async () => {
    const onB = await open(baseB);
    const onA = await open(baseA);
    const created = await a.inject({
      method: 'POST',
      url: '/api/staff/incidents',
      headers: { cookie: admin.cookie },
      payload: { title: 'Edge flapping', impact: 'minor', monitorIds: ['edge'], state: 'investigating', message: 'Looking.' },
    });
    const sent = Date.now();
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    await onB.waitFor((c) => notices(c).some((n) => n.incident?.id === id), 1000, 'the notice on the other instance');
    expect(Date.now() - sent).toBeLessThan(1000);
    await onA.waitFor((c) => notices(c).some((n) => n.incident?.id === id), 1000, 'the notice on the same instance');
    // The other instance's report has it too.
    expect(((await b.inject('/api/status')).json() as Report).incidents.map((i) => i.id)).toEqual([id]);
    // Exactly one notice each.
    expect(notices(onB).filter((n) => n.incident?.id === id)).toHaveLength(1);
    expect(notices(onA).filter((n) => n.incident?.id === id)).toHaveLength(1);
  });

  it('announces a window’s start and end exactly once, with both instances watching the clock', async () => {
    const onA = await open(baseA);
    const onB = await open(baseB);
    const start = Date.now() + 1200;
    const scheduled = await b.inject({
      method: 'POST',
      url: '/api/staff/maintenance',
      headers: { cookie: admin.cookie },
      payload: {
        title: 'Quick',
        message: 'Two seconds.',
        monitorIds: ['edge'],
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 1500).toISOString(),
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const id = scheduled.json().id;
    const kinds = (client: SseClient) =>
      notices(client)
        .filter((n) => n.maintenance?.id === id)
        .map((n) => n.kind);
    await onA.waitFor((c) => kinds(c).includes('maintenance.completed'), 6000, 'the completion on A');
    await onB.waitFor((c) => kinds(c).includes('maintenance.completed'), 2000, 'the completion on B');
    const expected = ['maintenance.scheduled', 'maintenance.started', 'maintenance.completed'];
    expect(kinds(onA)).toEqual(expected);
    expect(kinds(onB)).toEqual(expected);
    const events = await a.db.selectFrom('status_event').select('kind').where('subject_id', '=', id).orderBy('id').execute();
    expect(events.map((e) => e.kind)).toEqual(expected);
    // Both instances ran the job for a while more: still once.
    // Fixed wait: proves the job runs on for 1.5 s without a second announcement; nothing comes to wait for.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await a.db.selectFrom('status_event').select('kind').where('subject_id', '=', id).execute()).toHaveLength(3);
  });

  it('takes a monitor added, paused and deleted on one instance on every instance, without a restart', async () => {
    const report = async (app: FastifyInstance) => (await app.inject('/api/status')).json() as Report;
    const added = await b.inject({
      method: 'POST',
      url: '/api/staff/monitors',
      headers: { cookie: admin.cookie },
      payload: { id: 'core', name: 'Core', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.2 },
    });
    expect(added.statusCode, added.body).toBe(201);
    // Probed (by whichever instance probes) and reported by both.
    for (const app of [a, b])
      await until(async () => (await report(app)).servers.find((s) => s.id === 'core')?.status === 'operational', 'core probed and reported');
    await b.inject({ method: 'POST', url: '/api/staff/monitors/core/pause', headers: { cookie: admin.cookie } });
    for (const app of [a, b]) await until(async () => (await report(app)).servers.find((s) => s.id === 'core')?.paused === true, 'core paused everywhere');
    await a.inject({ method: 'DELETE', url: '/api/staff/monitors/core', headers: { cookie: admin.cookie } });
    for (const app of [a, b]) await until(async () => !(await report(app)).servers.some((s) => s.id === 'core'), 'core gone everywhere');
  });
});
