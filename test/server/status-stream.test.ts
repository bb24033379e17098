import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { SseHub } from '../../server/status-events/sse-hub.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { testConfig } from '../helpers/test-config.ts';
import { latestStatus, Listener, SseClient, writeMonitorsFile } from './status-helpers.ts';

describe.each(dialects)('status board and stream on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let listener: Listener;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    listener = new Listener(await freePort());
    await listener.open();
    const monitorsFile = writeMonitorsFile({
      monitors: [
        { id: 'edge', name: 'Edge - 01', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.2, timeoutSeconds: 1, failuresBeforeDown: 2 },
      ],
      incidents: [{ id: 'ddos', title: 'DDoS mitigation active in Mumbai', startedAt: '2026-11-01T10:00:00Z' }],
    });
    app = await buildApp(testConfig(database.url, { MONITORS_FILE: monitorsFile }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
    await listener?.close();
    await database?.drop();
  });

  it('streams serverStatus after every round, and follows the listener going down and coming back', async () => {
    const client = await SseClient.open(`${base}/api/status/stream`);
    expect(client.response.statusCode).toBe(200);
    expect(client.response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(client.response.headers['x-accel-buffering']).toBe('no');
    expect(client.response.headers['cache-control']).toContain('no-cache');

    await client.waitFor((c) => latestStatus(c, 'edge') === 'operational', 10_000, 'operational');
    const before = client.updates().length;
    await client.waitFor((c) => c.updates().length >= before + 3, 5000, 'three more rounds');
    const recent = client.updates().slice(-3);
    for (const u of recent) {
      expect(u.data).toEqual([{ id: 'edge', status: 'operational', latency: expect.any(Number), timestamp: u.id }]);
      expect(u.data[0]!.latency).toBeGreaterThan(0);
    }
    // ids increase round after round
    expect(recent.map((u) => u.id)).toEqual([...recent.map((u) => u.id)].sort((a, b) => a - b));

    await listener.close();
    await client.waitFor((c) => latestStatus(c, 'edge') === 'down', 10_000, 'down');
    // one failure is not enough: the round before down still said operational with latency 0
    const statuses = client.updates().map((u) => u.data[0]!);
    const firstDown = statuses.findIndex((s) => s.status === 'down');
    expect(statuses[firstDown - 1]).toMatchObject({ status: 'operational', latency: 0 });

    await listener.open();
    await client.waitFor((c) => latestStatus(c, 'edge') === 'operational', 10_000, 'operational again');
    client.close();
  });

  it('resumes from Last-Event-ID with exactly the events missed', async () => {
    const first = await SseClient.open(`${base}/api/status/stream`);
    await first.waitFor((c) => c.updates().length >= 2, 5000, 'two events');
    const resumeFrom = first.updates()[1]!.id;
    await first.waitFor((c) => c.updates().length >= 6, 5000, 'six events');
    const second = await SseClient.open(`${base}/api/status/stream`, { 'last-event-id': String(resumeFrom) });
    await second.waitFor((c) => c.updates().length >= 4, 5000, 'resumed events');
    const expected = first
      .updates()
      .map((u) => u.id)
      .filter((id) => id > resumeFrom)
      .slice(0, 4);
    expect(
      second
        .updates()
        .slice(0, 4)
        .map((u) => u.id),
    ).toEqual(expected);
    first.close();
    second.close();
  });

  it('starts a fresh subscriber with the latest state', async () => {
    const client = await SseClient.open(`${base}/api/status/stream`);
    await client.waitFor((c) => c.updates().length >= 1, 2000, 'the snapshot');
    expect(client.updates()[0]!.data.map((d) => d.id)).toEqual(['edge']);
    client.close();
  });

  it('serves GET /api/status computed from the stored readings', async () => {
    const response = await fetch(`${base}/api/status`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      summary: { banner: string; monitored: number; uptime90d: number | null; openIncidents: number };
      incidents: { title: string; impact: string; updates: { message: string }[] }[];
      servers: { id: string; name: string; status: string; latency: number; uptime: number | null; history: { timestamp: number; latency: number }[] }[];
    };
    expect(body.summary.monitored).toBe(1);
    // The file's incident became an incident of the database on the first start: open, minor.
    expect(body.incidents).toMatchObject([
      { title: 'DDoS mitigation active in Mumbai', impact: 'minor', updates: [{ message: 'DDoS mitigation active in Mumbai' }] },
    ]);
    expect(body.summary.openIncidents).toBe(1);
    const [edge] = body.servers;
    expect(edge).toMatchObject({ id: 'edge', name: 'Edge - 01', status: 'operational' });
    // The probes say operational, the open minor incident says degraded: the worse wins.
    expect(body.summary.banner).toBe('Degraded Performance');
    expect(edge!.history.length).toBeGreaterThan(5);
    expect(edge!.history.length).toBeLessThanOrEqual(30);
    // The listener was down for some rounds in the first test: measured uptime is below 100.
    expect(edge!.uptime).toBeGreaterThan(0);
    expect(edge!.uptime).toBeLessThan(100);
    expect(body.summary.uptime90d).toBe(edge!.uptime);
    // the history is the newest stored readings, oldest first
    const shownUntil = edge!.history.at(-1)!.timestamp;
    const stored = await app.db
      .selectFrom('status_result')
      .select(['at', 'latency'])
      .where('monitor_id', '=', 'edge')
      .where('at', '<=', shownUntil)
      .orderBy('at', 'desc')
      .limit(edge!.history.length)
      .execute();
    expect(stored.reverse().map((r) => ({ timestamp: Number(r.at), latency: Number(r.latency) }))).toEqual(edge!.history);
  });

  it('ends open streams when the app closes', async () => {
    const client = await SseClient.open(`${base}/api/status/stream`);
    await client.waitFor((c) => c.updates().length >= 1, 2000, 'an event');
    const started = Date.now();
    await app.close();
    await client.waitFor((c) => c.ended, 3000, 'the end of the stream');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('SSE hub', () => {
  it('sends a heartbeat comment to every subscriber on its timer', async () => {
    const { createServer } = await import('node:http');
    const hub = new SseHub({ heartbeatMs: 50 });
    const server = createServer((req, res) => hub.subscribe(req, res, undefined, req.socket.remoteAddress ?? '', () => undefined));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const clients = await Promise.all([0, 1, 2].map(() => SseClient.open(`http://127.0.0.1:${port}/`)));
    await Promise.all(clients.map((c) => c.waitFor((x) => x.comments >= 2, 2000, 'heartbeats')));
    hub.publish(7, [{ id: 'x', status: 'down', latency: 0, timestamp: 7 }]);
    await Promise.all(clients.map((c) => c.waitFor((x) => x.updates().length === 1, 2000, 'the event')));
    expect(hub.size).toBe(3);
    hub.close();
    await Promise.all(clients.map((c) => c.waitFor((x) => x.ended, 2000, 'end')));
    server.close();
  });
});

describe('live stream limits', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const monitorsFile = writeMonitorsFile({ monitors: [], incidents: [] });
    // Behind a proxy, so each test client can come from an address of its own.
    app = await buildApp(
      testConfig(database.url, { MONITORS_FILE: monitorsFile, TRUST_PROXY: '127.0.0.1', STATUS_STREAMS_PER_ADDRESS: '2', STATUS_STREAMS_TOTAL: '3' }),
    );
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const from = (address: string) => SseClient.open(`${base}/api/status/stream`, { 'x-forwarded-for': address });
  const bodyOf = async (client: SseClient) => {
    await client.waitFor((c) => c.ended, 2000, 'the refusal to end');
    return JSON.parse(client.text()) as unknown;
  };

  it('refuses a client address over its share with 429 and a full instance with 503, and counts closed streams out', async () => {
    const a1 = await from('203.0.113.1');
    const a2 = await from('203.0.113.1');
    expect([a1.response.statusCode, a2.response.statusCode]).toEqual([200, 200]);

    const a3 = await from('203.0.113.1');
    expect(a3.response.statusCode).toBe(429);
    expect(a3.response.headers['retry-after']).toBe('30');
    expect(a3.response.headers['content-type']).toMatch(/^application\/json/);
    expect(await bodyOf(a3)).toEqual({ error: { code: 'too_many_streams', message: expect.stringContaining('At most 2 live status streams') } });

    // Another address still gets its stream, until the instance is full.
    const b1 = await from('203.0.113.2');
    expect(b1.response.statusCode).toBe(200);
    const c1 = await from('203.0.113.3');
    expect(c1.response.statusCode).toBe(503);
    expect(await bodyOf(c1)).toEqual({ error: { code: 'busy', message: expect.any(String) } });

    // A closed stream frees its place, for its address and for the instance.
    a1.close();
    const deadline = Date.now() + 3000;
    let again = await from('203.0.113.1');
    while (again.response.statusCode !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await from('203.0.113.1');
    }
    expect(again.response.statusCode).toBe(200);
    for (const client of [a2, b1, again]) client.close();
  });
});
