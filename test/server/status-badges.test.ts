import type { FastifyInstance } from 'fastify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { uptimeText } from '../../server/badges/badge-svg.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';
import { writeMonitorsFile } from './status-helpers.ts';

/** The SVG parses as XML, is an <svg> in the SVG namespace, and its text (what people read) is returned. */
function readBadge(body: string): string {
  expect(XMLValidator.validate(body)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false }).parse(body) as { svg: Record<string, unknown> };
  expect(parsed.svg['@_xmlns']).toBe('http://www.w3.org/2000/svg');
  return String((parsed.svg.title as string | undefined) ?? '');
}

describe.each(dialects)('status badges and the ping endpoint (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    // Nothing listens on port 9: the prober finds edge down, and it has never been stopped by a badge.
    const monitors = writeMonitorsFile({
      monitors: [
        { id: 'edge', name: 'Edge - 01', type: 'tcp', target: '127.0.0.1:9', intervalSeconds: 3600, timeoutSeconds: 1, failuresBeforeDown: 1 },
        { id: 'fresh', name: 'Fresh - 02', type: 'tcp', target: '127.0.0.1:9', intervalSeconds: 3600, timeoutSeconds: 1 },
      ],
    });
    app = await buildApp(testConfig(database.url, { MONITORS_FILE: monitors }));
    // Ninety-nine good hours and one bad one, and 98 good readings of 99 today, stored as the prober stores them.
    const hour = 3600_000;
    const now = Math.floor(Date.now() / hour) * hour;
    await app.db
      .insertInto('status_hourly')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          monitor_id: 'edge',
          hour: now - (i + 1) * hour,
          checks: 60,
          up: i === 3 ? 0 : 60,
          ok: i === 3 ? 0 : 60,
          latency_sum: 600,
        })),
      )
      .execute();
    await app.db
      .insertInto('status_result')
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          monitor_id: 'edge',
          at: Date.now() - (i + 1) * 60_000,
          ok: i === 50 ? 0 : 1,
          latency: 12,
          state: i === 50 ? 'down' : 'operational',
        })),
      )
      .execute();
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  it('draws a monitor’s state as valid SVG, cached for a minute', async () => {
    await expect.poll(async () => (await app.inject('/api/status')).json().servers[0].status, { timeout: 10_000 }).toBe('down');
    const response = await app.inject('/api/status/badges/edge.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(readBadge(response.body)).toBe('Edge - 01: down');
  });

  it('draws the measured uptime of each window, never rounded up, and "no data" before any measurement', async () => {
    const d30 = await app.inject('/api/status/badges/edge.svg?uptime=30d');
    expect(d30.statusCode).toBe(200);
    // 99 good hours of 100 stored, plus whatever the prober measured since start.
    expect(readBadge(d30.body)).toMatch(/^Edge - 01 uptime 30 days: 9\d(\.\d{1,2})?%$/);
    const h24 = readBadge((await app.inject('/api/status/badges/edge.svg?uptime=24h')).body);
    // 98 of 99 (98.98…%, not rounded up), or 98 of 100 once the prober's first reading (down) is in.
    expect(h24).toMatch(/^Edge - 01 uptime 24 h: 98(\.98)?%$/);
    expect(readBadge((await app.inject('/api/status/badges/edge.svg?uptime=90d')).body)).toMatch(/uptime 90 days: 9\d/);
    expect(readBadge((await app.inject('/api/status/badges/fresh.svg?uptime=90d')).body)).toMatch(/^Fresh - 02 uptime 90 days: (no data|0%)$/);
    expect(uptimeText(99.996)).toBe('99.99%');
    expect(uptimeText(100)).toBe('100%');
    expect(uptimeText(99.5)).toBe('99.5%');
  });

  it('answers an unknown monitor with 404 and a valid SVG that says so; a bad window with 400', async () => {
    for (const url of ['/api/status/badges/nope.svg', '/api/status/badges/edge', '/api/status/badges/%3Cscript%3E.svg']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(readBadge(response.body)).toBe('status: unknown monitor');
    }
    const bad = await app.inject('/api/status/badges/edge.svg?uptime=7y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.uptime).toMatch(/24h, 30d, 90d/);
  });

  it('answers from stored data while nothing probes', async () => {
    await app.close();
    // The same database, now with a monitors file whose prober never gets an answer in time: the
    // badge must not wait for it.
    const slow = writeMonitorsFile({
      monitors: [{ id: 'edge', name: 'Edge - 01', type: 'tcp', target: '192.0.2.1:25565', intervalSeconds: 3600, timeoutSeconds: 30 }],
    });
    app = await buildApp(testConfig(database.url, { MONITORS_FILE: slow }));
    await app.ready();
    const started = performance.now();
    const response = await app.inject('/api/status/badges/edge.svg?uptime=30d');
    expect(performance.now() - started).toBeLessThan(500);
    expect(readBadge(response.body)).toMatch(/^Edge - 01 uptime 30 days: 9\d(\.\d{1,2})?%$/);
  });

  it('GET /api/ping answers 204, empty and uncached, to any origin', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/ping', headers: { origin: 'https://elsewhere.example' } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['timing-allow-origin']).toBe('*');
  });
});
