import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { PgCoordinator, type CoordinatorEvents, type Round } from '../../server/status/coordination.ts';
import { insertResults, resultsAt } from '../../server/status/status-repository.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';

const log: FastifyBaseLogger = Fastify({ logger: false }).log;

// Leadership and NOTIFY exist only on PostgreSQL.
describe('PostgreSQL coordination', () => {
  let database: TestDatabase;
  let handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    handles = [openDatabase(database.url), openDatabase(database.url)];
    await migrateToLatest(handles[0]!.db, handles[0]!.dialect);
  });
  afterAll(async () => {
    for (const h of handles) await h.db.destroy();
    await database?.drop();
  });

  function coordinator(handle: DatabaseHandle, received: Round[], roles: string[]): { c: PgCoordinator; events: CoordinatorEvents } {
    const c = new PgCoordinator({
      pool: handle.pool!,
      retryMs: 100,
      log,
      loadRound: async (id) => ({
        id,
        updates: (await resultsAt(handle.db, id)).map((r) => ({ id: r.monitorId, status: r.state, latency: r.latency, timestamp: r.at })),
      }),
    });
    const events: CoordinatorEvents = {
      onLeader: () => roles.push('leader'),
      onFollower: () => roles.push('follower'),
      onRound: (round) => received.push(round),
      onResync: () => roles.push('resync'),
    };
    return { c, events };
  }

  it('elects one leader, carries small rounds in the notification and big ones by reference', async () => {
    const receivedA: Round[] = [];
    const receivedB: Round[] = [];
    const rolesA: string[] = [];
    const rolesB: string[] = [];
    const a = coordinator(handles[0]!, receivedA, rolesA);
    const b = coordinator(handles[1]!, receivedB, rolesB);
    await a.c.start(a.events);
    await b.c.start(b.events);
    expect(rolesA).toEqual(['leader']);
    expect(rolesB).toEqual([]);

    const small: Round = { id: 1_000, updates: [{ id: 'edge', status: 'operational', latency: 12, timestamp: 1_000 }] };
    await a.c.publish(small);
    // 400 monitors: far over the 8000-byte NOTIFY limit, so only the round's id travels.
    const at = 2_000;
    const rows = Array.from({ length: 400 }, (_, i) => ({
      monitorId: `monitor-${i}`,
      at,
      ok: true,
      latency: i + 1,
      state: 'operational' as const,
      maintenance: false,
    }));
    await insertResults(handles[0]!.db, rows);
    await a.c.publish({ id: at, updates: rows.map((r) => ({ id: r.monitorId, status: r.state, latency: r.latency, timestamp: at })) });

    const deadline = Date.now() + 5000;
    while (receivedB.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(receivedB[0]).toEqual(small);
    expect(receivedB[1]!.id).toBe(at);
    expect(receivedB[1]!.updates).toHaveLength(400);
    expect(receivedB[1]!.updates.find((u) => u.id === 'monitor-7')).toEqual({ id: 'monitor-7', status: 'operational', latency: 8, timestamp: at });
    // the leader does not receive its own rounds back
    expect(receivedA).toEqual([]);

    // The leader stops: the other takes the lock within its retry time.
    await a.c.stop();
    const stopped = Date.now();
    while (!rolesB.includes('leader') && Date.now() - stopped < 2000) await new Promise((r) => setTimeout(r, 10));
    expect(rolesB).toEqual(['leader']);
    expect(Date.now() - stopped).toBeLessThan(500);
    await b.c.stop();
  });
});
