import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { EventOrigin } from '../../server/status-events/status-events.ts';
import type { StatusEventOf } from '../../server/status-events/status-event-map.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { until } from '../helpers/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { writeMonitorsFile } from './status-helpers.ts';

const origin = 'http://localhost:4321';
const json = { 'content-type': 'application/json' };
/** Nothing listens on port 9: the monitor is down wherever it is probed (the incidents name it). */
const monitorsFile = () =>
  writeMonitorsFile({
    monitors: [{ id: 'web', name: 'Web', type: 'http', target: 'http://127.0.0.1:9/', intervalSeconds: 60, failuresBeforeDown: 1 }],
  });

const call = (app: FastifyInstance, who: StaffUser, method: 'GET' | 'POST', url: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: { cookie: who.cookie, origin, ...(body === undefined ? {} : json) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const newIncident = { title: 'Packet loss in Mumbai', impact: 'major', monitorIds: ['web'], state: 'investigating', message: 'Looking into it.' };

type Heard = { event: StatusEventOf<'incident.created'>; origin: EventOrigin };

describe.each(dialects)('status events on %s', (dialect) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  const apps: FastifyInstance[] = [];

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    await receiver.close();
    await database.drop();
  });

  async function openApp(file = monitorsFile(), options: Parameters<typeof buildApp>[1] = {}): Promise<FastifyInstance> {
    const app = await buildApp(
      testConfig(database.url, { MONITORS_FILE: file, PUBLIC_URL: origin, STAFF_TARGETS_ALLOW_PRIVATE: 'true', STATUS_PROBER: 'standby' }),
      options,
    );
    apps.push(app);
    await app.ready();
    return app;
  }

  it('hands a published incident to a subscriber of its kind, typed, and not to one of another kind', async () => {
    const app = await openApp();
    const support = await staffUser(app, 'support@example.com', 'support');
    const heard: Heard[] = [];
    const other: unknown[] = [];
    app.statusEvents.subscribe(['incident.created'], (event, from) => {
      heard.push({ event, origin: from });
    });
    app.statusEvents.subscribe(['maintenance.scheduled', 'monitor.changed'], (event) => {
      if (event.kind === 'maintenance.scheduled') other.push(event);
    });

    const created = await call(app, support, 'POST', '/api/staff/incidents', newIncident);
    expect(created.statusCode, created.body).toBe(201);
    // Published before the answer: the subscriber has it already.
    expect(heard).toHaveLength(1);
    expect(heard[0]!.origin).toBe('here');
    expect(heard[0]!.event).toMatchObject({
      kind: 'incident.created',
      subjectId: created.json().id,
      payload: { title: 'Packet loss in Mumbai', impact: 'major' },
    });
    const [logged] = await app.db.selectFrom('status_event').select(['id', 'kind']).where('kind', '=', 'incident.created').execute();
    expect(heard[0]!.event.id).toBe(Number(logged!.id));
    expect(other).toEqual([]);
  });

  it("wakes alerts' fan-out with an agent's decided change, without waiting for its poll", async () => {
    // The site's own prober finds the target answering; the agent, once it reports, decides alone (standby).
    const target = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => target.close(() => resolve())));
    const file = writeMonitorsFile({
      monitors: [
        {
          id: 'web',
          name: 'Web',
          type: 'http',
          target: `http://127.0.0.1:${(target.address() as AddressInfo).port}/`,
          intervalSeconds: 60,
          failuresBeforeDown: 1,
        },
      ],
    });
    // The fan-out's own tick is an hour away: only the publication can wake it.
    const app = await openApp(file, {
      alerts: { fanOutEveryMs: 3_600_000, rulesEveryMs: 3_600_000, outbox: { pollIntervalMs: 50, backoff: { baseMs: 20, maxMs: 200 } } },
    });
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    const added = await call(app, admin, 'POST', '/api/staff/alerts/channels', {
      id: 'hook',
      name: 'Pager bridge',
      kind: 'webhook',
      target: `http://127.0.0.1:${receiver.port}/hook`,
    });
    expect(added.statusCode, added.body).toBe(201);
    const made = await call(app, admin, 'POST', '/api/staff/probe-agents', { location: 'singapore' });
    expect(made.statusCode, made.body).toBe(201);
    const { token } = made.json() as { token: string };
    const changes: string[] = [];
    app.statusEvents.subscribe(['monitor.changed'], (event) => {
      changes.push(`${event.payload.monitorId}:${event.payload.to}`);
    });

    const sent = await app.inject({
      method: 'POST',
      url: '/api/probes/results',
      headers: { authorization: `Bearer ${token}` },
      payload: { results: [{ monitorId: 'web', at: Date.now(), ok: false, latency: 0, error: 'HTTP 503' }] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await receiver.waitFor((r) => r.accepted().some((request) => request.url === '/hook'), 5_000);
    expect(changes).toContain('web:down');
    const alerts = (await call(app, admin, 'GET', '/api/staff/alerts')).json() as { alerts: { monitorId: string; state: string }[] };
    expect(alerts.alerts).toMatchObject([{ monitorId: 'web' }]);
  });

  if (dialect === 'postgres')
    it('reaches the subscribers and open boards of another instance, which reads its incidents again', async () => {
      const one = await openApp();
      const two = await openApp();
      const support = await staffUser(one, 'support@example.com', 'support');
      const heard: Heard[] = [];
      two.statusEvents.subscribe(['incident.created'], (event, from) => {
        heard.push({ event, origin: from });
      });

      const created = await call(one, support, 'POST', '/api/staff/incidents', newIncident);
      expect(created.statusCode, created.body).toBe(201);
      await until(
        async () => heard.length,
        (n) => n === 1,
        'the other instance to hear the incident',
      );
      expect(heard[0]).toMatchObject({ origin: 'elsewhere', event: { kind: 'incident.created', payload: { title: 'Packet loss in Mumbai' } } });
      // Its subscriber ran after the incidents capability read its copy again: the board shows it.
      const board = (await two.inject('/api/status')).json() as { incidents: { title: string }[] };
      expect(board.incidents).toMatchObject([{ title: 'Packet loss in Mumbai' }]);
    });
});
