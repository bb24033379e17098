import http from 'node:http';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { shellOperator } from '../../server/staff/staff-service.ts';
import type { MonitorChange } from '../../server/status-events/status-event-map.ts';
import { recordMonitorChange } from '../../server/status/monitor-changes.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { auditRows, staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { waitFor } from '../helpers/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { monitorsCli, writeMonitorsFile } from './status-helpers.ts';
import { quietMonitorsFile } from './subscription-fixtures.ts';

const fast = {
  outbox: { pollIntervalMs: 50, sendTimeoutMs: 2_000, backoff: { baseMs: 20, maxMs: 200 } },
  // The tests run the jobs when they mean to (runNow), after moving the clock.
  fanOutEveryMs: 3_600_000,
  rulesEveryMs: 3_600_000,
};
const json = { 'content-type': 'application/json' };
const minute = 60_000;

describe.each(dialects)('alerts to the team (%s)', (dialect) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let inbox: SmtpInbox & { failNext(count: number): void };
  let offset = 0;
  const clock = () => Date.now() + offset;
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

  it('alerts each channel once when a monitor goes down, in each one’s shape, prepares a draft incident, and tells the recovery once', async () => {
    const app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    await everyKind(app, admin);

    await down(app, 'edge', {
      locations: [
        { location: 'delhi-ncr', state: 'operational' },
        { location: 'singapore', state: 'down', detail: 'timeout' },
        { location: 'frankfurt', state: 'down', detail: 'timeout' },
      ],
    });
    await settle(app);
    // A restart decides again from nothing: the same outage, not a new alert.
    await down(app);
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 4);
    await inbox.waitFor((i) => i.mails.length === 1);
    expect(receiver.requests).toHaveLength(4);

    const discord = byPath('/api/webhooks/1/')[0]!.body;
    expect(discord.content).toBe('**Down: Edge \\- 01**');
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.embeds[0].color).toBe(0xdc2626);
    expect(discord.embeds[0].fields).toContainEqual({ name: 'Fails from', value: 'Singapore, Frankfurt', inline: true });
    expect(discord.embeds[0].description).toContain('[Acknowledge](http://localhost:4321/staff/acknowledge#alert=');

    const slack = byPath('/services/')[0]!.body;
    expect(slack.text).toBe('Down: Edge - 01: Edge - 01 is down from Singapore, Frankfurt.');
    expect(slack.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Down: Edge - 01' } });
    expect(slack.blocks.at(-1).elements.map((e: { text: { text: string } }) => e.text.text)).toEqual(['Acknowledge', 'Open the console']);

    const hook = byPath('/hook/')[0]!;
    expect(hook.body).toMatchObject({
      type: 'alert.down',
      monitor: { id: 'edge', name: 'Edge - 01' },
      detail: 'connect ECONNREFUSED',
      locations: ['Singapore', 'Frankfurt'],
    });
    expect(hook.headers['idempotency-key']).toMatch(/^alert-\d+$/);

    const ntfy = byPath('/hostfront-oncall')[0]!;
    expect(ntfy.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(ntfy.headers.title).toBe('Down: Edge - 01');
    expect(ntfy.headers.priority).toBe('5');
    expect(ntfy.headers.tags).toBe('rotating_light');
    expect(ntfy.headers.click).toBe('http://localhost:4321/staff#alerts');
    expect(ntfy.headers.authorization).toBe('Bearer tk_ntfy-secret');
    expect(ntfy.body).toContain('Edge - 01 is down from Singapore, Frankfurt.');

    const mail = inbox.mails[0]!;
    expect(mail.to).toEqual(['ops@example.com']);
    expect(mail.headers.get('subject')).toBe('[DOWN] Down: Edge - 01');
    expect(mail.text).toContain('Acknowledge (stops the reminders): http://localhost:4321/staff/acknowledge#alert=');

    const listed = (await call(app, admin, 'GET', '/api/staff/alerts')).json();
    expect(listed.alerts).toHaveLength(1);
    expect(listed.alerts[0]).toMatchObject({
      monitorId: 'edge',
      state: 'firing',
      locations: ['Singapore', 'Frankfurt'],
      draft: { title: 'Edge - 01 is down', state: 'draft', incidentId: null },
    });
    // A draft is not on the board.
    expect(await app.incidents.listIncidents()).toEqual([]);

    await up(app);
    await settle(app);
    await recordMonitorChange(app.db, { monitorId: 'edge', from: 'operational', to: 'degraded', at: clock(), maintenance: false });
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 8);
    await inbox.waitFor((i) => i.mails.length === 2);
    expect(receiver.requests).toHaveLength(8);
    expect(byPath('/api/webhooks/1/')[1]!.body.content).toBe('**Recovered: Edge \\- 01**');
    expect(byPath('/hostfront-oncall')[1]!.headers.tags).toBe('white_check_mark');
    expect(inbox.mails[1]!.headers.get('subject')).toBe('[RECOVERED] Recovered: Edge - 01');
    // Down for seconds, not "about 1 minute".
    expect(inbox.mails[1]!.text).toContain('Edge - 01 answers again, after less than a minute down.');
    const after = (await call(app, admin, 'GET', '/api/staff/alerts')).json();
    expect(after.alerts[0]).toMatchObject({ state: 'recovered', draft: { state: 'draft' } });
    // Recovery does not resolve or publish anything by itself.
    expect(await app.incidents.listIncidents()).toEqual([]);
  });

  it('sends only to the channels covering the monitor, and never to a disabled one', async () => {
    const app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    for (const [id, monitorIds, enabled] of [
      ['all', [], true],
      ['core-only', ['core'], true],
      ['edge-only', ['edge'], true],
      ['off', [], false],
    ] as const) {
      await addWebhook(app, admin, id, id, `/${id}`, { monitorIds, enabled });
    }
    await down(app, 'edge');
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 2);
    expect(receiver.requests.map((r) => r.url).sort()).toEqual(['/all', '/edge-only']);
  });

  it('reminds every N minutes while down, and stops once someone acknowledges in the console', async () => {
    const app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    const support = await staffUser(app, 'help@example.com', 'support');
    await addWebhook(app, admin, 'hook', 'Hook', '/hook', { remindEveryMinutes: 5 });
    await addWebhook(app, admin, 'quiet', 'Quiet', '/hook/quiet');
    await down(app);
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 2);

    offset += 4 * minute;
    await settle(app);
    expect(receiver.requests).toHaveLength(2);
    offset += 1 * minute;
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 3);
    offset += 5 * minute;
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 4);
    const reminders = receiver.requests.slice(2);
    expect(reminders.map((r) => [r.url, r.body.type, r.body.reminder])).toEqual([
      ['/hook', 'alert.reminder', 1],
      ['/hook', 'alert.reminder', 2],
    ]);

    const alertId = (await call(app, support, 'GET', '/api/staff/alerts')).json().alerts[0].id;
    const acked = await call(app, support, 'POST', `/api/staff/alerts/${alertId}/acknowledge`);
    expect(acked.statusCode, acked.body).toBe(200);
    expect(acked.json()).toMatchObject({ state: 'acknowledged', acknowledgedBy: 'help@example.com' });
    expect((await call(app, admin, 'POST', `/api/staff/alerts/${alertId}/acknowledge`)).statusCode).toBe(409);
    const [entry] = await auditRows(app, 'alerts.acknowledged');
    expect(entry).toMatchObject({ actor_kind: 'staff', actor_label: 'help@example.com', target: 'Edge - 01' });

    offset += 30 * minute;
    await settle(app);
    expect(receiver.requests).toHaveLength(4);
    // The recovery still goes to both.
    await up(app);
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 6);
  });

  it('acknowledges from the signed link in the alert, without signing in, once, and refuses a changed link', async () => {
    const app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    await addWebhook(app, admin, 'hook', 'Pager bridge', '/hook', { remindEveryMinutes: 1 });
    await down(app);
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 1);
    const link = new URL(receiver.requests[0]!.body.acknowledgeUrl);
    expect(link.pathname).toBe('/staff/acknowledge');
    const fragment = new URLSearchParams(link.hash.slice(1));
    const body = { alert: Number(fragment.get('alert')), channel: fragment.get('channel'), token: fragment.get('token') };
    const ack = (payload: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/staff/alerts/acknowledge-link',
        headers: { ...json, origin: 'http://localhost:4321' },
        payload: JSON.stringify(payload),
      });

    const forged = await ack({ ...body, token: `${body.token!.slice(0, -1)}${body.token!.endsWith('A') ? 'B' : 'A'}` });
    expect(forged.statusCode).toBe(404);
    expect((await ack({ ...body, channel: 'other' })).statusCode).toBe(404);
    const done = await ack(body);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ monitorName: 'Edge - 01', state: 'acknowledged', acknowledgedBy: 'link in Pager bridge' });
    // Opened again: says so, changes nothing.
    expect((await ack(body)).json()).toEqual({ monitorName: 'Edge - 01', state: 'acknowledged', acknowledgedBy: 'link in Pager bridge' });
    const entries = await auditRows(app, 'alerts.acknowledged');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_kind: 'anonymous', actor_label: 'link in Pager bridge' });

    offset += 10 * minute;
    await settle(app);
    expect(receiver.requests).toHaveLength(1);
  });

  it('sends nothing for a monitor down in its maintenance window, and alerts when it is still down as the window ends', async () => {
    const app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    await addWebhook(app, admin, 'hook', 'Hook', '/hook', { remindEveryMinutes: 5 });
    const start = new Date(clock()).toISOString();
    const end = new Date(clock() + 30 * minute).toISOString();
    await app.incidents.schedule({ title: 'Router upgrade', message: 'Restarts.', monitorIds: ['edge', 'core'], startsAt: start, endsAt: end }, shellOperator);

    await down(app, 'edge', { maintenance: true });
    await down(app, 'core', { maintenance: true });
    await settle(app);
    offset += 10 * minute;
    await settle(app);
    // core comes back inside the window: never a word about it.
    await up(app, 'core');
    offset += 15 * minute;
    await settle(app);
    expect(receiver.requests).toHaveLength(0);
    expect((await call(app, admin, 'GET', '/api/staff/alerts')).json().alerts).toEqual([]);

    offset += 6 * minute;
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 1);
    expect(receiver.requests[0]!.body).toMatchObject({ type: 'alert.down', monitor: { id: 'edge' } });
    expect((await call(app, admin, 'GET', '/api/staff/alerts')).json().alerts).toMatchObject([
      { monitorId: 'edge', state: 'firing', draft: { state: 'draft' } },
    ]);
  });

  it('loses nothing and sends nothing twice across restarts between the decision and the delivery', async () => {
    let app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    // A receiver that is away at first: its port, closed.
    const later = await startWebhookReceiver();
    const port = later.port;
    await later.close();
    await call(app, admin, 'POST', '/api/staff/alerts/channels', { id: 'hook', name: 'Hook', kind: 'webhook', target: `http://127.0.0.1:${port}/hook` });
    await call(app, admin, 'POST', '/api/staff/alerts/channels', { id: 'mail', name: 'Mail', kind: 'email', target: 'ops@example.com' });
    // Decided while the app is down (the prober of another instance, or just before a crash): read at the next start.
    await Promise.all(apps.splice(0).map((a) => a.close()));
    const offline = openDatabase(database.url);
    await recordMonitorChange(offline.db, { monitorId: 'edge', from: 'operational', to: 'down', at: clock(), maintenance: false });
    await offline.db.destroy();
    app = await openApp();
    await settle(app);
    await inbox.waitFor((i) => i.mails.length >= 1);
    // The webhook failed (nobody listens) and waits for a retry; the app stops.
    const attempts = async () =>
      Number((await app.db.selectFrom('alert_delivery').select('attempts').where('channel', '=', 'webhook').executeTakeFirst())?.attempts ?? 0);
    await waitFor(async () => (await attempts()) > 0, 'the webhook’s first failed attempt', 10_000);
    await Promise.all(apps.splice(0).map((a) => a.close()));
    const back = await startWebhookReceiver({ port });
    try {
      app = await openApp();
      await back.waitFor((r) => r.accepted().length === 1);
      await settle(app);
      await app.jobs.runNow('alerts fan-out');
      // Edge's alert, once on each channel. The fixture's other monitor answers nobody either, and
      // each start's first probe of it counts, so after three starts it may truly go down: its
      // alert is another alert, not a second sending of this one.
      const ofEdge = (text: string) => text.includes('Edge - 01');
      expect(back.requests.filter((r) => ofEdge(JSON.stringify(r.body)))).toHaveLength(1);
      expect(inbox.mails.filter((m) => ofEdge(m.headers.get('subject') ?? ''))).toHaveLength(1);
    } finally {
      await Promise.all(apps.splice(0).map((a) => a.close()));
      await back.close();
    }
  });

  it('prepares a draft incident that one click publishes, and publishes by itself after the configured minutes', async () => {
    const app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    await addWebhook(app, admin, 'hook', 'Hook', '/hook');
    expect((await call(app, admin, 'PUT', '/api/staff/alerts/settings', { autoPublishMinutes: -1 })).statusCode).toBe(400);
    expect((await call(app, admin, 'PUT', '/api/staff/alerts/settings', { autoPublishMinutes: 10 })).statusCode).toBe(204);

    await down(app, 'core');
    await settle(app);
    const first = (await call(app, admin, 'GET', '/api/staff/alerts')).json().alerts[0];
    const published = await call(app, admin, 'POST', `/api/staff/alerts/${first.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().draft).toMatchObject({ state: 'published', incidentId: expect.any(String) });
    expect((await call(app, admin, 'POST', `/api/staff/alerts/${first.id}/publish`)).statusCode).toBe(409);

    await down(app, 'edge');
    await settle(app);
    offset += 9 * minute;
    await settle(app);
    expect((await app.incidents.listIncidents()).map((i) => i.title)).toEqual(['Core - 01 is down']);
    offset += 1 * minute;
    await settle(app);
    const incidents = await app.incidents.listIncidents();
    expect(incidents.map((i) => i.title).sort()).toEqual(['Core - 01 is down', 'Edge - 01 is down']);
    const edge = incidents.find((i) => i.title === 'Edge - 01 is down')!;
    expect(edge).toMatchObject({ impact: 'major', state: 'investigating', monitorIds: ['edge'] });
    const entries = await auditRows(app, 'incident.created');
    expect(entries.map((e) => e.actor_label)).toContain('alerts (auto-publish)');
  });

  it('tests a channel and shows the outcome, keeps secrets out of what the console reads and of the logs, and tells support notices to the channels that opted in', async () => {
    let logs = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const app = await openApp({ LOG_LEVEL: 'debug' }, monitorsFile, logStream);
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    await everyKind(app, admin);
    await addWebhook(app, admin, 'desk', 'Desk', '/desk', { supportNotices: true });

    const listed = await call(app, admin, 'GET', '/api/staff/alerts/channels');
    expect(listed.statusCode).toBe(200);
    for (const secret of ['discord-secret', 'slack-secret', 'hook-secret', 'tk_ntfy-secret', 'ops@example.com', 'hostfront-oncall'])
      expect(listed.body).not.toContain(secret);
    expect(listed.json().channels.find((c: { id: string }) => c.id === 'mail').targetHint).toBe('o…@example.com');
    expect(listed.json().channels.find((c: { id: string }) => c.id === 'phone')).toMatchObject({
      targetHint: `http://127.0.0.1:${receiver.port}/…`,
      hasToken: true,
    });

    const tested = await call(app, admin, 'POST', '/api/staff/alerts/channels/discord/test');
    expect(tested.json()).toEqual({ ok: true, statusCode: 204, error: null });
    expect(receiver.requests.at(-1)!.body.content).toBe('**Test alert from Hostfront**');
    receiver.answer(() => ({ status: 500, body: { message: 'down for maintenance' } }));
    const failed = await call(app, admin, 'POST', '/api/staff/alerts/channels/hook/test');
    expect(failed.json()).toMatchObject({ ok: false, statusCode: 500, error: expect.stringContaining('HTTP 500') });
    receiver.answer(() => ({ status: 204 }));

    // Editing without a target keeps the stored one.
    const edited = await call(app, admin, 'PUT', '/api/staff/alerts/channels/hook', { name: 'Pager', kind: 'webhook', target: '', enabled: false });
    expect(edited.json()).toMatchObject({ name: 'Pager', enabled: false, targetHint: `http://127.0.0.1:${receiver.port}/…` });

    const before = receiver.requests.length;
    expect(await app.alerts.notifyTeam({ subject: 'New support conversation', text: 'A customer asks about backups.', link: '/staff#support' })).toBe(1);
    await app.alerts.outbox.idle();
    await receiver.waitFor((r) => r.requests.length === before + 1);
    expect(receiver.requests.at(-1)).toMatchObject({
      url: '/desk',
      body: { type: 'alert.notice', headline: 'New support conversation', consoleUrl: 'http://localhost:4321/staff#support' },
    });

    // An alert through every channel, a failure among them: the logs say what happened, never where to.
    receiver.answer((r) => (r.url.startsWith('/services/') ? { status: 500 } : { status: 204 }));
    await down(app);
    await settle(app);
    expect(logs).toContain('alert delivered');
    expect(logs).toContain('alert delivery failed; will retry');
    for (const secret of ['discord-secret', 'slack-secret', 'hook-secret', 'tk_ntfy-secret', 'hostfront-oncall']) expect(logs).not.toContain(secret);
  });

  it('ends the alert of a deleted monitor without a word, and reminds nobody of a paused one', async () => {
    const app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    await addWebhook(app, admin, 'hook', 'Hook', '/hook', { remindEveryMinutes: 5 });
    await down(app, 'edge');
    await down(app, 'core');
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 2);
    expect((await call(app, admin, 'POST', '/api/staff/monitors/edge/pause')).statusCode).toBe(200);
    expect((await call(app, admin, 'DELETE', '/api/staff/monitors/core')).statusCode).toBe(204);
    offset += 20 * minute;
    await settle(app);
    expect(receiver.requests).toHaveLength(2);
    const alerts = (await call(app, admin, 'GET', '/api/staff/alerts')).json().alerts;
    expect(alerts.map((a: { monitorId: string; state: string }) => [a.monitorId, a.state]).sort()).toEqual([
      ['core', 'recovered'],
      ['edge', 'firing'],
    ]);
    // Resumed and still down: the reminders come again.
    expect((await call(app, admin, 'POST', '/api/staff/monitors/edge/resume')).statusCode).toBe(200);
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 3);
    expect(receiver.requests[2]!.body).toMatchObject({ type: 'alert.reminder', monitor: { id: 'edge' }, reminder: 4 });
  });

  it('holds admins’ channels to the public address policy unless STAFF_TARGETS_ALLOW_PRIVATE, and says which field is wrong', async () => {
    const app = await openApp({ STAFF_TARGETS_ALLOW_PRIVATE: 'false' });
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    const support = await staffUser(app, 'help@example.com', 'support');
    const inside = await call(app, admin, 'POST', '/api/staff/alerts/channels', {
      id: 'x',
      name: 'X',
      kind: 'webhook',
      target: `http://127.0.0.1:${receiver.port}/hook`,
    });
    expect(inside.statusCode).toBe(400);
    expect(Object.keys(inside.json().error.fields)).toEqual(['target']);
    const unknown = await call(app, admin, 'POST', '/api/staff/alerts/channels', {
      id: 'y',
      name: 'Y',
      kind: 'email',
      target: 'ops@example.com',
      monitorIds: ['nope'],
    });
    expect(unknown.json().error.fields).toEqual({ monitorIds: 'names no monitor: nope' });
    expect((await call(app, support, 'GET', '/api/staff/alerts/channels')).statusCode).toBe(403);
    expect((await call(app, support, 'GET', '/api/staff/alerts')).statusCode).toBe(200);
  });

  // It runs `npm run monitors` as a child process (a Node start with its modules): more than the default 20 s on a loaded machine.
  it('takes the channels declared in the monitors file: on the first start, and with npm run monitors -- import', async () => {
    const monitors = [
      { id: 'edge', name: 'Edge - 01', type: 'tcp', target: '127.0.0.1:9', intervalSeconds: 3600, timeoutSeconds: 1 },
      { id: 'core', name: 'Core - 01', type: 'tcp', target: '127.0.0.1:9', intervalSeconds: 3600, timeoutSeconds: 1 },
    ];
    const hook = (name: string) => `http://127.0.0.1:${receiver.port}/${name}`;
    const file = writeMonitorsFile({
      monitors,
      alerts: { autoPublishMinutes: 15, channels: [{ id: 'pager', name: 'Pager', kind: 'webhook', target: hook('pager'), monitorIds: ['edge'] }] },
    });
    const app = await openApp({}, file);
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    expect((await call(app, admin, 'GET', '/api/staff/alerts/channels')).json().channels).toMatchObject([
      { id: 'pager', source: 'file', monitorIds: ['edge'] },
    ]);
    expect((await call(app, admin, 'GET', '/api/staff/alerts')).json().autoPublishMinutes).toBe(15);

    // A file with a problem changes nothing, and says where.
    const bad = writeMonitorsFile({ monitors, alerts: { channels: [{ id: 'x', name: 'X', kind: 'webhook', target: hook('x'), monitorIds: ['gone'] }] } });
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    const refused = await monitorsCli(['import', bad], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('alerts.channels.0.monitorIds: names no monitor of the file: gone');
    const next = writeMonitorsFile({
      monitors,
      alerts: {
        channels: [
          { id: 'pager', name: 'Pager (all)', kind: 'webhook', target: hook('pager') },
          { id: 'phone', name: 'Phone', kind: 'ntfy', target: hook('phone'), token: 'tk_file' },
        ],
      },
    });
    const imported = await monitorsCli(['import', next], env);
    expect(imported.stdout).toContain('Alert channels added 1: phone\nAlert channels updated 1: pager');
    await down(app, 'core');
    await settle(app);
    await receiver.waitFor((r) => r.accepted().length === 2);
    expect(receiver.requests.map((r) => r.url).sort()).toEqual(['/pager', '/phone']);
    expect((await auditRows(app, 'alerts.channels_imported')).map((e) => e.actor_label)).toEqual(['shell (npm run monitors)', 'first start (MONITORS_FILE)']);
  }, 60_000);

  it('alerts within a probe interval when a real target stops answering the app’s own prober', async () => {
    const target = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const port = (target.address() as AddressInfo).port;
    const file = writeMonitorsFile({
      monitors: [{ id: 'web', name: 'Web', type: 'http', target: `http://127.0.0.1:${port}/`, intervalSeconds: 1, timeoutSeconds: 0.5, failuresBeforeDown: 2 }],
    });
    const app = await buildApp(testConfig(database.url, { MONITORS_FILE: file, PUBLIC_URL: 'http://localhost:4321', STAFF_TARGETS_ALLOW_PRIVATE: 'true' }), {
      now: clock,
      alerts: { ...fast, fanOutEveryMs: 1_000 },
    });
    apps.push(app);
    await app.ready();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    await addWebhook(app, admin, 'hook', 'Hook', '/hook');
    await waitFor(() => app.status.service.liveOf('web').status === 'operational', 'the monitor to be operational', 10_000);
    target.closeAllConnections();
    await new Promise<void>((resolve) => target.close(() => resolve()));
    await receiver.waitFor((r) => r.accepted().length === 1);
    // Two failed probes decide it; the alert reaches the receiver within one probe interval (1 s) of that decision.
    const decided = await app.db
      .selectFrom('status_event')
      .select('at')
      .where('kind', '=', 'monitor.changed')
      .where('payload', 'like', '%"to":"down"%')
      .executeTakeFirstOrThrow();
    expect(receiver.requests[0]!.at - Number(decided.at)).toBeLessThan(1_000);
    expect(receiver.requests[0]!.body).toMatchObject({ type: 'alert.down', monitor: { id: 'web' } });
  });
});
