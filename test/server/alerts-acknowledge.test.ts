import { describe, expect, it } from 'vitest';
import { shellOperator } from '../../server/staff/staff-service.ts';
import { auditRows, staffUser } from '../helpers/staff.ts';
import { alertsHarness, json, minute } from './alerts-harness.ts';
import { dialects } from '../helpers/databases.ts';

/** While a monitor is down: reminders until someone acknowledges (console or signed link), maintenance windows, deleted and paused monitors. Shared setup: test/server/alerts-harness.ts. */
describe.each(dialects)('alerts to the team: reminders and acknowledgement (%s)', (dialect) => {
  const h = alertsHarness(dialect);
  const { openApp, call, addWebhook, down, up, settle, clock, advance } = h;

  it('reminds every N minutes while down, and stops once someone acknowledges in the console', async () => {
    const app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    const support = await staffUser(app, 'help@example.com', 'support');
    await addWebhook(app, admin, 'hook', 'Hook', '/hook', { remindEveryMinutes: 5 });
    await addWebhook(app, admin, 'quiet', 'Quiet', '/hook/quiet');
    await down(app);
    await settle(app);
    await h.receiver.waitFor((r) => r.accepted().length === 2);

    advance(4 * minute);
    await settle(app);
    expect(h.receiver.requests).toHaveLength(2);
    advance(1 * minute);
    await settle(app);
    await h.receiver.waitFor((r) => r.accepted().length === 3);
    advance(5 * minute);
    await settle(app);
    await h.receiver.waitFor((r) => r.accepted().length === 4);
    const reminders = h.receiver.requests.slice(2);
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

    advance(30 * minute);
    await settle(app);
    expect(h.receiver.requests).toHaveLength(4);
    // The recovery still goes to both.
    await up(app);
    await settle(app);
    await h.receiver.waitFor((r) => r.accepted().length === 6);
  });

  it('acknowledges from the signed link in the alert, without signing in, once, and refuses a changed link', async () => {
    const app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    await addWebhook(app, admin, 'hook', 'Pager bridge', '/hook', { remindEveryMinutes: 1 });
    await down(app);
    await settle(app);
    await h.receiver.waitFor((r) => r.accepted().length === 1);
    const link = new URL(h.receiver.requests[0]!.body.acknowledgeUrl);
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

    advance(10 * minute);
    await settle(app);
    expect(h.receiver.requests).toHaveLength(1);
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
    advance(10 * minute);
    await settle(app);
    // core comes back inside the window: never a word about it.
    await up(app, 'core');
    advance(15 * minute);
    await settle(app);
    expect(h.receiver.requests).toHaveLength(0);
    expect((await call(app, admin, 'GET', '/api/staff/alerts')).json().alerts).toEqual([]);

    advance(6 * minute);
    await settle(app);
    await h.receiver.waitFor((r) => r.accepted().length === 1);
    expect(h.receiver.requests[0]!.body).toMatchObject({ type: 'alert.down', monitor: { id: 'edge' } });
    expect((await call(app, admin, 'GET', '/api/staff/alerts')).json().alerts).toMatchObject([
      { monitorId: 'edge', state: 'firing', draft: { state: 'draft' } },
    ]);
  });

  it('ends the alert of a deleted monitor without a word, and reminds nobody of a paused one', async () => {
    const app = await openApp();
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    await addWebhook(app, admin, 'hook', 'Hook', '/hook', { remindEveryMinutes: 5 });
    await down(app, 'edge');
    await down(app, 'core');
    await settle(app);
    await h.receiver.waitFor((r) => r.accepted().length === 2);
    expect((await call(app, admin, 'POST', '/api/staff/monitors/edge/pause')).statusCode).toBe(200);
    expect((await call(app, admin, 'DELETE', '/api/staff/monitors/core')).statusCode).toBe(204);
    advance(20 * minute);
    await settle(app);
    expect(h.receiver.requests).toHaveLength(2);
    const alerts = (await call(app, admin, 'GET', '/api/staff/alerts')).json().alerts;
    expect(alerts.map((a: { monitorId: string; state: string }) => [a.monitorId, a.state]).sort()).toEqual([
      ['core', 'recovered'],
      ['edge', 'firing'],
    ]);
    // Resumed and still down: the reminders come again.
    expect((await call(app, admin, 'POST', '/api/staff/monitors/edge/resume')).statusCode).toBe(200);
    await settle(app);
    await h.receiver.waitFor((r) => r.accepted().length === 3);
    expect(h.receiver.requests[2]!.body).toMatchObject({ type: 'alert.reminder', monitor: { id: 'edge' }, reminder: 4 });
  });
});
