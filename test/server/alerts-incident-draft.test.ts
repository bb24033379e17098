import { describe, expect, it } from 'vitest';
import { auditRows, staffUser } from '../helpers/staff.ts';
import { alertsHarness, minute } from './alerts-harness.ts';
import { dialects } from '../helpers/databases.ts';

/** The draft incident an alert prepares: published by one click, or by itself after the configured minutes. Shared setup: test/server/alerts-harness.ts. */
describe.each(dialects)('alerts to the team: draft incidents (%s)', (dialect) => {
  const h = alertsHarness(dialect);
  const { openApp, call, addWebhook, down, settle, advance } = h;

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
    advance(9 * minute);
    await settle(app);
    expect((await app.incidents.listIncidents()).map((i) => i.title)).toEqual(['Core - 01 is down']);
    advance(1 * minute);
    await settle(app);
    const incidents = await app.incidents.listIncidents();
    expect(incidents.map((i) => i.title).sort()).toEqual(['Core - 01 is down', 'Edge - 01 is down']);
    const edge = incidents.find((i) => i.title === 'Edge - 01 is down')!;
    expect(edge).toMatchObject({ impact: 'major', state: 'investigating', monitorIds: ['edge'] });
    const entries = await auditRows(app, 'incident.created');
    expect(entries.map((e) => e.actor_label)).toContain('alerts (auto-publish)');
  });
});
