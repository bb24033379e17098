import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/schema.ts';
import { dailyCounts, firstCountedReadings, insertResults, uptimeCountsSince, uptimePercent, type ResultRow } from '../../server/status/status-repository.ts';
import { dayMs, hourMs } from '../../contracts/time-units.ts';
import { barStart, dailyOf } from '../../server/status/uptime-figures.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { staffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { waitFor } from '../helpers/until.ts';
import { Listener, writeMonitorsFile } from './status-helpers.ts';

// Noon UTC, so a few hours either way stay on the same day.
const now = Date.UTC(2026, 10, 20, 12, 0, 0);
const today = Math.floor(now / dayMs);
const row = (monitorId: string, at: number, state: ResultRow['state'], maintenance = false): ResultRow => ({
  monitorId,
  at,
  ok: state !== 'down',
  latency: state === 'down' ? 0 : 30,
  state,
  maintenance,
});

describe.each(dialects)('uptime, maintenance and the 90-day bars (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const handle = openDatabase(database.url);
    db = handle.db;
    await migrateToLatest(db, handle.dialect);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  beforeEach(async () => {
    await db.deleteFrom('status_result').execute();
    await db.deleteFrom('status_hourly').execute();
  });

  it('keeps readings taken in a maintenance window but counts none of them in uptime', async () => {
    // An hour ago: 4 up. In a window since: 6 down, marked. Then 2 up after it.
    for (let i = 0; i < 4; i++) await insertResults(db, [row('a', now - hourMs + i * 1000, 'operational')]);
    for (let i = 0; i < 6; i++) await insertResults(db, [row('a', now - 30 * 60_000 + i * 1000, 'down', true)]);
    for (let i = 0; i < 2; i++) await insertResults(db, [row('a', now - 60_000 + i * 1000, 'operational')]);

    expect(await db.selectFrom('status_result').select('id').execute()).toHaveLength(12);
    const day = await uptimeCountsSince(db, now - dayMs, now);
    expect(day.get('a')).toEqual({ checks: 6, up: 6 });
    expect(uptimePercent([day.get('a')!])).toBe(100);
    // The hourly sums (30 and 90 days, and the bars) leave them out too, and say they were there.
    const quarter = await uptimeCountsSince(db, now - 90 * dayMs, now);
    expect(quarter.get('a')).toEqual({ checks: 6, up: 6 });
    const days = await dailyCounts(db, now - 89 * dayMs);
    expect(days.get('a')).toEqual([{ day: today, checks: 6, up: 6, maintenance: 6 }]);
  });

  it('draws one figure per UTC day: measured days coloured by their uptime, days without readings as no data', async () => {
    // 3 days ago: 3 up, 1 down (75%). Yesterday: only readings in a maintenance window. Today: 2 up.
    await insertResults(db, [row('a', now - 3 * dayMs, 'operational')]);
    await insertResults(db, [row('a', now - 3 * dayMs + 1000, 'operational')]);
    await insertResults(db, [row('a', now - 3 * dayMs + 2000, 'operational')]);
    await insertResults(db, [row('a', now - 3 * dayMs + 3000, 'down')]);
    await insertResults(db, [row('a', now - dayMs, 'down', true)]);
    await insertResults(db, [row('a', now - 1000, 'operational')]);
    await insertResults(db, [row('a', now, 'degraded')]);
    // Monitor b: one reading 100 days ago (beyond the bars), none since.
    await insertResults(db, [row('b', now - 100 * dayMs, 'operational')]);

    const from = barStart(now);
    expect(from).toBe((today - 89) * dayMs);
    const counts = await dailyCounts(db, from);
    const a = dailyOf(counts.get('a') ?? [], from);
    expect(a.uptime).toHaveLength(90);
    expect(a.uptime[89]).toBe(100);
    expect(a.uptime[88]).toBeNull();
    expect(a.maintenance).toEqual([88]);
    expect(a.uptime[86]).toBe(75);
    // Every other day: no data, never 100%.
    expect(a.uptime.filter((u) => u === null)).toHaveLength(88);
    const b = dailyOf(counts.get('b') ?? [], from);
    expect(b.uptime.every((u) => u === null)).toBe(true);
    expect(b.maintenance).toEqual([]);
  });

  it('says since when each monitor was measured: to the reading while raw results last, to the hour beyond', async () => {
    await insertResults(db, [row('recent', now - 2 * hourMs - 17_000, 'pending')]);
    await insertResults(db, [row('recent', now - 2 * hourMs - 12_345, 'operational')]);
    await insertResults(db, [row('old', now - 40 * dayMs - 1234, 'operational')]);
    await insertResults(db, [row('maint', now - hourMs, 'operational', true)]);
    await db.deleteFrom('status_result').where('monitor_id', '=', 'old').execute();
    const first = await firstCountedReadings(db, now - 90 * dayMs, now);
    expect(first.get('recent')).toBe(now - 2 * hourMs - 12_345);
    expect(first.get('old')).toBe(Math.floor((now - 40 * dayMs - 1234) / hourMs) * hourMs);
    // Only readings that count: one taken in a maintenance window does not start the span.
    expect(first.has('maint')).toBe(false);
  });
});

describe.each(dialects)('a maintenance window on a live monitor (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let listener: Listener;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    listener = new Listener(await freePort());
    await listener.open();
    const file = writeMonitorsFile({
      monitors: [
        { id: 'edge', name: 'Edge', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.1, timeoutSeconds: 0.5, failuresBeforeDown: 1 },
      ],
    });
    app = await buildApp(testConfig(database.url, { MONITORS_FILE: file }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await listener?.close();
    await database?.drop();
  });

  it('probes and stores through the window, marks those readings, and the outage inside it costs no uptime', async () => {
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    const report = async () =>
      (await app.inject('/api/status')).json() as {
        servers: { status: string; maintenance: boolean; uptimes: { h24: number | null }; measuredSince: number | null }[];
      };
    const count = async (maintenance: number) =>
      Number(
        (await app.db
          .selectFrom('status_result')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('maintenance', '=', maintenance)
          .executeTakeFirst())!.n,
      );
    await waitFor(async () => (await count(0)) >= 3, 'readings before the window');

    const scheduled = await app.inject({
      method: 'POST',
      url: '/api/staff/maintenance',
      headers: { cookie: admin.cookie },
      payload: {
        title: 'Swap',
        message: 'Cables.',
        monitorIds: ['edge'],
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    await listener.close();
    await waitFor(async () => (await report()).servers[0]!.status === 'down', 'the monitor to go down in the window');
    await waitFor(async () => (await count(1)) >= 5, 'readings in the window');
    const during = (await report()).servers[0]!;
    expect(during.maintenance).toBe(true);
    // Down, but only inside the window: nothing counted against it.
    expect(during.uptimes.h24).toBe(100);
    expect(during.measuredSince).not.toBeNull();

    // Cancel the window while it is still down: from now on it counts.
    await app.inject({ method: 'POST', url: `/api/staff/maintenance/${scheduled.json().id}/cancel`, headers: { cookie: admin.cookie } });
    const marked = await count(1);
    await waitFor(
      async () => (await app.db.selectFrom('status_result').select('state').where('maintenance', '=', 0).where('state', '=', 'down').execute()).length >= 2,
      'counted down readings',
    );
    expect(await count(1)).toBeLessThanOrEqual(marked + 1);
    const after = (await report()).servers[0]!;
    expect(after.maintenance).toBe(false);
    expect(after.uptimes.h24).toBeLessThan(100);
  });
});
