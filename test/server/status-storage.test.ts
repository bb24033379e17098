import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/schema.ts';
import {
  applyRetention,
  insertResults,
  recentResults,
  resultsAt,
  uptimeCountsSince,
  uptimePercent,
  type ResultRow,
} from '../../server/status/status-repository.ts';
import { dayMs, hourMs } from '../../contracts/time-units.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';

const now = Date.UTC(2026, 10, 20, 12, 30, 0);
const row = (monitorId: string, at: number, ok: boolean, state: ResultRow['state'], latency = ok ? 40 : 0, maintenance = false): ResultRow => ({
  monitorId,
  at,
  ok,
  latency,
  state,
  maintenance,
});

describe.each(dialects)('status storage on %s', (dialect) => {
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

  it('stores every result and sums it into its hour', async () => {
    await insertResults(db, [row('a', now, true, 'operational', 40), row('b', now, false, 'down')]);
    await insertResults(db, [row('a', now + 30_000, true, 'degraded', 400), row('b', now + 30_000, true, 'operational', 20)]);
    await insertResults(db, [row('a', now + 60_000, false, 'pending')]);

    expect(await resultsAt(db, now)).toEqual(expect.arrayContaining([row('a', now, true, 'operational', 40), row('b', now, false, 'down')]));
    const hourly = await db.selectFrom('status_hourly').selectAll().orderBy('monitor_id').execute();
    const hour = Math.floor(now / hourMs) * hourMs;
    expect(hourly.map((h) => ({ ...h, hour: Number(h.hour), latency_sum: Number(h.latency_sum) }))).toEqual([
      // the pending result is stored raw but counts in no uptime
      { monitor_id: 'a', hour, checks: 2, up: 2, ok: 2, latency_sum: 440, maintenance_checks: 0 },
      { monitor_id: 'b', hour, checks: 2, up: 1, ok: 1, latency_sum: 20, maintenance_checks: 0 },
    ]);
  });

  it('returns the newest readings per monitor, oldest first', async () => {
    for (let i = 0; i < 40; i++)
      await insertResults(db, [row('a', now + i * 1000, true, 'operational', i + 1), row('b', now + i * 1000, true, 'operational', 100 + i)]);
    const recent = await recentResults(db, 30);
    const a = recent.filter((r) => r.monitorId === 'a');
    expect(a).toHaveLength(30);
    expect(a[0]!.latency).toBe(11);
    expect(a.at(-1)!.latency).toBe(40);
    expect(recent.filter((r) => r.monitorId === 'b')).toHaveLength(30);
  });

  it('keeps raw results 7 days and hourly sums 90 days', async () => {
    await insertResults(db, [row('a', now - 8 * dayMs, true, 'operational')]);
    await insertResults(db, [row('a', now - 6 * dayMs, true, 'operational')]);
    await insertResults(db, [row('a', now - 91 * dayMs, true, 'operational')]);
    await insertResults(db, [row('a', now - 89 * dayMs, false, 'down')]);
    const removed = await applyRetention(db, now);
    expect(removed).toEqual({ raw: 3, hourly: 1 });
    const raw = await db.selectFrom('status_result').select('at').execute();
    expect(raw.map((r) => Number(r.at))).toEqual([now - 6 * dayMs]);
    const hours = await db.selectFrom('status_hourly').select('hour').orderBy('hour').execute();
    expect(hours).toHaveLength(3);
    expect(Number(hours[0]!.hour)).toBeGreaterThanOrEqual(now - 90 * dayMs);
  });

  it('computes uptime over 24 h from raw results and over 30 and 90 days from the hourly sums', async () => {
    // Monitor a: 10 checks in the last day, 1 of them down → 90%.
    for (let i = 0; i < 10; i++) await insertResults(db, [row('a', now - i * hourMs, i !== 3, i === 3 ? 'down' : 'operational')]);
    // 20 days ago: 10 checks, all down. 60 days ago: 80 checks all up (10 a day, raw gone later).
    for (let i = 0; i < 10; i++) await insertResults(db, [row('a', now - 20 * dayMs - i * 60_000, false, 'down')]);
    for (let i = 0; i < 80; i++) await insertResults(db, [row('a', now - 60 * dayMs - i * 60_000, true, 'degraded', 500)]);
    // Monitor b: always up in the last day (5 checks).
    for (let i = 0; i < 5; i++) await insertResults(db, [row('b', now - i * hourMs, true, 'operational')]);
    await applyRetention(db, now);

    const day = await uptimeCountsSince(db, now - dayMs, now);
    expect(day.get('a')).toEqual({ checks: 10, up: 9 });
    expect(uptimePercent([day.get('a')!])).toBe(90);
    expect(uptimePercent([day.get('b')!])).toBe(100);
    // overall: 14 up of 15
    expect(uptimePercent([...day.values()])).toBe(93.33);

    const month = await uptimeCountsSince(db, now - 30 * dayMs, now);
    expect(month.get('a')).toEqual({ checks: 20, up: 9 }); // 10 recent + 10 down 20 days ago
    expect(uptimePercent([month.get('a')!])).toBe(45);

    const quarter = await uptimeCountsSince(db, now - 90 * dayMs, now);
    expect(quarter.get('a')).toEqual({ checks: 100, up: 89 });
    expect(uptimePercent([quarter.get('a')!])).toBe(89);
    expect(uptimePercent([...quarter.values()])).toBe(Math.floor((94 / 105) * 10_000) / 100);
    expect(uptimePercent([])).toBeNull();
  });
});
