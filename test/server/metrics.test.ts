import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { testConfig } from '../helpers/test-config.ts';
import { fixtureKey, fixtureServerId } from '../helpers/panel-fixture.ts';
import { Listener, writeMonitorsFile } from './status-helpers.ts';

/** The value of one sample of the text format, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(dialects)('GET /metrics (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await database.drop();
  });

  it('reports requests by route, probes per monitor, engine calls, the outbox and the process, to loopback only', async () => {
    database = await createTestDatabase(dialect);
    const listener = new Listener(await freePort());
    await listener.open();
    const monitorsFile = writeMonitorsFile({
      monitors: [
        { id: 'up', name: 'Up', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.2 },
        { id: 'gone', name: 'Gone', type: 'tcp', target: `127.0.0.1:${await freePort()}`, intervalSeconds: 0.2, timeoutSeconds: 0.5 },
      ],
    });
    try {
      app = await buildApp(testConfig(database.url, { MONITORS_FILE: monitorsFile, CONTACT_WEBHOOK_URL: 'http://127.0.0.1:9/hook' }));
      await app.ready();
      await app.inject('/api/status');
      await app.inject({ method: 'POST', url: '/api/panel/session', payload: { serverId: fixtureServerId, key: fixtureKey } });
      await app.inject({ method: 'POST', url: '/api/panel/session', payload: { serverId: fixtureServerId, key: 'wrong-key-000000' } });
      // Until both monitors have been probed: one answered, one refused.
      const probed = async () => {
        const text = (await app!.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
        return [
          sample(text, 'hostfront_probe_results_total{monitor="up",result="ok"}'),
          sample(text, 'hostfront_probe_results_total{monitor="gone",result="fail"}'),
        ];
      };
      await expect.poll(async () => (await probed()).every((count) => count !== undefined && count > 0), { timeout: 10_000 }).toBe(true);

      const response = await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      const text = response.body;
      expect(sample(text, 'hostfront_http_request_duration_seconds_count{method="GET",route="/api/status",status_code="200"}')).toBe(1);
      expect(sample(text, 'hostfront_probe_results_total{monitor="up",result="ok"}')).toBeGreaterThan(0);
      expect(sample(text, 'hostfront_probe_results_total{monitor="gone",result="fail"}')).toBeGreaterThan(0);
      expect(sample(text, 'hostfront_probe_latency_seconds{monitor="gone"}')).toBe(0);
      expect(sample(text, 'hostfront_status_prober_leader')).toBe(1);
      expect(sample(text, 'hostfront_status_streams_open')).toBe(0);
      expect(sample(text, 'hostfront_console_sockets_open')).toBe(0);
      expect(sample(text, 'hostfront_panel_engine_duration_seconds_count{driver="local",operation="getServer",outcome="ok"}')).toBe(1);
      expect(sample(text, 'hostfront_panel_engine_duration_seconds_count{driver="local",operation="getServer",outcome="invalid_credentials"}')).toBeGreaterThan(
        0,
      );
      expect(sample(text, 'hostfront_outbox_pending{channel="webhook"}')).toBe(0);
      expect(text).toContain('hostfront_outbox_oldest_pending_age_seconds{channel="webhook"} 0');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(text).toContain('process_resident_memory_bytes');
      if (dialect === 'postgres') expect(sample(text, 'hostfront_db_pool_connections{state="total"}')).toBeGreaterThan(0);

      // Unknown paths share one label, so scanning cannot grow the series.
      await app.inject('/api/no-such-route-1');
      await app.inject('/api/no-such-route-2');
      const after = (await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
      expect(after).not.toContain('no-such-route');
      expect(sample(after, 'hostfront_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(2);

      const remote = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
      expect(remote.statusCode).toBe(403);
      expect(remote.json().error.code).toBe('forbidden');
    } finally {
      await listener.close();
    }
  });

  it('asks for METRICS_TOKEN as a bearer token when one is set, from anywhere', async () => {
    database = await createTestDatabase(dialect);
    app = await buildApp(testConfig(database.url, { METRICS_TOKEN: 'metrics-token-0123456789' }));
    await app.ready();
    const none = await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer metrics-token-0123456780' } });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('hostfront_http_request_duration_seconds');
  });
});
