import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/schema.ts';
import { monitorChangesAfter } from '../../server/status/monitor-changes.ts';
import type { Monitor } from '../../server/status/monitors-file.ts';
import { ProbeScheduler } from '../../server/status/probe-scheduler.ts';
import type { ProbeResult } from '../../server/status/probes.ts';
import { statusEventsAfter } from '../../server/status-events/status-events-repository.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';

const monitor = (id: string): Monitor => ({
  id,
  name: id,
  settings: {},
  type: 'http',
  target: 'http://127.0.0.1:9/',
  // Rounds every 20 ms: the test drives the outcomes, not the time.
  intervalSeconds: 0.02,
  timeoutSeconds: 1,
  degradedAboveMs: 300,
  failuresBeforeDown: 2,
});

describe.each(dialects)('monitor changes in the event log on %s', (dialect) => {
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

  it('records each change of a decided state with the results that decided it, and nothing while it stays', async () => {
    // The outcomes of successive probes of monitor a; b always answers.
    const script: ProbeResult[] = [
      { ok: true, latency: 20 },
      { ok: true, latency: 25 },
      { ok: false, latency: 0, error: 'connect ECONNREFUSED' },
      { ok: false, latency: 0, error: 'connect ECONNREFUSED' },
      { ok: false, latency: 0, error: 'connect ECONNREFUSED' },
      { ok: true, latency: 900 },
      { ok: true, latency: 30 },
    ];
    let step = 0;
    let rounds = 0;
    let done!: () => void;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const scheduler = new ProbeScheduler({
      db,
      monitors: [monitor('a'), { ...monitor('b'), target: 'http://127.0.0.1:9/b' }],
      log: pino({ level: 'silent' }),
      firstRoundDelayMs: 0,
      // b is in a maintenance window: its changes say so.
      inMaintenance: (id) => id === 'b',
      probeFn: async ({ target }) =>
        target.endsWith('/b') ? { ok: true, latency: 10 } : (script[Math.min(step++, script.length - 1)] ?? { ok: true, latency: 30 }),
      onRound: () => {
        if (++rounds >= script.length + 2) done();
      },
    });
    await scheduler.start();
    await finished;
    await scheduler.stop();

    const changes = (await monitorChangesAfter(db, 0, 100)).map((e) => e.payload);
    const ofA = changes.filter((c) => c.monitorId === 'a').map((c) => [c.from, c.to, c.detail, c.maintenance]);
    expect(ofA).toEqual([
      [null, 'operational', undefined, false],
      ['operational', 'down', 'connect ECONNREFUSED', false],
      ['down', 'degraded', undefined, false],
      ['degraded', 'operational', undefined, false],
    ]);
    expect(changes.filter((c) => c.monitorId === 'b').map((c) => [c.from, c.to, c.maintenance])).toEqual([[null, 'operational', true]]);
    // Each change is stored at the time of the results that decided it.
    const downAt = changes.find((c) => c.to === 'down')!.at;
    const stored = await db.selectFrom('status_result').select(['state']).where('monitor_id', '=', 'a').where('at', '=', downAt).executeTakeFirstOrThrow();
    expect(stored.state).toBe('down');
    // The log holds them in order with everything else; statusEventsAfter sees them too.
    expect((await statusEventsAfter(db, 0, 100)).every((e) => e.kind === 'monitor.changed')).toBe(true);
  });
});
