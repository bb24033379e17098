import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { runAgentsCli } from '../../server/probe-locations/agents-cli.ts';
import { monitorChangesAfter } from '../../server/status/monitor-changes.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';
import { until } from '../helpers/until.ts';
import { writeMonitorsFile } from './status-helpers.ts';

const locations = ['delhi-ncr', 'singapore', 'frankfurt'] as const;

describe('agents reporting to two instances on PostgreSQL', () => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // Nothing listens on port 9, but the site's own prober stands by while the agents report (the test is the agents).
    const file = writeMonitorsFile({ monitors: [{ id: 'web', name: 'Web', type: 'tcp', target: '127.0.0.1:9', intervalSeconds: 60, failuresBeforeDown: 1 }] });
    a = await buildApp(testConfig(database.url, { MONITORS_FILE: file, STATUS_PROBER: 'standby' }));
    await a.ready();
    b = await buildApp(testConfig(database.url, { MONITORS_FILE: file, STATUS_PROBER: 'standby' }));
    await b.ready();
    for (const location of locations) {
      await runAgentsCli(['add', location], { db: a.db, out: (line) => tokens.set(location, line), err: () => {} });
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  const send = (app: FastifyInstance, location: string, at: number, ok: boolean) =>
    app.inject({
      method: 'POST',
      url: '/api/probes/results',
      headers: { authorization: `Bearer ${tokens.get(location)}` },
      payload: { results: [{ monitorId: 'web', at, ok, latency: ok ? 10 : 0, ...(ok ? {} : { error: 'HTTP 503' }) }] },
    });

  it('makes one sequence of decisions wherever each batch lands, and both boards show it', async () => {
    // What the site's own prober decided before the agents reported is not this test's.
    const before = (await monitorChangesAfter(a.db, 0, 100)).at(-1)?.id ?? 0;
    const start = Date.now();
    // Round after round, every location at once, each to either instance, all in flight together.
    for (let round = 0; round < 6; round++) {
      const at = start + round * 10;
      // Rounds 2-3: two locations fail (down); round 4 on: all recover.
      const failing = round >= 2 && round <= 3 ? ['delhi-ncr', 'singapore'] : [];
      const answers = await Promise.all(locations.map((l, i) => send((round + i) % 2 ? a : b, l, at, !failing.includes(l))));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    }
    const changes = (await monitorChangesAfter(a.db, before, 100)).map((e) => e.payload);
    // Never down twice, never a change that repeats the state before it: one decider.
    const downs = changes.filter((c) => c.to === 'down');
    expect(downs).toHaveLength(1);
    for (let i = 1; i < changes.length; i++) expect(changes[i]!.from).toBe(changes[i - 1]!.to);
    expect(changes.at(-1)!.to).toBe('operational');
    // Decided results' times only go forward.
    const times = (await a.db.selectFrom('status_result').select('at').where('monitor_id', '=', 'web').orderBy('id').execute()).map((r) => Number(r.at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(new Set(times).size).toBe(times.length);
    for (const app of [a, b]) {
      await until(
        async () => ((await app.inject('/api/status')).json() as { servers: { status: string }[] }).servers[0]!.status,
        (s) => s === 'operational',
        'both instances to show the decision',
      );
    }
  });
});
