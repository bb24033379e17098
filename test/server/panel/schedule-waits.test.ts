import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule } from '../../../contracts/panel.ts';
import { buildApp } from '../../../server/app.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { tempGameServer, type TempGameServer } from '../../helpers/temp-game-server.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { until } from '../../helpers/until.ts';

/**
 * A schedule's waits keep time (docs/decisions.md 91): the runner is woken when a wait ends, not
 * at its next 5-second look, so three 1-second waits in a row take about a second each. The
 * app's clock is the real one here, since what is measured is how late a timer wakes the runner;
 * the scheduler is the app's own (no runNow by the test).
 */

const waitLong = 20_000;

describe('a schedule’s waits', () => {
  let database: TestDatabase;
  let server: TempGameServer;
  let app: FastifyInstance;
  let cookie: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', { migrated: true });
    server = tempGameServer({ id: 'waits-mc' });
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: server.serversFile }), { now: () => Date.now() });
    await app.ready();
    const connected = await app.inject({ method: 'POST', url: '/api/panel/session', payload: { serverId: server.id, key: fixtureKey } });
    cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
    expect((await call('POST', '/api/panel/power', { signal: 'start' })).statusCode).toBe(204);
    await until(
      async () => ((await call('GET', '/api/panel/resources')).json() as { state: string }).state,
      (s) => s === 'running',
      'the server running',
      waitLong,
    );
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    server.remove();
  });

  it('end within a second of their time, each one', async () => {
    const created = await call('POST', '/api/panel/schedules', {
      name: 'Countdown',
      timetable: { minute: '0', hour: '4', dayOfMonth: '1', month: '1', dayOfWeek: '*' },
      timeZone: 'UTC',
      enabled: true,
      onlyWhenOnline: false,
      tasks: [
        { kind: 'command', delaySeconds: 0, command: 'say three' },
        { kind: 'command', delaySeconds: 1, command: 'say two' },
        { kind: 'command', delaySeconds: 1, command: 'say one' },
        { kind: 'command', delaySeconds: 1, command: 'say go' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as Schedule;
    expect((await call('POST', `/api/panel/schedules/${id}/run`)).statusCode).toBe(202);
    const run = (await until(
      async () => ((await call('GET', `/api/panel/schedules/${id}`)).json() as Schedule).runs[0],
      (r) => r?.outcome === 'ok',
      'the run to end',
      waitLong,
    ))!;
    const times = run.tasks.map((t) => Date.parse(t.at!));
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // Each wait is 1 s; looking only every 5 s made the later ones about 5 s.
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(1000);
      expect(gap).toBeLessThan(2000);
    }
  });
});
