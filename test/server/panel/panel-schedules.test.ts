import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule, ScheduleInput } from '../../../contracts/panel.ts';
import { buildApp } from '../../../server/app.ts';
import { scheduleJobName } from '../../../server/panel/schedules/register-schedules.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { tempGameServer, type TempGameServer } from '../../helpers/temp-game-server.ts';
import { nightlyRestart } from '../../helpers/schedule-fixture.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { until } from '../../helpers/until.ts';

/**
 * Schedules on the local driver, on both dialects, with a real game server process: the clock is
 * the app's, moved by the test; the runner's job is run at once after each move. A schedule due in
 * a minute runs its tasks in order with their delays, only-when-online is honoured, a due time the
 * app slept through is recorded as missed (not run late), a restart of the app during a delay
 * finishes the run, and bad input gets a message per field.
 */

const minute = 60_000;
const at0359 = Date.parse('2026-03-10T03:59:00.000Z');

/** What these tests wait for (a run, a restart, a backup) takes a few seconds on a busy machine. */
const waitLong = 15_000;

describe.each(dialects)('schedules on the local driver on %s', (dialect) => {
  let database: TestDatabase;
  let server: TempGameServer;
  let app: FastifyInstance;
  let clock = at0359;
  let cookie: string;

  const start = async () => {
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: server.serversFile }), { now: () => clock });
    await app.ready();
    const connected = await app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: server.id, key: fixtureKey },
      remoteAddress: '192.0.2.70',
    });
    expect(connected.statusCode).toBe(200);
    cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const tick = () => app.jobs.runNow(scheduleJobName);
  const schedule = async (id: string) => (await call('GET', `/api/panel/schedules/${id}`)).json() as Schedule;
  const state = async () => ((await call('GET', '/api/panel/resources')).json() as { state: string }).state;
  const consoleText = async () => (await call('GET', '/api/panel/console/log')).body;
  const power = async (signal: string, wanted: string) => {
    expect((await call('POST', '/api/panel/power', { signal })).statusCode).toBe(204);
    await until(state, (s) => s === wanted, `the server ${wanted}`, waitLong);
  };
  const ranEntries = () => app.db.selectFrom('audit_log').selectAll().where('action', '=', 'panel.schedule.ran').execute();

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    server = tempGameServer({ id: 'sched-mc', backupLimit: 1, files: { 'server.properties': 'motd=Schedules\n' } });
    await start();
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    server.remove();
  });

  it('refuses bad timetables and tasks with a message per field, and stores nothing', async () => {
    const bad = await call('POST', '/api/panel/schedules', {
      ...nightlyRestart,
      name: ' ',
      timetable: { ...nightlyRestart.timetable, hour: '25', dayOfWeek: 'funday' },
      timeZone: 'Mars/Olympus',
      tasks: [{ kind: 'command', delaySeconds: 0, command: '   ' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['name', 'tasks.0.command', 'timeZone', 'timetable.dayOfWeek', 'timetable.hour']);
    expect(bad.json().error.fields['timetable.hour']).toMatch(/hours \(0–23\)/);

    const shapes = await call('POST', '/api/panel/schedules', { ...nightlyRestart, tasks: [{ kind: 'power', delaySeconds: 901, signal: 'explode' }] });
    expect(shapes.statusCode).toBe(400);
    expect(shapes.json().error.fields).toHaveProperty(['tasks.0.delaySeconds']);
    expect(shapes.json().error.fields).toHaveProperty(['tasks.0.signal']);

    const never = await call('POST', '/api/panel/schedules', { ...nightlyRestart, timetable: { ...nightlyRestart.timetable, dayOfMonth: '30', month: '2' } });
    expect(never.statusCode).toBe(400);
    expect(never.json().error.fields['timetable.dayOfMonth']).toMatch(/never/);
    expect((await call('POST', '/api/panel/schedules', { ...nightlyRestart, tasks: [] })).json().error.fields).toHaveProperty('tasks');

    expect((await call('GET', '/api/panel/schedules')).json()).toEqual({ schedules: [], fixedTimeZone: null, keepsRuns: true });
    expect((await app.inject({ url: '/api/panel/schedules' })).statusCode).toBe(401);
  });

  it('runs a schedule due in a minute: its tasks in order, each after its delay, and records each outcome', async () => {
    await power('start', 'running');
    const created = await call('POST', '/api/panel/schedules', nightlyRestart);
    expect(created.statusCode).toBe(201);
    const { id, nextRuns } = created.json() as Schedule;
    expect(nextRuns).toEqual(['2026-03-10T04:00:00.000Z', '2026-03-11T04:00:00.000Z', '2026-03-12T04:00:00.000Z']);

    // Not yet due.
    await tick();
    expect((await schedule(id)).runs).toEqual([]);

    clock = Date.parse('2026-03-10T04:00:02.000Z');
    await tick();
    let current = await schedule(id);
    expect(current.running).toBe(true);
    expect(current.runs).toHaveLength(1);
    expect(current.runs[0]).toMatchObject({ trigger: 'timetable', due: '2026-03-10T04:00:00.000Z', outcome: 'running' });
    expect(current.runs[0]!.tasks.map((t) => t.outcome)).toEqual(['ok', 'pending', 'pending']);
    await until(consoleText, (t) => t.includes('Restarting in 5 minutes'), 'the command in the console', waitLong);
    expect(current.nextRuns[0]).toBe('2026-03-11T04:00:00.000Z');

    // The five minutes are not over: nothing more happens, however often the job runs.
    clock += 4 * minute;
    await tick();
    await tick();
    expect((await schedule(id)).runs[0]!.tasks.map((t) => t.outcome)).toEqual(['ok', 'pending', 'pending']);

    clock += minute;
    await tick();
    current = await schedule(id);
    const run = current.runs[0]!;
    expect(run.outcome).toBe('ok');
    expect(run.tasks.map((t) => [t.kind, t.outcome])).toEqual([
      ['command', 'ok'],
      ['backup', 'ok'],
      ['power', 'ok'],
    ]);
    const times = run.tasks.map((t) => Date.parse(t.at!));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(300_000);
    expect(times[2]!).toBeGreaterThanOrEqual(times[1]!);
    expect(current.running).toBe(false);
    expect(current.lastRunAt).toBe('2026-03-10T04:00:02.000Z');
    // The restart waited for the archive: the backup was complete when its task was recorded done.
    expect(run.tasks[1]!.message).toBe('Backup "Nightly restart 2026-03-10 04:05" made.');
    const backups = (await call('GET', '/api/panel/backups')).json() as { backups: { name: string; state: string }[] };
    expect(backups.backups.map((b) => [b.name, b.state])).toEqual([['Nightly restart 2026-03-10 04:05', 'ready']]);
    await until(state, (s) => s === 'running', 'the restarted server', waitLong);

    const entries = await ranEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_kind: 'system', target: server.id, outcome: 'ok' });

    // Each task is an entry of its own, as a customer's click would be, naming the schedule and run that did it.
    const tasks = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_kind', '=', 'system')
      .where('action', 'in', ['panel.command', 'panel.backup.create', 'panel.power'])
      .orderBy('at')
      .execute();
    const runId = run.id;
    expect(tasks.map((t) => [t.action, t.actor_label, t.target, t.outcome, JSON.parse(String(t.detail))])).toEqual([
      [
        'panel.command',
        'schedule "Nightly restart"',
        server.id,
        'ok',
        { driver: 'local', schedule: id, run: runId, task: 1, command: 'say Restarting in 5 minutes' },
      ],
      [
        'panel.backup.create',
        'schedule "Nightly restart"',
        server.id,
        'ok',
        { driver: 'local', schedule: id, run: runId, task: 2, name: 'Nightly restart 2026-03-10 04:05', backup: expect.any(String) },
      ],
      ['panel.power', 'schedule "Nightly restart"', server.id, 'ok', { driver: 'local', schedule: id, run: runId, task: 3, signal: 'restart' }],
    ]);
  });

  it('replaces the oldest unlocked backup at the limit, or fails the task with the reason when told to', async () => {
    const failing = await call('POST', '/api/panel/schedules', {
      ...nightlyRestart,
      name: 'Strict backup',
      tasks: [{ kind: 'backup', delaySeconds: 0, onLimit: 'fail' }],
    });
    const { id } = failing.json() as Schedule;
    expect((await call('POST', `/api/panel/schedules/${id}/run`)).statusCode).toBe(202);
    await tick();
    const run = (await schedule(id)).runs[0]!;
    expect(run).toMatchObject({ trigger: 'manual', due: null, outcome: 'failed' });
    expect(run.reason).toMatch(/limit of 1 backups is reached/);
    expect(run.tasks[0]).toMatchObject({ kind: 'backup', outcome: 'failed' });
    expect((await call('DELETE', `/api/panel/schedules/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/panel/schedules/${id}`)).statusCode).toBe(404);
  });

  it('honours only-when-online, and a failed run does not stop the next', async () => {
    await power('stop', 'offline');
    const input: ScheduleInput = {
      ...nightlyRestart,
      name: 'Hourly notice',
      timetable: { minute: '30', hour: '*', dayOfMonth: '*', month: '*', dayOfWeek: '*' },
      onlyWhenOnline: true,
      tasks: [{ kind: 'command', delaySeconds: 0, command: 'say Hourly notice' }],
    };
    const created = await call('POST', '/api/panel/schedules', input);
    const { id } = created.json() as Schedule;
    clock = Date.parse('2026-03-10T04:30:01.000Z');
    await tick();
    let runs = (await schedule(id)).runs;
    expect(runs[0]).toMatchObject({ outcome: 'skipped', due: '2026-03-10T04:30:00.000Z' });
    expect(runs[0]!.reason).toMatch(/not running/);
    expect(runs[0]!.tasks[0]!.outcome).toBe('skipped');

    // Without only-when-online the command to a stopped server fails, with the engine's reason...
    const changed = await call('PUT', `/api/panel/schedules/${id}`, { ...input, onlyWhenOnline: false });
    expect(changed.statusCode).toBe(200);
    clock = Date.parse('2026-03-10T05:30:01.000Z');
    await tick();
    runs = (await schedule(id)).runs;
    expect(runs[0]).toMatchObject({ outcome: 'failed', due: '2026-03-10T05:30:00.000Z' });
    expect(runs[0]!.tasks[0]!.message).toBeTruthy();

    // ...and the next due time runs all the same.
    await power('start', 'running');
    clock = Date.parse('2026-03-10T06:30:01.000Z');
    await tick();
    runs = (await schedule(id)).runs;
    expect(runs.map((r) => r.outcome)).toEqual(['ok', 'failed', 'skipped']);
    await until(consoleText, (t) => t.includes('say Hourly notice'), 'the command in the console', waitLong);
    await call('DELETE', `/api/panel/schedules/${id}`);
  });

  it('records a due time the app slept through as missed, once, and runs the next one', async () => {
    const created = await call('POST', '/api/panel/schedules', {
      ...nightlyRestart,
      name: 'Missed',
      timetable: { minute: '0', hour: '7', dayOfMonth: '*', month: '*', dayOfWeek: '*' },
      tasks: [{ kind: 'command', delaySeconds: 0, command: 'say Seven' }],
    });
    const { id } = created.json() as Schedule;
    // Due at 07:00 on the 10th; the app comes back at 08:00 on the 12th.
    clock = Date.parse('2026-03-12T08:00:00.000Z');
    await tick();
    await tick();
    let current = await schedule(id);
    expect(current.runs).toHaveLength(1);
    expect(current.runs[0]).toMatchObject({ outcome: 'missed', due: '2026-03-10T07:00:00.000Z' });
    expect(current.runs[0]!.reason).toMatch(/not made up/);
    expect(current.nextRuns[0]).toBe('2026-03-13T07:00:00.000Z');

    // Within the tolerance it is made up.
    clock = Date.parse('2026-03-13T07:04:00.000Z');
    await tick();
    current = await schedule(id);
    expect(current.runs.map((r) => r.outcome)).toEqual(['ok', 'missed']);
    await call('DELETE', `/api/panel/schedules/${id}`);
  });

  it('finishes a run after a restart of the app during a delay, or records it when the app came back too late', async () => {
    const created = await call('POST', '/api/panel/schedules', {
      ...nightlyRestart,
      name: 'Across a restart',
      enabled: false,
      tasks: [
        { kind: 'command', delaySeconds: 0, command: 'say Before the restart' },
        { kind: 'backup', delaySeconds: 120, onLimit: 'replace-oldest-unlocked' },
      ],
    });
    const { id } = created.json() as Schedule;
    expect((await call('POST', `/api/panel/schedules/${id}/run`)).statusCode).toBe(202);
    await tick();
    expect((await schedule(id)).runs[0]!.tasks.map((t) => t.outcome)).toEqual(['ok', 'pending']);
    expect((await call('POST', `/api/panel/schedules/${id}/run`)).json().error.code).toBe('schedule_running');

    await app.close();
    clock += 2 * minute;
    await start();
    // The runner's first round comes as the app starts: the run is caught up without waiting for the next one.
    let runs = (
      await until(
        () => schedule(id),
        (s) => s.runs[0]!.outcome !== 'running',
        'the run caught up at start',
        waitLong,
      )
    ).runs;
    expect(runs[0]!.outcome).toBe('ok');
    expect(runs[0]!.tasks.map((t) => t.outcome)).toEqual(['ok', 'ok']);

    // Again, but the app is away for half an hour: the backup is not made late, the run says why.
    await power('start', 'running');
    expect((await call('POST', `/api/panel/schedules/${id}/run`)).statusCode).toBe(202);
    await tick();
    await app.close();
    clock += 30 * minute;
    await start();
    await tick();
    runs = (await schedule(id)).runs;
    expect(runs[0]!.outcome).toBe('failed');
    expect(runs[0]!.reason).toMatch(/not running when task 2 was due/);
    expect(runs[0]!.tasks.map((t) => t.outcome)).toEqual(['ok', 'skipped']);

    const audit = await app.db.selectFrom('audit_log').select(['action', 'outcome']).where('action', 'like', 'panel.schedule.%').execute();
    // Run now three times, and once refused while the run was going on.
    expect(
      audit
        .filter((e) => e.action === 'panel.schedule.run')
        .map((e) => e.outcome)
        .sort(),
    ).toEqual(['ok', 'ok', 'ok', 'refused']);
    expect(audit.filter((e) => e.action === 'panel.schedule.create').length).toBeGreaterThanOrEqual(5);
    expect(audit.filter((e) => e.action === 'panel.schedule.delete').length).toBeGreaterThanOrEqual(3);
  });
});

describe('schedules with two app instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let server: TempGameServer;
  let apps: FastifyInstance[] = [];
  let clock = at0359;

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrated: true });
    server = tempGameServer({ id: 'twin-mc', backupLimit: 10 });
    apps = [];
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: server.serversFile }), { now: () => clock });
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
    server.remove();
  });

  it('runs each due time once, and each task once, whichever instance gets there first', async () => {
    const first = apps[0]!;
    const connected = await first.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: server.id, key: fixtureKey },
      remoteAddress: '192.0.2.71',
    });
    const cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
    const created = await first.inject({
      method: 'POST',
      url: '/api/panel/schedules',
      headers: { cookie },
      payload: {
        ...nightlyRestart,
        name: 'Twin backups',
        tasks: [
          { kind: 'backup', delaySeconds: 0, onLimit: 'fail' },
          { kind: 'backup', delaySeconds: 60, onLimit: 'fail' },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const both = () => Promise.all(apps.map((app) => app.jobs.runNow(scheduleJobName)));
    const backupsDir = path.join(server.dir, 'servers', '.hostfront-backups', server.id);
    const archives = () => (fs.existsSync(backupsDir) ? fs.readdirSync(backupsDir) : []);
    // Each instance knows only the backups it makes as being made: wait for one to be written before the next task.
    const written = (count: number) =>
      until(
        async () => archives(),
        (files) => files.filter((f) => f.endsWith('.tar.gz')).length === count && !files.some((f) => f.endsWith('.partial')),
        `${count} backups written`,
        waitLong,
      );
    for (const [i, day] of ['10', '11', '12'].entries()) {
      clock = Date.parse(`2026-03-${day}T04:00:01.000Z`);
      await both();
      await both();
      await written(2 * i + 1);
      clock += 61_000;
      await both();
      await both();
      await written(2 * i + 2);
    }
    const runs = await first.db.selectFrom('panel_schedule_runs').selectAll().orderBy('due').execute();
    expect(runs.map((r) => [new Date(Number(r.due)).toISOString(), r.outcome])).toEqual([
      ['2026-03-10T04:00:00.000Z', 'ok'],
      ['2026-03-11T04:00:00.000Z', 'ok'],
      ['2026-03-12T04:00:00.000Z', 'ok'],
    ]);
    expect(await first.db.selectFrom('audit_log').select('id').where('action', '=', 'panel.schedule.ran').execute()).toHaveLength(3);
    expect(archives().filter((f) => f.endsWith('.json'))).toHaveLength(6);
  });
});
