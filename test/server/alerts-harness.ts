import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { MonitorChange } from '../../server/status-events/status-event-map.ts';
import { recordMonitorChange } from '../../server/status/monitor-changes.ts';
import { createTestDatabase, type dialects, type TestDatabase } from '../helpers/databases.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import type { StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { quietMonitorsFile } from './subscription-fixtures.ts';

/**
 * The shared setup of the alerts tests (test/server/alerts-*.test.ts): a fresh database, a
 * loopback webhook receiver and SMTP inbox per test, the app on a clock the test moves, and the
 * calls the tests make. Call alertsHarness inside the describe: it registers the hooks.
 */

export const fast = {
  outbox: { pollIntervalMs: 50, sendTimeoutMs: 2_000, backoff: { baseMs: 20, maxMs: 200 } },
  // The tests run the jobs when they mean to (runNow), after moving the clock.
  fanOutEveryMs: 3_600_000,
  rulesEveryMs: 3_600_000,
};
export const json = { 'content-type': 'application/json' };
export const minute = 60_000;

export function alertsHarness(dialect: (typeof dialects)[number]) {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let inbox: SmtpInbox & { failNext(count: number): void };
  let offset = 0;
  const clock = () => Date.now() + offset;
  const advance = (ms: number) => {
    offset += ms;
  };
  const apps: FastifyInstance[] = [];
  const monitorsFile = quietMonitorsFile();

  beforeEach(async () => {
    offset = 0;
    database = await createTestDatabase(dialect);
    receiver = await startWebhookReceiver();
    inbox = await startSmtpInbox();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    await receiver.close();
    await inbox.close();
    await database.drop();
  });

  async function openApp(env: Record<string, string> = {}, file = monitorsFile, logStream?: NodeJS.WritableStream): Promise<FastifyInstance> {
    const app = await buildApp(
      testConfig(database.url, {
        MONITORS_FILE: file,
        PUBLIC_URL: 'http://localhost:4321',
        STAFF_TARGETS_ALLOW_PRIVATE: 'true',
        SMTP_URL: inbox.url,
        ...env,
      }),
      { now: clock, alerts: fast, ...(logStream ? { logStream } : {}) },
    );
    apps.push(app);
    await app.ready();
    return app;
  }

  const call = (app: FastifyInstance, who: StaffUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie: who.cookie, origin: 'http://localhost:4321', ...(body === undefined ? {} : json) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  /** A JSON webhook channel to the loopback receiver, at `path`. */
  async function addWebhook(
    app: FastifyInstance,
    admin: StaffUser,
    id: string,
    name: string,
    path: string,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const added = await call(app, admin, 'POST', '/api/staff/alerts/channels', {
      id,
      name,
      kind: 'webhook',
      target: `http://127.0.0.1:${receiver.port}${path}`,
      ...extra,
    });
    expect(added.statusCode, added.body).toBe(201);
  }

  /** One channel of each kind, all pointing at the loopback receiver (or the SMTP inbox). */
  async function everyKind(app: FastifyInstance, admin: StaffUser, extra: Record<string, unknown> = {}): Promise<void> {
    const channels = [
      { id: 'discord', name: 'Ops Discord', kind: 'discord', target: `${receiver.url.replace('/123/token', '/1/discord-secret')}` },
      { id: 'slack', name: 'Ops Slack', kind: 'slack', target: `http://127.0.0.1:${receiver.port}/services/T0/B0/slack-secret` },
      { id: 'hook', name: 'Pager bridge', kind: 'webhook', target: `http://127.0.0.1:${receiver.port}/hook/hook-secret` },
      { id: 'phone', name: 'On-call phone', kind: 'ntfy', target: `http://127.0.0.1:${receiver.port}/hostfront-oncall`, token: 'tk_ntfy-secret' },
      { id: 'mail', name: 'Ops mail', kind: 'email', target: 'ops@example.com' },
    ];
    for (const channel of channels) {
      const added = await call(app, admin, 'POST', '/api/staff/alerts/channels', { ...channel, ...extra });
      expect(added.statusCode, added.body).toBe(201);
    }
  }

  const down = (app: FastifyInstance, monitorId = 'edge', extra: { maintenance?: boolean; locations?: MonitorChange['locations'] } = {}) =>
    recordMonitorChange(app.db, {
      monitorId,
      from: 'operational',
      to: 'down',
      at: clock(),
      maintenance: extra.maintenance ?? false,
      detail: 'connect ECONNREFUSED',
      ...extra,
    });
  const up = (app: FastifyInstance, monitorId = 'edge') =>
    recordMonitorChange(app.db, { monitorId, from: 'down', to: 'operational', at: clock(), maintenance: false });

  async function settle(app: FastifyInstance): Promise<void> {
    await app.jobs.runNow('alerts fan-out');
    await app.jobs.runNow('alerts rules');
    await app.alerts.outbox.idle();
  }

  const byPath = (prefix: string) => receiver.accepted().filter((r) => r.url.startsWith(prefix));

  return {
    get database() {
      return database;
    },
    get receiver() {
      return receiver;
    },
    get inbox() {
      return inbox;
    },
    clock,
    advance,
    apps,
    monitorsFile,
    openApp,
    call,
    addWebhook,
    everyKind,
    down,
    up,
    settle,
    byPath,
  };
}
