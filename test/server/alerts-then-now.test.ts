import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaffAlert } from '../../contracts/alerts.ts';
import type { StatusReport } from '../../contracts/status.ts';
import { buildApp } from '../../server/app.ts';
import { recordMonitorChange } from '../../server/status/monitor-changes.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { quietMonitorsFile } from './subscription-fixtures.ts';

const fast = { outbox: { pollIntervalMs: 50, sendTimeoutMs: 2_000, backoff: { baseMs: 20, maxMs: 200 } }, fanOutEveryMs: 3_600_000, rulesEveryMs: 3_600_000 };
const minute = 60_000;

/**
 * An alert says what was true when it fired and what is true now (issue 34): the channels it
 * reached then, and those that cover its monitor now; and its draft incident, published after the
 * monitor recovered, is a resolved one that says when it was down, never "investigating".
 */
describe.each(dialects)('alerts, then and now (%s)', (dialect) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let app: FastifyInstance;
  let admin: StaffUser;
  let offset = 0;
  const clock = () => Date.now() + offset;

  beforeEach(async () => {
    offset = 0;
    database = await createTestDatabase(dialect);
    receiver = await startWebhookReceiver();
    app = await buildApp(
      testConfig(database.url, { MONITORS_FILE: quietMonitorsFile(), PUBLIC_URL: 'http://localhost:4321', STAFF_TARGETS_ALLOW_PRIVATE: 'true' }),
      { now: clock, alerts: fast },
    );
    await app.ready();
    admin = await staffUser(app, 'admin@example.com', 'admin');
  });
  afterEach(async () => {
    await app.close();
    await receiver.close();
    await database.drop();
  });

  const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie: admin.cookie, origin: 'http://localhost:4321', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  /** A recorded change of the board's monitor, at `at` (the app's clock's time unless given). */
  const change = async (from: 'operational' | 'down', to: 'operational' | 'down', at = clock()) => {
    await recordMonitorChange(app.db, {
      monitorId: 'edge',
      from,
      to,
      at,
      maintenance: false,
      ...(to === 'down' ? { detail: 'connect ECONNREFUSED 203.0.113.7:25565' } : {}),
    });
    await app.jobs.runNow('alerts fan-out');
    await app.alerts.outbox.idle();
  };
  const alerts = async () => (await call('GET', '/api/staff/alerts')).json().alerts as StaffAlert[];
  const addChannel = async (id: string, name: string) => {
    const added = await call('POST', '/api/staff/alerts/channels', { id, name, kind: 'webhook', target: `http://127.0.0.1:${receiver.port}/${id}` });
    expect(added.statusCode, added.body).toBe(201);
  };

  it('says nobody was told when it fired, and which channels cover the monitor now', async () => {
    await change('operational', 'down');
    let [alert] = await alerts();
    expect(alert).toMatchObject({ monitorId: 'edge', deliveries: [], channelsNow: [], failure: 'Connection refused' });
    // Two channels for every monitor, added after the alert fired.
    await addChannel('ops', 'Ops hook');
    await addChannel('pager', 'Pager bridge');
    [alert] = await alerts();
    expect(alert!.deliveries).toEqual([]);
    expect(alert!.channelsNow).toEqual(['Ops hook', 'Pager bridge']);
    // The next outage reaches them, and says what failed in the board's words, then the error.
    await change('down', 'operational');
    offset += 10 * minute;
    await change('operational', 'down');
    await receiver.waitFor((r) => r.accepted().filter((q) => q.body.type === 'alert.down').length === 2);
    const next = (await alerts()).find((a) => a.state === 'firing')!;
    expect(next.deliveries.map((d) => d.channelName).sort()).toEqual(['Ops hook', 'Pager bridge']);
    const sent = receiver.accepted().find((q) => q.body.type === 'alert.down')!.body as { failure: string; detail: string };
    expect(sent).toMatchObject({ failure: 'Connection refused', detail: 'connect ECONNREFUSED 203.0.113.7:25565' });
  });

  it('publishes the draft of a recovered monitor as a resolved incident, from when it went down to when it came back', async () => {
    // The times the changes are recorded at (the clock runs on between two reads of it).
    const wentDown = clock();
    await change('operational', 'down', wentDown);
    let [alert] = await alerts();
    expect(alert!.draft).toMatchObject({
      title: 'Edge - 01 is down',
      resolves: false,
      message: 'Edge - 01 is not answering our checks. We are looking into it and will post updates here.',
    });
    offset += 4 * minute;
    const cameBack = clock();
    await change('down', 'operational', cameBack);
    [alert] = await alerts();
    const utc = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
    expect(alert!.draft).toMatchObject({
      title: 'Edge - 01 was down',
      resolves: true,
      message: `Edge - 01 was down from ${utc(wentDown)} to ${utc(cameBack)}, and has answered our checks since.`,
    });
    const published = await call('POST', `/api/staff/alerts/${alert!.id}/publish`);
    expect(published.statusCode, published.body).toBeLessThan(300);
    const [incident] = await app.incidents.listIncidents();
    expect(incident).toMatchObject({ title: 'Edge - 01 was down', state: 'resolved', monitorIds: ['edge'] });
    expect(incident!.updates.map((u) => [u.state, u.message])).toEqual([['resolved', alert!.draft!.message]]);
    expect(Date.parse(incident!.startedAt)).toBe(wentDown);
    expect(Date.parse(incident!.resolvedAt!)).toBe(cameBack);
    // Every monitor is up: the board has no open incident and no outage in its banner.
    const board = (await app.inject('/api/status')).json() as StatusReport;
    expect(board.incidents).toEqual([]);
    expect(board.summary.banner).not.toMatch(/Outage/);
    expect(board.recentIncidents.map((i) => i.title)).toContain('Edge - 01 was down');
  });

  it('still publishes an investigating incident while the monitor is down', async () => {
    await change('operational', 'down');
    const [alert] = await alerts();
    expect((await call('POST', `/api/staff/alerts/${alert!.id}/publish`)).statusCode).toBeLessThan(300);
    const [incident] = await app.incidents.listIncidents();
    expect(incident).toMatchObject({ title: 'Edge - 01 is down', state: 'investigating', resolvedAt: null });
  });
});
