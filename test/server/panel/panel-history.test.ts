import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { dayMs } from '../../../contracts/time-units.ts';
import { historyJobName } from '../../../server/panel/panel-plugin.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../../fakes/fake-pterodactyl.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { fixtureKey, fixtureServerId } from '../../helpers/panel-fixture.ts';
import { testConfig } from '../../helpers/test-config.ts';

/**
 * The resource history: a sample a minute of each server with a panel session in the last 24
 * hours, in the database (both dialects), read back for the last hour or day, kept 7 days; and
 * with several instances on one PostgreSQL database, one sample a minute in all.
 */

const minuteMs = 60_000;

describe.each(dialects)('resource history on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = Date.now();
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    app = await buildApp(testConfig(database.url), { now: () => clock });
    await app.ready();
    const connected = await app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: fixtureServerId, key: fixtureKey },
      remoteAddress: '192.0.2.60',
    });
    expect(connected.statusCode).toBe(200);
    cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const rows = () => app.db.selectFrom('panel_history').selectAll().orderBy('minute').execute();
  const history = (range: string) => app.inject({ url: `/api/panel/history?range=${range}`, headers: { cookie } });

  it('samples only servers with a session in the last 24 hours, once a minute, and keeps their key encrypted', async () => {
    await app.jobs.runNow(historyJobName);
    let stored = await rows();
    expect(stored.map((r) => r.server_id)).toEqual([fixtureServerId]);
    expect(stored[0]).toMatchObject({ driver: 'local', minute: Math.floor(clock / minuteMs), at: clock, cpu: 0, memory: 0 });
    expect(Number(stored[0]!.disk)).toBeGreaterThanOrEqual(0);
    // Another round in the same minute adds nothing.
    await app.jobs.runNow(historyJobName);
    expect(await rows()).toHaveLength(1);

    clock += minuteMs;
    await app.jobs.runNow(historyJobName);
    stored = await rows();
    expect(stored.map((r) => r.at)).toEqual([clock - minuteMs, clock]);

    const watched = await app.db.selectFrom('panel_history_servers').selectAll().execute();
    expect(watched.map((w) => w.server_id)).toEqual([fixtureServerId]);
    expect(JSON.stringify(watched)).not.toContain(fixtureKey);
  });

  it('answers the last hour or the last day, oldest first, and refuses another range', async () => {
    await app.db
      .insertInto('panel_history')
      .values([
        {
          server_id: fixtureServerId,
          driver: 'local',
          minute: Math.floor((clock - 2 * 3_600_000) / minuteMs),
          at: clock - 2 * 3_600_000,
          cpu: 50,
          memory: 1024,
          disk: 2048,
        },
        { server_id: 'tools-mc', driver: 'local', minute: Math.floor(clock / minuteMs), at: clock, cpu: 99, memory: 1, disk: 1 },
        // A claim whose sample failed: a gap, not a zero.
        {
          server_id: fixtureServerId,
          driver: 'local',
          minute: Math.floor((clock - 30 * minuteMs) / minuteMs),
          at: clock - 30 * minuteMs,
          cpu: null,
          memory: null,
          disk: null,
        },
      ])
      .execute();
    const hour = await history('1h');
    expect(hour.statusCode).toBe(200);
    expect(hour.json()).toMatchObject({ range: '1h', intervalMs: 60_000 });
    expect(hour.json().samples.map((s: { at: number }) => s.at)).toEqual([clock - minuteMs, clock]);
    const day = await history('24h');
    expect(day.json().samples.map((s: { at: number; cpu: number }) => [s.at, s.cpu])).toEqual([
      [clock - 2 * 3_600_000, 50],
      [clock - minuteMs, 0],
      [clock, 0],
    ]);
    expect((await history('7d')).statusCode).toBe(400);
    expect((await history('7d')).json().error.fields).toHaveProperty('range');
    expect((await app.inject({ url: '/api/panel/history?range=1h' })).statusCode).toBe(401);
  });

  it('goes on for 24 hours after the last session ends, then forgets the server and its key', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/panel/session', headers: { cookie } })).statusCode).toBe(204);
    clock += 23 * 60 * minuteMs;
    await app.jobs.runNow(historyJobName);
    expect((await rows()).filter((r) => r.at === clock)).toHaveLength(1);
    clock += 2 * 60 * minuteMs;
    await app.jobs.runNow(historyJobName);
    expect((await rows()).filter((r) => r.at === clock)).toHaveLength(0);
    expect(await app.db.selectFrom('panel_history_servers').selectAll().execute()).toEqual([]);
  });

  it('deletes samples older than 7 days', async () => {
    // Retention reads the app's clock, which earlier tests in this block moved on.
    const now = clock;
    await app.db
      .insertInto('panel_history')
      .values([
        { server_id: 'old', driver: 'local', minute: Math.floor((now - 8 * dayMs) / minuteMs), at: now - 8 * dayMs, cpu: 1, memory: 1, disk: 1 },
        { server_id: 'recent', driver: 'local', minute: Math.floor((now - 6 * dayMs) / minuteMs), at: now - 6 * dayMs, cpu: 1, memory: 1, disk: 1 },
      ])
      .execute();
    await app.jobs.runNow('panel history retention');
    const left = (await rows()).map((r) => r.server_id);
    expect(left).toContain('recent');
    expect(left).not.toContain('old');
  });
});

describe('resource history with two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let panel: FakePterodactyl;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let clock = Date.now();

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    panel = await startFakePterodactyl({ wings: { statsIntervalMs: 0 } });
    const config = testConfig(database.url, { PANEL_DRIVER: 'pterodactyl', PANEL_URL: panel.url });
    first = await buildApp(config, { now: () => clock });
    await first.ready();
    second = await buildApp(config, { now: () => clock });
    await second.ready();
  });

  afterAll(async () => {
    await first.close();
    await second.close();
    await panel.close();
    await database.drop();
  });

  it('takes one sample a minute in all, whichever instance runs first, and both draw the same chart', async () => {
    const connected = await first.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: panel.serverId, key: panel.keys.client },
      remoteAddress: '192.0.2.61',
    });
    expect(connected.statusCode).toBe(200);
    const cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
    const resourceCalls = () => panel.requests.filter((r) => r.path.endsWith('/resources')).length;

    for (let minute = 0; minute < 5; minute++) {
      panel.setState(panel.serverId, {
        state: 'running',
        resources: { cpu_absolute: 10 + minute, memory_bytes: (100 + minute) * 1024 * 1024, disk_bytes: 500 * 1024 * 1024 },
      });
      const before = resourceCalls();
      // Both instances' rounds at once, in either order.
      const runs = [first.jobs.runNow(historyJobName), second.jobs.runNow(historyJobName)];
      if (minute % 2) runs.reverse();
      await Promise.all(runs);
      expect(resourceCalls() - before, `minute ${minute}`).toBe(1);
      clock += minuteMs;
    }
    const stored = await first.db.selectFrom('panel_history').selectAll().orderBy('minute').execute();
    expect(stored.map((r) => r.cpu)).toEqual([10, 11, 12, 13, 14]);
    const fromFirst = await first.inject({ url: '/api/panel/history?range=1h', headers: { cookie } });
    const fromSecond = await second.inject({ url: '/api/panel/history?range=1h', headers: { cookie } });
    expect(fromFirst.json().samples).toHaveLength(5);
    expect(fromSecond.json()).toEqual(fromFirst.json());
    expect(fromFirst.json().samples[4]).toMatchObject({ cpu: 14, memory: 104 * 1024 * 1024, disk: 500 * 1024 * 1024 });
    // Each instance counts what it took and what the other took first: 5 of each in all.
    const count = async (app: FastifyInstance, outcome: string) => {
      const text = await app.metrics.metrics();
      return Number(new RegExp(`^hostfront_panel_history_samples_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    };
    expect((await count(first, 'taken')) + (await count(second, 'taken'))).toBe(5);
    expect((await count(first, 'claimed_elsewhere')) + (await count(second, 'claimed_elsewhere'))).toBe(5);
  });
});
