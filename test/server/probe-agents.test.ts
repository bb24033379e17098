import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationsReport } from '../../contracts/probe-locations.ts';
import type { StatusReport } from '../../contracts/status.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';
import { monitorChangesAfter } from '../../server/status/monitor-changes.ts';
import { runAgentsCli, startAgent, startTcpProxy, type ChildHandle } from '../helpers/agent-process.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { until } from '../helpers/until.ts';
import { writeMonitorsFile } from './status-helpers.ts';

const locations = ['delhi-ncr', 'singapore', 'frankfurt'] as const;
const intervalSeconds = 0.5;

/** An HTTP target that fails (503) for the locations in `failing`, told apart by the probes' User-Agent. */
async function startTarget(): Promise<{ port: number; failing: Set<string>; agents: Set<string>; close(): Promise<void> }> {
  const failing = new Set<string>();
  const agents = new Set<string>();
  const server = http.createServer((request, response) => {
    const agent = request.headers['user-agent'] ?? '';
    agents.add(agent);
    const location = /location=([a-z-]+)/.exec(agent)?.[1] ?? '';
    response.writeHead(failing.has(location) ? 503 : 200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    failing,
    agents,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(dialects)('probe agents at three locations, with the site, on %s', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let site: ServerProcess;
  let target: Awaited<ReturnType<typeof startTarget>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  // The team's alert channels: a JSON webhook and an e-mail address, on loopback.
  let receiver: WebhookReceiver;
  let inbox: SmtpInbox;
  const agents = new Map<string, ChildHandle>();
  const tokens = new Map<string, string>();

  const report = async (): Promise<StatusReport> => (await fetch(`${site.url}/api/status`)).json() as Promise<StatusReport>;
  const web = async () => (await report()).servers.find((s) => s.id === 'web')!;
  const located = async (): Promise<LocationsReport> => (await fetch(`${site.url}/api/status/locations`)).json() as Promise<LocationsReport>;
  const changes = async () => (await monitorChangesAfter(db, 0, 1000)).map((e) => ({ id: e.id, ...e.payload }));

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    target = await startTarget();
    receiver = await startWebhookReceiver();
    inbox = await startSmtpInbox();
    // Tokens made as operators make them: the token alone on stdout.
    for (const location of locations) {
      const made = await runAgentsCli(database.url, ['add', location]);
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/^hfp_\S+\n$/);
      tokens.set(location, made.stdout.trim());
    }
    site = await startServer({
      DATABASE_URL: database.url,
      // The site's own prober steps aside while agents report: three locations decide.
      STATUS_PROBER: 'standby',
      // The relay's port is not the site's: the Host it passes on is answered all the same.
      ALLOWED_HOSTS: '127.0.0.1',
      SMTP_URL: inbox.url,
      STAFF_TARGETS_ALLOW_PRIVATE: 'true',
      MONITORS_FILE: writeMonitorsFile({
        monitors: [
          // A slow answer on a loaded machine is neither a failure nor degraded here: only the 503s decide.
          {
            id: 'web',
            name: 'Web',
            type: 'http',
            target: `http://127.0.0.1:${target.port}/`,
            intervalSeconds,
            timeoutSeconds: 5,
            degradedAboveMs: 5000,
            failuresBeforeDown: 2,
          },
        ],
        alerts: {
          channels: [
            { id: 'pager', name: 'Pager', kind: 'webhook', target: `http://127.0.0.1:${receiver.port}/pager` },
            { id: 'ops', name: 'Ops mail', kind: 'email', target: 'ops@example.com' },
          ],
        },
      }),
    });
    db = openDatabase(database.url).db;
    // Frankfurt reaches the site through a relay the test can stop.
    proxy = await startTcpProxy(site.port);
    for (const location of locations) {
      const via = location === 'frankfurt' ? `http://127.0.0.1:${proxy.port}` : site.url;
      agents.set(location, startAgent({ site: via, location, token: tokens.get(location)! }));
    }
  }, 60_000);

  afterAll(async () => {
    for (const agent of agents.values()) await agent.stop();
    await proxy?.stop();
    await site?.stop();
    await target?.close();
    await receiver?.close();
    await inbox?.close();
    await db?.destroy();
    await database?.drop();
  });

  it('decides by quorum: one location failing is degraded "from" it, two are down, and every probe names its location', async () => {
    const all = await until(
      web,
      (s) => s.status === 'operational' && locations.every((l) => s.locations?.some((x) => x.location === l && x.status === 'operational')),
      'the three locations to see the monitor up',
      20_000,
    );
    expect(all.detail).toBeUndefined();
    expect([...target.agents].some((a) => /^Hostfront-Probe\/1\.0 \(location=singapore;/.test(a))).toBe(true);
    const reporting = await located();
    expect(reporting.locations.filter((l) => l.source === 'agent').map((l) => [l.location, l.reporting])).toEqual(locations.map((l) => [l, true]));
    // Each agent's ping endpoint is listed for visitors while it reports. (The site's own location
    // may be listed beside them, with its own /api/ping only while its prober's rounds are recent.)
    for (const l of reporting.locations.filter((x) => x.source === 'agent')) expect(l.pingUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ping$/);

    const before = (await changes()).at(-1)?.id ?? 0;
    target.failing.add('singapore');
    const degraded = await until(web, (s) => s.status === 'degraded', 'one failing location to make it degraded', 15_000);
    expect(degraded.detail).toBe('Unreachable from Singapore');
    expect(degraded.locations?.find((l) => l.location === 'singapore')?.status).toBe('down');
    const toDegraded = (await changes()).filter((c) => c.id > before);
    expect(toDegraded.map((c) => c.to)).toEqual(['degraded']);
    expect(toDegraded[0]!.locations?.find((l) => l.location === 'singapore')).toMatchObject({ state: 'down', detail: 'HTTP 503' });
    // A minority failing tells nobody: no alert opened, nothing sent.
    expect(await db.selectFrom('alert').select('id').execute()).toEqual([]);

    target.failing.add('delhi-ncr');
    await until(web, (s) => s.status === 'down', 'two failing locations to make it down', 15_000);
    const toDown = (await changes()).filter((c) => c.id > before && c.to === 'down');
    expect(toDown).toHaveLength(1);
    expect(toDown[0]).toMatchObject({ monitorId: 'web', from: 'degraded', maintenance: false });
    expect(toDown[0]!.detail).toMatch(/HTTP 503 \(from (Delhi NCR and Singapore|Singapore and Delhi NCR)\)/);
    // The team is told through both channels, naming where it fails from, and a draft incident waits in the console.
    await receiver.waitFor((r) => r.requests.some((q) => q.body.type === 'alert.down'), 15_000);
    const alerted = receiver.requests.filter((q) => q.body.type === 'alert.down');
    expect(alerted).toHaveLength(1);
    expect(JSON.stringify(alerted[0]!.body)).toMatch(/Singapore/);
    await inbox.waitFor((i) => i.to('ops@example.com').length === 1, 15_000);
    expect(inbox.to('ops@example.com')[0]!.headers.get('subject')).toBe('[DOWN] Down: Web');
    const opened = await db.selectFrom('alert').select(['monitor_id', 'state', 'draft_state', 'locations']).execute();
    expect(opened).toEqual([{ monitor_id: 'web', state: 'firing', draft_state: 'draft', locations: expect.stringContaining('Singapore') }]);

    target.failing.clear();
    await until(web, (s) => s.status === 'operational', 'the monitor to recover', 15_000);
    const after = (await changes()).filter((c) => c.id > before).map((c) => c.to);
    // On the way back the two locations recover one after the other: down, perhaps degraded, then operational.
    expect(after.slice(0, 2)).toEqual(['degraded', 'down']);
    expect(after.at(-1)).toBe('operational');
    expect(after.slice(2, -1).every((to) => to === 'degraded')).toBe(true);
    expect(after.length).toBeLessThanOrEqual(4);
    // Recovery is told once per channel.
    await receiver.waitFor((r) => r.requests.some((q) => q.body.type === 'alert.recovered'), 15_000);
    await inbox.waitFor((i) => i.to('ops@example.com').length === 2, 15_000);
    expect(inbox.to('ops@example.com')[1]!.headers.get('subject')).toBe('[RECOVERED] Recovered: Web');
    expect(receiver.requests.filter((q) => q.body.type === 'alert.recovered')).toHaveLength(1);
    expect(receiver.requests.filter((q) => q.body.type === 'alert.down')).toHaveLength(1);
  }, 90_000);

  it('shows a stopped agent as not reporting and changes no monitor; resumed, it reports again', async () => {
    const before = (await changes()).at(-1)?.id ?? 0;
    const delhi = agents.get('delhi-ncr')!;
    delhi.child.kill('SIGSTOP');
    try {
      const quiet = await until(located, (r) => r.locations.find((l) => l.location === 'delhi-ncr')?.reporting === false, 'Delhi to be not reporting', 20_000);
      const entry = quiet.locations.find((l) => l.location === 'delhi-ncr')!;
      expect(entry.lastSeenAt).toBeGreaterThan(0);
      // No figure is borrowed while it does not report.
      expect(entry.pingUrl).toBeNull();
      // The two others keep deciding; the monitor stays up and nothing was announced.
      const newest = (await web()).checkedAt!;
      await until(web, (s) => s.checkedAt! > newest + 1000, 'the others to decide again', 10_000);
      expect((await web()).status).toBe('operational');
    } finally {
      delhi.child.kill('SIGCONT');
    }
    await until(located, (r) => r.locations.find((l) => l.location === 'delhi-ncr')?.reporting === true, 'Delhi to report again', 20_000);
    expect(
      (await changes()).filter((c) => c.id > before),
      JSON.stringify(await changes()),
    ).toEqual([]);
  }, 60_000);

  it('keeps probing while cut off from the site, and the buffered results fill its history', async () => {
    const frankfurtRows = async (since: number) =>
      (
        await db
          .selectFrom('status_location_result')
          .select('at')
          .where('monitor_id', '=', 'web')
          .where('location', '=', 'frankfurt')
          .where('at', '>=', since)
          .orderBy('at')
          .execute()
      ).map((r) => Number(r.at));
    const cutAt = Date.now();
    proxy.child.kill('SIGSTOP');
    let resumedAt: number;
    try {
      await until(located, (r) => r.locations.find((l) => l.location === 'frankfurt')?.reporting === false, 'Frankfurt to be not reporting', 20_000);
      // Cut off for a while: the others have reported several more rounds meanwhile.
      await until(
        async () => (await db.selectFrom('status_location_result').select('at').where('location', '=', 'singapore').where('at', '>', cutAt).execute()).length,
        (n) => n >= 16,
        'eight seconds of the others probing',
        30_000,
      );
      expect((await frankfurtRows(cutAt + 2000)).length).toBe(0);
    } finally {
      resumedAt = Date.now();
      proxy.child.kill('SIGCONT');
    }
    await until(located, (r) => r.locations.find((l) => l.location === 'frankfurt')?.reporting === true, 'Frankfurt to report again', 30_000);
    const rows = await until(
      () => frankfurtRows(cutAt),
      (at) => at.length > 0 && at.at(-1)! > resumedAt,
      'the buffered results to arrive',
      30_000,
    );
    // No hole: results all through the cut, never more than a few intervals apart.
    const gaps = rows.slice(1).map((at, i) => at - rows[i]!);
    expect(Math.max(...gaps)).toBeLessThan(intervalSeconds * 1000 * 4);
    expect(rows[0]! - cutAt).toBeLessThan(intervalSeconds * 1000 * 4);
    expect((await web()).status).toBe('operational');
  }, 120_000);
});
