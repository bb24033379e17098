import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule, ScheduleInput } from '../../../contracts/panel.ts';
import { buildApp } from '../../../server/app.ts';
import { workerDeadlines } from '../../../server/panel/local/worker-deadlines.ts';
import { scheduleJobName } from '../../../server/panel/schedules/register-schedules.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { tempGameServer, type TempGameServer } from '../../helpers/temp-game-server.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { until } from '../../helpers/until.ts';

/**
 * One server's slow task never holds up another server's schedule (docs/decisions.md 67): with
 * server A's file worker stopped by its customer (SIGSTOP) while A's backup task waits on it,
 * server B's every-minute schedule runs at each minute the app's clock reaches, and A's run ends
 * with the worker's deadline (docs/decisions.md 65). The worker's deadline is made a minute
 * while B runs, so B's runs cannot owe anything to it, then set back. Root only: without it
 * there is no worker.
 */

const isRoot = process.getuid?.() === 0;
const at0359 = Date.parse('2026-03-10T03:59:30.000Z');
const waitLong = 15_000;

const everyMinute = (name: string, tasks: ScheduleInput['tasks']): ScheduleInput => ({
  name,
  timetable: { minute: '*', hour: '*', dayOfMonth: '*', month: '*', dayOfWeek: '*' },
  timeZone: 'UTC',
  enabled: true,
  onlyWhenOnline: false,
  tasks,
});

/** The folder workers running as `uid`, found in /proc as the customer would find them. */
function workersOf(uid: number): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = fs.readFileSync(`/proc/${name}/status`, 'utf8');
      if (Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]) === uid && fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('folder-worker.ts'))
        pids.push(Number(name));
    } catch {
      // gone while we looked
    }
  }
  return pids;
}

describe.skipIf(!isRoot).each(dialects)('schedules of two servers on %s', (dialect) => {
  let database: TestDatabase;
  let a: TempGameServer;
  let b: TempGameServer;
  let app: FastifyInstance;
  let clock = at0359;
  const stopped: number[] = [];
  const silentMs = workerDeadlines.silentMs;
  const cookies = new Map<string, string>();

  const call = (server: TempGameServer, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie: cookies.get(server.id)! }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const runs = async (server: TempGameServer, id: string) => ((await call(server, 'GET', `/api/panel/schedules/${id}`)).json() as Schedule).runs;
  const runDue = (server: TempGameServer, id: string, due: string, outcome: string) =>
    until(
      () => runs(server, id),
      (list) => list.some((r) => r.due === due && r.outcome === outcome),
      `${server.id}'s run due ${due} to be ${outcome}`,
      waitLong,
    );

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    a = tempGameServer({ id: 'lane-a', backupLimit: 3, files: { 'server.properties': 'motd=A\n' } });
    b = tempGameServer({ id: 'lane-b', files: { 'server.properties': 'motd=B\n' } });
    const both = [a, b].flatMap((gs) => (JSON.parse(fs.readFileSync(gs.serversFile, 'utf8')) as { servers: unknown[] }).servers);
    const serversFile = path.join(a.dir, 'two-servers.json');
    fs.writeFileSync(serversFile, JSON.stringify({ servers: both }));
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: serversFile }), { now: () => clock });
    await app.ready();
    for (const [i, server] of [a, b].entries()) {
      const connected = await app.inject({
        method: 'POST',
        url: '/api/panel/session',
        payload: { serverId: server.id, key: fixtureKey },
        remoteAddress: `192.0.2.8${i}`,
      });
      expect(connected.statusCode).toBe(200);
      cookies.set(server.id, `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`);
    }
  });

  afterAll(async () => {
    workerDeadlines.silentMs = silentMs;
    for (const pid of stopped) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // ended by its deadline, as it should be
      }
    }
    await app?.close();
    await database?.drop();
    a?.remove();
    b?.remove();
  });

  it("runs B's every-minute schedule on time while A's worker is stopped by its customer and A's backup runs", async () => {
    expect((await call(b, 'POST', '/api/panel/power', { signal: 'start' })).statusCode).toBe(204);
    await until(
      async () => ((await call(b, 'GET', '/api/panel/resources')).json() as { state: string }).state,
      (s) => s === 'running',
      'B running',
      waitLong,
    );
    workerDeadlines.silentMs = 60_000;
    // A's files are listed once, so A's worker runs; then A's customer stops it.
    expect((await call(a, 'GET', '/api/panel/files?path=')).statusCode).toBe(200);
    const [worker] = workersOf(fs.statSync(a.root).uid);
    expect(worker).toBeDefined();
    stopped.push(worker!);
    process.kill(worker!, 'SIGSTOP');

    const backupA = (
      await call(a, 'POST', '/api/panel/schedules', everyMinute('A backups', [{ kind: 'backup', delaySeconds: 0, onLimit: 'fail' }]))
    ).json() as Schedule;
    const noticeB = (
      await call(b, 'POST', '/api/panel/schedules', everyMinute('B notice', [{ kind: 'command', delaySeconds: 0, command: 'say on time' }]))
    ).json() as Schedule;

    // 04:00: both due. The round is not awaited: A's part of it may be slow.
    clock = Date.parse('2026-03-10T04:00:01.000Z');
    void app.jobs.runNow(scheduleJobName);
    await runDue(b, noticeB.id, '2026-03-10T04:00:00.000Z', 'ok');
    expect((await runs(a, backupA.id))[0]).toMatchObject({ due: '2026-03-10T04:00:00.000Z' });

    // 04:01: B runs again, whatever A's task is doing.
    clock = Date.parse('2026-03-10T04:01:01.000Z');
    void app.jobs.runNow(scheduleJobName);
    await runDue(b, noticeB.id, '2026-03-10T04:01:00.000Z', 'ok');

    workerDeadlines.silentMs = silentMs;
    // A's backup does not wait on the stopped worker either: its disk is measured by root now
    // (docs/decisions.md 70), and the archive has a worker of its own.
    await runDue(a, backupA.id, '2026-03-10T04:00:00.000Z', 'ok');

    // A's own runs never overlapped: each started after the one before it ended, or was skipped.
    const mine = (await runs(a, backupA.id)).filter((r) => r.outcome !== 'skipped').reverse();
    for (let i = 1; i < mine.length; i++) expect(Date.parse(mine[i]!.startedAt)).toBeGreaterThanOrEqual(Date.parse(mine[i - 1]!.finishedAt!));
  });
});
