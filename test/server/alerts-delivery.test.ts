import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { recordMonitorChange } from '../../server/status/monitor-changes.ts';
import { staffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { waitFor } from '../helpers/until.ts';
import { startWebhookReceiver } from '../helpers/webhook-receiver.ts';
import { writeMonitorsFile } from './status-helpers.ts';
import { alertsHarness, fast } from './alerts-harness.ts';
import { dialects } from '../helpers/databases.ts';

/** Alerts reach each channel once, in its shape, only where they cover the monitor, across restarts and from the app's own prober. Shared setup: test/server/alerts-harness.ts. */
describe.each(dialects)('alerts to the team: delivery (%s)', (dialect) => {
  const h = alertsHarness(dialect);
  const { openApp, call, addWebhook, everyKind, down, up, settle, byPath, clock, apps } = h;

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
    await h.receiver.waitFor((r) => r.accepted().length === 4);
    await h.inbox.waitFor((i) => i.mails.length === 1);
    expect(h.receiver.requests).toHaveLength(4);

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

    const mail = h.inbox.mails[0]!;
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
    await h.receiver.waitFor((r) => r.accepted().length === 8);
    await h.inbox.waitFor((i) => i.mails.length === 2);
    expect(h.receiver.requests).toHaveLength(8);
    expect(byPath('/api/webhooks/1/')[1]!.body.content).toBe('**Recovered: Edge \\- 01**');
    expect(byPath('/hostfront-oncall')[1]!.headers.tags).toBe('white_check_mark');
    expect(h.inbox.mails[1]!.headers.get('subject')).toBe('[RECOVERED] Recovered: Edge - 01');
    // Down for seconds, not "about 1 minute".
    expect(h.inbox.mails[1]!.text).toContain('Edge - 01 answers again, after less than a minute down.');
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
    await h.receiver.waitFor((r) => r.accepted().length === 2);
    expect(h.receiver.requests.map((r) => r.url).sort()).toEqual(['/all', '/edge-only']);
  });

  it('loses nothing and sends nothing twice across restarts between the decision and the delivery', async () => {
    let app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    // A h.receiver that is away at first: its port, closed.
    const later = await startWebhookReceiver();
    const port = later.port;
    await later.close();
    await call(app, admin, 'POST', '/api/staff/alerts/channels', { id: 'hook', name: 'Hook', kind: 'webhook', target: `http://127.0.0.1:${port}/hook` });
    await call(app, admin, 'POST', '/api/staff/alerts/channels', { id: 'mail', name: 'Mail', kind: 'email', target: 'ops@example.com' });
    // Decided while the app is down (the prober of another instance, or just before a crash): read at the next start.
    await Promise.all(apps.splice(0).map((a) => a.close()));
    const offline = openDatabase(h.database.url);
    await recordMonitorChange(offline.db, { monitorId: 'edge', from: 'operational', to: 'down', at: clock(), maintenance: false });
    await offline.db.destroy();
    app = await openApp();
    await settle(app);
    await h.inbox.waitFor((i) => i.mails.length >= 1);
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
      expect(h.inbox.mails.filter((m) => ofEdge(m.headers.get('subject') ?? ''))).toHaveLength(1);
    } finally {
      await Promise.all(apps.splice(0).map((a) => a.close()));
      await back.close();
    }
  });

  it('alerts within a probe interval when a real target stops answering the app’s own prober', async () => {
    const target = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const port = (target.address() as AddressInfo).port;
    const file = writeMonitorsFile({
      monitors: [{ id: 'web', name: 'Web', type: 'http', target: `http://127.0.0.1:${port}/`, intervalSeconds: 1, timeoutSeconds: 0.5, failuresBeforeDown: 2 }],
    });
    const app = await buildApp(testConfig(h.database.url, { MONITORS_FILE: file, PUBLIC_URL: 'http://localhost:4321', STAFF_TARGETS_ALLOW_PRIVATE: 'true' }), {
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
    await h.receiver.waitFor((r) => r.accepted().length === 1);
    // Two failed probes decide it; the alert reaches the h.receiver within one probe interval (1 s) of that decision.
    const decided = await app.db
      .selectFrom('status_event')
      .select('at')
      .where('kind', '=', 'monitor.changed')
      .where('payload', 'like', '%"to":"down"%')
      .executeTakeFirstOrThrow();
    expect(h.receiver.requests[0]!.at - Number(decided.at)).toBeLessThan(1_000);
    expect(h.receiver.requests[0]!.body).toMatchObject({ type: 'alert.down', monitor: { id: 'web' } });
  });
});
