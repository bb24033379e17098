import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { requireBuild } from '../helpers/built-site.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { staffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { until } from '../helpers/until.ts';
import { Listener, writeMonitorsFile } from './status-helpers.ts';

const origin = 'http://localhost:4321';
const hour = 3_600_000;

/** The island's content and the JSON beside it, as a served page holds them. */
function boardOf(html: string): { island: string; start: { round: number | null; report: { servers: { id: string; status: string }[] } } } {
  const island = /<astro-island\b[^>]*component-export="StatusBoard"[^>]*>([\s\S]*?)<\/astro-island>/.exec(html)?.[1] ?? '';
  const json = /<script type="application\/json" id="status-board-start">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return { island, start: json ? JSON.parse(json) : undefined };
}
const historyOf = (html: string) => /<astro-island\b[^>]*component-export="StatusHistory"[^>]*>([\s\S]*?)<\/astro-island>/.exec(html)?.[1] ?? '';

/**
 * The status pages as the server renders them (docs/decisions.md 147), on both dialects: the
 * served /network-status holds the board as it is now (the built page holds a skeleton), and
 * follows a probe's result, an incident and a maintenance window opening by the app's clock;
 * the history holds its list; each change gives the page a new ETag and a 304 holds between
 * changes; on PostgreSQL a change made on another instance reaches this one's page.
 */
describe.each(dialects)('server-rendered status pages on %s', (dialect) => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  let now = Date.parse('2026-11-28T12:00:00Z');

  beforeEach(async () => {
    requireBuild();
    now = Date.parse('2026-11-28T12:00:00Z');
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    await database.drop();
  });

  async function openApp(env: Record<string, string>): Promise<FastifyInstance> {
    const app = await buildApp(testConfig(database.url, { PUBLIC_URL: origin, STAFF_TARGETS_ALLOW_PRIVATE: 'true', ...env }), {
      now: () => now,
      statusPages: { everyMs: 100 },
    });
    apps.push(app);
    await app.ready();
    return app;
  }
  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('serves the board as the probes find it, and follows a server going down', async () => {
    const listener = new Listener(await freePort());
    await listener.open();
    try {
      const file = writeMonitorsFile({
        monitors: [
          { id: 'edge', name: 'Edge - 01', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.2, timeoutSeconds: 1, failuresBeforeDown: 2 },
        ],
      });
      const app = await openApp({ MONITORS_FILE: file });
      const up = await until(
        async () => boardOf((await get(app, '/network-status')).body),
        (b) => b.start?.report.servers[0]?.status === 'operational' && b.island.includes('Operational'),
        'the served board saying operational',
      );
      expect(up.island).toContain('data-ready="true"');
      expect(up.island).toContain('Edge - 01');
      // The board's data is beside it, and the round it names is the board's newest.
      expect(up.start.round).toBeGreaterThan(0);

      await listener.close();
      const down = await until(
        async () => boardOf((await get(app, '/network-status')).body),
        (b) => b.start?.report.servers[0]?.status === 'down',
        'the served board saying down',
        10_000,
      );
      expect(down.island).toMatch(/>Down</);
      expect(down.start.round).toBeGreaterThan(up.start.round!);
    } finally {
      await listener.close().catch(() => {});
    }
  });

  it('follows incidents and a maintenance window opening by the clock, with a new ETag for each change and 304 between', async () => {
    const file = writeMonitorsFile({ monitors: [{ id: 'web', name: 'Web', type: 'http', target: 'http://127.0.0.1:9/', intervalSeconds: 60 }] });
    const app = await openApp({ MONITORS_FILE: file, STATUS_PROBER: 'standby' });
    const support = await staffUser(app, 'support@example.com', 'support');
    const staff = (method: 'POST', url: string, body: object) =>
      app.inject({ method, url, headers: { cookie: support.cookie, origin, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

    const first = await get(app, '/network-status');
    expect(first.statusCode).toBe(200);
    expect(boardOf(first.body).island).toContain('Web');
    const etag = first.headers.etag as string;
    // Nothing changed: the same page, a 304 to a revalidation, in every encoding.
    expect((await get(app, '/network-status', { 'if-none-match': etag })).statusCode).toBe(304);
    const br = await get(app, '/network-status', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect((await get(app, '/network-status', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).statusCode).toBe(304);
    const history = await get(app, '/network-status/history');
    expect(historyOf(history.body).replaceAll('<!-- -->', '')).toContain('No incidents or maintenance in the last 90 days');
    // The no-JavaScript note is for the page as built: the list is in this one.
    expect(history.body).not.toContain('This list needs JavaScript');

    const created = await staff('POST', '/api/staff/incidents', {
      title: 'Packet loss in Mumbai',
      impact: 'major',
      monitorIds: ['web'],
      state: 'investigating',
      message: 'Looking into it.',
    });
    expect(created.statusCode).toBe(201);
    const withIncident = await until(
      () => get(app, '/network-status'),
      (r) => boardOf(r.body).island.includes('Packet loss in Mumbai'),
      'the incident on the served board',
    );
    expect(withIncident.headers.etag).not.toBe(etag);
    expect((await get(app, '/network-status', { 'if-none-match': etag })).statusCode).toBe(200);
    expect((await get(app, '/network-status', { 'if-none-match': withIncident.headers.etag as string })).statusCode).toBe(304);
    const listed = await until(
      () => get(app, '/network-status/history'),
      (r) => historyOf(r.body).includes('Packet loss in Mumbai'),
      'the incident in the served history',
    );
    expect(historyOf(listed.body)).toContain(`id="incident-${created.json().id}"`);
    expect(listed.headers.etag).not.toBe(history.headers.etag);

    const scheduled = await staff('POST', '/api/staff/maintenance', {
      title: 'Router firmware',
      message: 'New firmware on the edge routers.',
      monitorIds: ['web'],
      startsAt: new Date(now + hour).toISOString(),
      endsAt: new Date(now + 2 * hour).toISOString(),
    });
    expect(scheduled.statusCode).toBe(201);
    const before = await until(
      () => get(app, '/network-status'),
      (r) => /data-testid="maintenance-state"[^>]*>Scheduled</.test(boardOf(r.body).island),
      'the window on the served board, scheduled',
    );
    now += hour + 1000;
    const opened = await until(
      () => get(app, '/network-status'),
      (r) => /data-testid="maintenance-state"[^>]*>In progress</.test(boardOf(r.body).island),
      'the window on the served board, in progress',
    );
    expect(opened.headers.etag).not.toBe(before.headers.etag);
  });

  // Only PostgreSQL tells other instances (LISTEN/NOTIFY); SQLite has one instance per file.
  if (dialect === 'postgres')
    it('follows an incident made on another instance', async () => {
      const file = writeMonitorsFile({ monitors: [{ id: 'web', name: 'Web', type: 'http', target: 'http://127.0.0.1:9/', intervalSeconds: 60 }] });
      const one = await openApp({ MONITORS_FILE: file, STATUS_PROBER: 'standby' });
      // The other instance reads no more on its own than once an hour: what it shows, it was told.
      const two = await buildApp(testConfig(database.url, { PUBLIC_URL: origin, MONITORS_FILE: file, STATUS_PROBER: 'standby' }), {
        now: () => now,
        statusPages: { everyMs: hour },
      });
      apps.push(two);
      await two.ready();
      expect(boardOf((await get(two, '/network-status')).body).island).not.toContain('Packet loss in Mumbai');
      const support = await staffUser(one, 'support@example.com', 'support');
      const created = await one.inject({
        method: 'POST',
        url: '/api/staff/incidents',
        headers: { cookie: support.cookie, origin, 'content-type': 'application/json' },
        payload: JSON.stringify({ title: 'Packet loss in Mumbai', impact: 'major', monitorIds: ['web'], state: 'investigating', message: 'Looking into it.' }),
      });
      expect(created.statusCode).toBe(201);
      await until(
        async () => boardOf((await get(two, '/network-status')).body).island,
        (island) => island.includes('Packet loss in Mumbai'),
        'the incident on the other instance’s served board',
      );
      await until(
        async () => historyOf((await get(two, '/network-status/history')).body),
        (list) => list.includes('Packet loss in Mumbai'),
        'the incident in the other instance’s served history',
      );
    });
});
