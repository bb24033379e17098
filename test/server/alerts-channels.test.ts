import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { auditRows, staffUser } from '../helpers/staff.ts';
import { monitorsCli, writeMonitorsFile } from './status-helpers.ts';
import { alertsHarness } from './alerts-harness.ts';
import { dialects } from '../helpers/databases.ts';

/** The channels themselves: testing one, secrets kept out of reads and logs, the address policy, the channels declared in the monitors file. Shared setup: test/server/alerts-harness.ts. */
describe.each(dialects)('alerts to the team: channels (%s)', (dialect) => {
  const h = alertsHarness(dialect);
  const { openApp, call, addWebhook, everyKind, down, settle, monitorsFile } = h;

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
      targetHint: `http://127.0.0.1:${h.receiver.port}/…`,
      hasToken: true,
    });

    const tested = await call(app, admin, 'POST', '/api/staff/alerts/channels/discord/test');
    expect(tested.json()).toEqual({ ok: true, statusCode: 204, error: null });
    expect(h.receiver.requests.at(-1)!.body.content).toBe('**Test alert from Hostfront**');
    h.receiver.answer(() => ({ status: 500, body: { message: 'down for maintenance' } }));
    const failed = await call(app, admin, 'POST', '/api/staff/alerts/channels/hook/test');
    expect(failed.json()).toMatchObject({ ok: false, statusCode: 500, error: expect.stringContaining('HTTP 500') });
    h.receiver.answer(() => ({ status: 204 }));

    // Editing without a target keeps the stored one.
    const edited = await call(app, admin, 'PUT', '/api/staff/alerts/channels/hook', { name: 'Pager', kind: 'webhook', target: '', enabled: false });
    expect(edited.json()).toMatchObject({ name: 'Pager', enabled: false, targetHint: `http://127.0.0.1:${h.receiver.port}/…` });

    const before = h.receiver.requests.length;
    expect(await app.alerts.notifyTeam({ subject: 'New support conversation', text: 'A customer asks about backups.', link: '/staff#support' })).toBe(1);
    await app.alerts.outbox.idle();
    await h.receiver.waitFor((r) => r.requests.length === before + 1);
    expect(h.receiver.requests.at(-1)).toMatchObject({
      url: '/desk',
      body: { type: 'alert.notice', headline: 'New support conversation', consoleUrl: 'http://localhost:4321/staff#support' },
    });

    // An alert through every channel, a failure among them: the logs say what happened, never where to.
    h.receiver.answer((r) => (r.url.startsWith('/services/') ? { status: 500 } : { status: 204 }));
    await down(app);
    await settle(app);
    expect(logs).toContain('alert delivered');
    expect(logs).toContain('alert delivery failed; will retry');
    for (const secret of ['discord-secret', 'slack-secret', 'hook-secret', 'tk_ntfy-secret', 'hostfront-oncall']) expect(logs).not.toContain(secret);
  });

  it('holds admins’ channels to the public address policy unless STAFF_TARGETS_ALLOW_PRIVATE, and says which field is wrong', async () => {
    const app = await openApp({ STAFF_TARGETS_ALLOW_PRIVATE: 'false' });
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    const support = await staffUser(app, 'help@example.com', 'support');
    const inside = await call(app, admin, 'POST', '/api/staff/alerts/channels', {
      id: 'x',
      name: 'X',
      kind: 'webhook',
      target: `http://127.0.0.1:${h.receiver.port}/hook`,
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
    const hook = (name: string) => `http://127.0.0.1:${h.receiver.port}/${name}`;
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
    const env = { DATABASE_URL: h.database.url, LOG_LEVEL: 'silent' };
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
    await h.receiver.waitFor((r) => r.accepted().length === 2);
    expect(h.receiver.requests.map((r) => r.url).sort()).toEqual(['/pager', '/phone']);
    expect((await auditRows(app, 'alerts.channels_imported')).map((e) => e.actor_label)).toEqual(['shell (npm run monitors)', 'first start (MONITORS_FILE)']);
  }, 60_000);
});
