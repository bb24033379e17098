import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule } from '../../contracts/panel.ts';
import { buildApp } from '../../server/app.ts';
import { fakeServer, startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { panelAuditOf } from '../helpers/panel-audit.ts';
import { nightlyRestart } from '../helpers/schedule-fixture.ts';
import { testConfig } from '../helpers/test-config.ts';

/**
 * Schedules with PANEL_DRIVER=pterodactyl, on both dialects: the routes map to the panel's
 * schedule and task calls (the fake keeps them to the documented shapes, docs/pterodactyl.md),
 * Run now has the tasks run in order on the server (Wings' part, played by the fake), the panel's
 * refusals come back as sentences, and what the panel cannot do is a field message.
 */

describe.each(dialects)('schedules over the Pterodactyl driver on %s', (dialect) => {
  let database: TestDatabase;
  let panel: FakePterodactyl;
  let app: FastifyInstance;
  let ip = 0;
  const clock = Date.parse('2026-03-10T03:59:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    panel = await startFakePterodactyl({ wings: { statsIntervalMs: 0 }, servers: [{ ...fakeServer, state: 'running', backupLimit: 1 }] });
    app = await buildApp(testConfig(database.url, { PANEL_DRIVER: 'pterodactyl', PANEL_URL: panel.url }), { now: () => clock });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await panel.close();
    await database.drop();
  });

  async function connect(key: string): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: panel.serverId, key },
      remoteAddress: `10.9.0.${++ip}`,
    });
    expect(response.statusCode).toBe(200);
    return `hf_panel=${response.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  }
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('creates, reads, changes, runs and deletes a schedule through the panel, tasks in order', async () => {
    const cookie = await connect(panel.keys.client);
    expect((await call(cookie, 'GET', '/api/panel/permissions')).json().schedules).toEqual({ list: true, create: true, update: true, delete: true });
    const created = await call(cookie, 'POST', '/api/panel/schedules', nightlyRestart);
    expect(created.statusCode).toBe(201);
    const schedule = created.json() as Schedule;
    expect(schedule).toMatchObject({
      name: 'Nightly restart',
      timetable: nightlyRestart.timetable,
      timeZone: 'UTC',
      enabled: true,
      tasks: nightlyRestart.tasks,
      runs: [],
    });
    expect(schedule.nextRuns).toEqual(['2026-03-10T04:00:00.000Z', '2026-03-11T04:00:00.000Z', '2026-03-12T04:00:00.000Z']);

    // Stored by the panel in its own shape.
    const stored = panel.server(panel.serverId).schedules;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'Nightly restart',
      cron: { minute: '0', hour: '4', day_of_month: '*', month: '*', day_of_week: '*' },
      is_active: true,
    });
    expect(stored[0]!.tasks.map((t) => [t.sequence_id, t.action, t.payload, t.time_offset])).toEqual([
      [1, 'command', 'say Restarting in 5 minutes', 0],
      [2, 'backup', '', 300],
      [3, 'power', 'restart', 0],
    ]);

    const list = await call(cookie, 'GET', '/api/panel/schedules');
    expect(list.json()).toMatchObject({ fixedTimeZone: 'UTC', keepsRuns: false });
    expect(list.json().schedules.map((s: Schedule) => s.id)).toEqual([schedule.id]);

    const changed = await call(cookie, 'PUT', `/api/panel/schedules/${schedule.id}`, {
      ...nightlyRestart,
      tasks: [
        { kind: 'command', delaySeconds: 0, command: 'say Backup in one minute' },
        { kind: 'backup', delaySeconds: 60, onLimit: 'replace-oldest-unlocked' },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as Schedule).tasks.map((t) => t.kind)).toEqual(['command', 'backup']);
    expect(panel.server(panel.serverId).schedules[0]!.tasks.map((t) => t.sequence_id)).toEqual([1, 2]);

    const ran = await call(cookie, 'POST', `/api/panel/schedules/${schedule.id}/run`);
    expect(ran.statusCode).toBe(202);
    expect((ran.json() as Schedule).lastRunAt).not.toBeNull();
    const server = panel.server(panel.serverId);
    expect(server.commands).toContain('say Backup in one minute');
    expect(server.backups.map((b) => b.name)).toEqual(['Scheduled Nightly restart']);

    expect((await call(cookie, 'DELETE', `/api/panel/schedules/${schedule.id}`)).statusCode).toBe(204);
    expect((await call(cookie, 'GET', `/api/panel/schedules/${schedule.id}`)).json().error.code).toBe('schedule_not_found');
    const actions = (await panelAuditOf(app, panel.serverId)).map((e) => [e.action, e.outcome, e.detail?.driver]);
    for (const action of ['panel.schedule.create', 'panel.schedule.update', 'panel.schedule.run', 'panel.schedule.delete']) {
      expect(actions).toContainEqual([action, 'ok', 'pterodactyl']);
    }
  });

  it('hands only-when-online to the panel, which skips the tasks while the server is not running', async () => {
    const cookie = await connect(panel.keys.client);
    const created = await call(cookie, 'POST', '/api/panel/schedules', {
      ...nightlyRestart,
      name: 'Online only',
      onlyWhenOnline: true,
      tasks: [{ kind: 'command', delaySeconds: 0, command: 'say only when online' }],
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as Schedule;
    expect(panel.server(panel.serverId).schedules.find((s) => String(s.id) === id)).toMatchObject({ only_when_online: true });
    panel.setState(panel.serverId, { state: 'offline' });
    expect((await call(cookie, 'POST', `/api/panel/schedules/${id}/run`)).statusCode).toBe(202);
    expect(panel.server(panel.serverId).commands).not.toContain('say only when online');
    panel.setState(panel.serverId, { state: 'running' });
    expect((await call(cookie, 'POST', `/api/panel/schedules/${id}/run`)).statusCode).toBe(202);
    expect(panel.server(panel.serverId).commands).toContain('say only when online');
    // A disabled schedule is not run by the panel: said as a sentence.
    expect((await call(cookie, 'PUT', `/api/panel/schedules/${id}`, { ...nightlyRestart, name: 'Online only', enabled: false })).statusCode).toBe(200);
    const refused = await call(cookie, 'POST', `/api/panel/schedules/${id}/run`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('schedule_disabled');
    expect((await call(cookie, 'DELETE', `/api/panel/schedules/${id}`)).statusCode).toBe(204);
  });

  it('says in a field what the panel cannot do: another time zone, a backup task that fails at the limit', async () => {
    const cookie = await connect(panel.keys.client);
    const refused = await call(cookie, 'POST', '/api/panel/schedules', {
      ...nightlyRestart,
      timeZone: 'Europe/London',
      tasks: [{ kind: 'backup', delaySeconds: 0, onLimit: 'fail' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields).sort()).toEqual(['tasks.0.onLimit', 'timeZone']);
    expect(panel.server(panel.serverId).schedules).toEqual([]);
  });

  it("gives a key without schedule permissions the panel's refusal as a sentence, and says so in /permissions", async () => {
    const cookie = await connect(panel.keys.readOnly);
    expect((await call(cookie, 'GET', '/api/panel/permissions')).json().schedules).toEqual({ list: false, create: false, update: false, delete: false });
    const list = await call(cookie, 'GET', '/api/panel/schedules');
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toMatchObject({ code: 'permission_denied' });
    expect(list.json().error.message).toMatch(/may not see schedules.*schedule\.read/);
    const create = await call(cookie, 'POST', '/api/panel/schedules', nightlyRestart);
    expect(create.statusCode).toBe(403);
    expect(create.json().error.message).toMatch(/schedule\.create/);
  });
});
