import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../contracts/status.ts';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { staffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { writeMonitorsFile } from './status-helpers.ts';

/**
 * What the public board says of the monitors (issue 34): each one's probe interval and the range,
 * a failure's kind in words without the address it failed at, and each location's line as it was
 * stored, an agent's buffered batch included.
 */
describe.each(dialects)('the board in words (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens = new Map<string, string>();

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    app = await buildApp(
      testConfig(database.url, {
        MONITORS_FILE: writeMonitorsFile({
          monitors: [
            { id: 'web', name: 'Web', type: 'http', target: 'http://127.0.0.1:9/', intervalSeconds: 10, failuresBeforeDown: 1 },
            { id: 'game', name: 'Game', type: 'tcp', target: '127.0.0.1:9', intervalSeconds: 30, failuresBeforeDown: 1 },
          ],
        }),
        // The site's own prober steps aside once an agent reports: the agents below decide.
        STATUS_PROBER: 'standby',
      }),
    );
    await app.ready();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    for (const location of ['singapore', 'frankfurt']) {
      const made = await app.inject({ method: 'POST', url: '/api/staff/probe-agents', headers: { cookie: admin.cookie }, payload: { location } });
      tokens.set(location, (made.json() as { token: string }).token);
    }
  });
  afterEach(async () => {
    await app?.close();
    await database?.drop();
  });

  const send = async (location: string, results: object[]) => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/probes/results',
      headers: { authorization: `Bearer ${tokens.get(location)}` },
      payload: { results },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  };
  const report = async () => (await app.inject('/api/status')).json() as StatusReport;

  it("says each monitor's interval and the range of them", async () => {
    const board = await report();
    expect(board.servers.map((s) => [s.id, s.intervalSeconds])).toEqual([
      ['web', 10],
      ['game', 30],
    ]);
    expect(board.summary).toMatchObject({ intervalSeconds: 10, longestIntervalSeconds: 30 });
  });

  it('words each failure by its kind, per location and for the monitor, and shows no address, also after a restart', async () => {
    const at = Date.now();
    await send('singapore', [
      { monitorId: 'web', at, ok: false, latency: 0, error: 'HTTP 503' },
      { monitorId: 'game', at, ok: false, latency: 0, error: 'connect ECONNREFUSED 203.0.113.7:25565' },
    ]);
    await send('frankfurt', [
      { monitorId: 'web', at: at + 1, ok: false, latency: 0, error: 'no response within 5000 ms' },
      { monitorId: 'game', at: at + 1, ok: false, latency: 0, error: 'getaddrinfo ENOTFOUND game.internal.example' },
    ]);
    const check = (board: StatusReport) => {
      const line = (id: string, location: string) => board.servers.find((s) => s.id === id)!.locations!.find((l) => l.location === location)!;
      expect(line('web', 'singapore')).toMatchObject({ latency: 0, failure: 'HTTP 503' });
      expect(line('web', 'frankfurt')).toMatchObject({ latency: 0, failure: 'Timed out' });
      expect(line('game', 'singapore')).toMatchObject({ latency: 0, failure: 'Connection refused' });
      expect(line('game', 'frankfurt')).toMatchObject({ latency: 0, failure: 'DNS: name not found' });
      for (const s of board.servers) {
        expect(s.status).toBe('down');
        expect(['HTTP 503', 'Timed out', 'Connection refused', 'DNS: name not found']).toContain(s.failure);
      }
      const text = JSON.stringify(board);
      for (const leak of ['203.0.113.7', 'ECONNREFUSED', 'ENOTFOUND', 'game.internal.example', '127.0.0.1']) expect(text).not.toContain(leak);
    };
    check(await report());
    // After a restart the board is read from the database: the same words.
    await app.status.service.live.reload();
    check(await report());
    // It answers again: no failure is left on the board.
    await send('singapore', [{ monitorId: 'web', at: at + 2, ok: true, latency: 12 }]);
    await send('frankfurt', [{ monitorId: 'web', at: at + 3, ok: true, latency: 14 }]);
    const web = (await report()).servers.find((s) => s.id === 'web')!;
    expect(web.failure).toBeUndefined();
    expect(web.locations!.find((l) => l.location === 'singapore')!.failure).toBeUndefined();
  });

  it("shows an agent's buffered results on its location's line, as they were stored", async () => {
    const now = Date.now();
    const interval = 10_000;
    // Frankfurt keeps reporting; Singapore reports, is cut off for two minutes, then sends its buffer.
    await send('frankfurt', [{ monitorId: 'web', at: now - 130_000, ok: true, latency: 20 }]);
    await send('singapore', [{ monitorId: 'web', at: now - 130_000, ok: true, latency: 30 }]);
    const buffered = Array.from({ length: 13 }, (_, i) => ({ monitorId: 'web', at: now - 120_000 + i * interval, ok: true, latency: 40 + i }));
    // The buffer in two batches, the older one all stale (it decides nothing), as an agent sends 1,000 at a time.
    await send('singapore', buffered.slice(0, 6));
    await send('frankfurt', [{ monitorId: 'web', at: now - 5_000, ok: true, latency: 21 }]);
    await send('singapore', buffered.slice(6));
    const stored = await app.db
      .selectFrom('status_location_result')
      .select(['at', 'latency'])
      .where('monitor_id', '=', 'web')
      .where('location', '=', 'singapore')
      .orderBy('at')
      .execute();
    expect(stored).toHaveLength(14);
    const line = (await report()).servers.find((s) => s.id === 'web')!.locations!.find((l) => l.location === 'singapore')!;
    expect(line.history).toEqual(stored.map((r) => ({ timestamp: Number(r.at), latency: Number(r.latency) })));
    // What a restart reads from the database: the same line.
    await app.status.service.live.reload();
    const again = (await report()).servers.find((s) => s.id === 'web')!.locations!.find((l) => l.location === 'singapore')!;
    expect(again.history).toEqual(line.history);
  });
});
