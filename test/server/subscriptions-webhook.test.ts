import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { startDnsServer, type DnsServer } from '../helpers/dns-server.ts';
import { testConfig } from '../helpers/test-config.ts';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { incidentPayload, quietMonitorsFile, writeEvent } from './subscription-fixtures.ts';

const fast = { outbox: { pollIntervalMs: 50, sendTimeoutMs: 2_000, backoff: { baseMs: 20, maxMs: 200 } }, fanOutEveryMs: 60_000 };
const json = { 'content-type': 'application/json' };

/** The token of a confirm link in a posted confirmation (the embed links to the page). */
function confirmToken(request: ReceivedRequest): string {
  return new URL(request.body.embeds[0].url).hash.replace('#token=', '');
}

describe.each(dialects)('status subscriptions by webhook (%s)', (dialect) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let dns: DnsServer;
  let rebindReads = 0;
  const apps: FastifyInstance[] = [];
  const monitorsFile = quietMonitorsFile();

  beforeAll(async () => {
    dns = await startDnsServer({
      records: {
        'hooks.example.test': ['127.0.0.1'],
        'inside.example.test': ['10.20.30.40'],
        // Only an AAAA answer, an IPv4-compatible IPv6 address that carries 127.0.0.1.
        'compatible.example.test': ['::7f00:1'],
        // Public while the subscription is judged (its A and AAAA questions), then inside: DNS rebinding.
        get 'rebind.example.test'() {
          rebindReads += 1;
          return rebindReads <= 2 ? ['93.184.216.34'] : ['127.0.0.1'];
        },
      },
    });
  });
  afterAll(async () => {
    await dns.close();
  });
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    receiver = await startWebhookReceiver();
    rebindReads = 0;
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    await receiver.close();
    await database.drop();
  });

  /** An app whose webhook policy lets it reach the loopback receiver (as STATUS_CHECK_ALLOW_PRIVATE does). */
  async function openApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
    const app = await buildApp(
      testConfig(database.url, {
        MONITORS_FILE: monitorsFile,
        PUBLIC_URL: 'http://localhost:4321',
        STATUS_CHECK_ALLOW_PRIVATE: 'true',
        STATUS_CHECK_PORTS: `80,443,${receiver.port}`,
        STATUS_CHECK_DNS_SERVERS: dns.address,
        ...env,
      }),
      { subscriptions: fast },
    );
    apps.push(app);
    await app.ready();
    return app;
  }

  const subscribe = (app: FastifyInstance, body: unknown, ip = '203.0.113.9') =>
    app.inject({ method: 'POST', url: '/api/status/subscriptions/', headers: json, payload: JSON.stringify(body), remoteAddress: ip });

  it('posts a Discord- and Slack-compatible confirmation, then each incident once, to exactly the judged address', async () => {
    const app = await openApp();
    // A name only the checker's resolver knows: the delivery reaches the receiver only if it
    // connects to the address that was judged, not to whatever the system resolver says.
    const url = `http://hooks.example.test:${receiver.port}/api/webhooks/42/secret-token`;
    expect((await subscribe(app, { channel: 'webhook', address: url, monitorIds: [] })).statusCode).toBe(202);
    await receiver.waitFor((r) => r.accepted().length === 1);
    const confirmation = receiver.requests[0]!;
    expect(confirmation.url).toBe('/api/webhooks/42/secret-token');
    expect(confirmation.headers.host).toBe(`hooks.example.test:${receiver.port}`);
    expect(confirmation.body.content).toBe('**Confirm your status notifications**');
    expect(confirmation.body.text).toMatch(/^\*Confirm your status notifications\*\n/);
    expect(confirmation.body.allowed_mentions).toEqual({ parse: [] });
    expect(confirmation.headers['idempotency-key']).toMatch(/^notification-\d+$/);

    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/status/subscriptions/confirm',
      headers: json,
      payload: JSON.stringify({ token: confirmToken(confirmation) }),
    });
    expect(confirmed.json()).toEqual({ channel: 'webhook', allMonitors: true, monitors: [] });

    await writeEvent(app.db, 'incident.created', incidentPayload({ title: 'Edge <down> & *out*' }));
    await app.jobs.runNow('status notifications fan-out');
    await receiver.waitFor((r) => r.accepted().length === 2);
    await app.subscriptions.outbox.idle();
    expect(receiver.requests).toHaveLength(2);
    const notice = receiver.requests[1]!.body;
    // Discord: content and an embed (markdown escaped); Slack: text (&, < and > escaped).
    expect(notice.content).toBe('**New incident: Edge \\<down\\> & \\*out\\***');
    expect(notice.text.split('\n')[0]).toBe('*New incident: Edge &lt;down&gt; &amp; *out**');
    expect(notice.embeds[0]).toMatchObject({
      title: 'Edge <down> & *out*',
      url: 'http://localhost:4321/network-status',
      color: 0xf97316,
      fields: [
        { name: 'Status', value: 'Investigating', inline: true },
        { name: 'Impact', value: 'Major', inline: true },
        { name: 'Affects', value: 'Edge \\- 01', inline: false },
      ],
    });
    expect(notice.embeds[0].description).toContain('[Unsubscribe](http://localhost:4321/network-status/unsubscribe#token=');
    expect(notice.text).toContain('<http://localhost:4321/network-status/unsubscribe#token=');
  });

  it('caps confirmations per destination, however its URL is spelled', async () => {
    const app = await openApp();
    const base = `http://hooks.example.test:${receiver.port}/api/webhooks/42/secret-token`;
    const spellings = [
      base,
      `${base}?a=1`,
      `${base}/`,
      `${base}/?a=2`,
      `http://HOOKS.Example.TEST:${receiver.port}/api/webhooks/42/secret-token`,
      `http://hooks.example.test.:${receiver.port}/api/webhooks/42/secret-token`,
      `http://hooks.example.test:${receiver.port}//api/webhooks/42/secret-token`,
      `http://hooks.example.test:${receiver.port}/api/webhooks/42/%73ecret-token`,
      `${base}?wait=true`,
    ];
    let client = 0;
    for (const address of spellings) {
      expect((await subscribe(app, { channel: 'webhook', address }, `198.51.100.${++client}`)).statusCode, address).toBe(202);
    }
    expect(await app.db.selectFrom('subscription').selectAll().execute()).toHaveLength(1);
    const confirmations = await app.db.selectFrom('subscription_notification').selectAll().where('kind', '=', 'confirm').execute();
    expect(confirmations).toHaveLength(3);
    await receiver.waitFor((r) => r.accepted().length === 3);
    expect(receiver.requests).toHaveLength(3);
  });

  it('refuses webhooks outside the public internet when subscribing, with one answer for private and unknown names', async () => {
    const app = await openApp({ STATUS_CHECK_ALLOW_PRIVATE: 'false' });
    const refusals: [string, RegExp][] = [
      [`http://hooks.example.test:${receiver.port}/x`, /https:\/\/ address/],
      ['https://127.0.0.1/api/webhooks/1/x', /must resolve to a public internet address/],
      ['https://10.0.0.7/hook', /must resolve to a public internet address/],
      ['https://[::1]/hook', /must resolve to a public internet address/],
      ['https://[::ffff:192.168.1.1]/hook', /must resolve to a public internet address/],
      ['https://[::7f00:1]/hook', /must resolve to a public internet address/],
      ['https://[::ffff:0:a00:7]/hook', /must resolve to a public internet address/],
      ['https://[64:ff9b::a9fe:a9fe]/hook', /must resolve to a public internet address/],
      ['https://[2002:7f00:1::1]/hook', /must resolve to a public internet address/],
      ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook', /must resolve to a public internet address/],
      ['https://compatible.example.test/hook', /must resolve to a public internet address/],
      ['https://169.254.169.254/latest', /must resolve to a public internet address/],
      ['https://localhost/hook', /must resolve to a public internet address/],
      ['https://inside.example.test/hook', /must resolve to a public internet address/],
      ['https://nowhere.example.test/hook', /must resolve to a public internet address/],
      ['https://hooks.example.test:22/hook', /Port 22 cannot be used/],
      ['https://user:pw@hooks.example.test/hook', /user name or password/],
    ];
    let i = 0;
    for (const [address, message] of refusals) {
      const response = await subscribe(app, { channel: 'webhook', address }, `192.0.2.${++i}`);
      expect(response.statusCode, address).toBe(400);
      expect(response.json().error.fields.address, address).toMatch(message);
    }
    const privateName = await subscribe(app, { channel: 'webhook', address: 'https://inside.example.test/hook' }, '192.0.2.100');
    const unknownName = await subscribe(app, { channel: 'webhook', address: 'https://nowhere.example.test/hook' }, '192.0.2.101');
    expect(privateName.json().error.fields).toEqual(unknownName.json().error.fields);
    expect(await app.db.selectFrom('subscription').selectAll().execute()).toEqual([]);
  });

  it('judges the webhook again at delivery: a name re-pointed inside gets nothing', async () => {
    const app = await openApp({ STATUS_CHECK_ALLOW_PRIVATE: 'false' });
    const response = await subscribe(app, { channel: 'webhook', address: 'https://rebind.example.test/api/webhooks/1/x' });
    expect(response.statusCode).toBe(202);
    await expect
      .poll(async () => (await app.db.selectFrom('subscription_attempt').select(['outcome', 'error']).execute())[0], { timeout: 10_000 })
      .toEqual({
        outcome: 'failed',
        error: 'refused by the address policy at delivery: This webhook address cannot be used: its host must resolve to a public internet address.',
      });
    expect(rebindReads).toBeGreaterThan(2);
    expect(receiver.requests).toEqual([]);
    // The link tokens are minted only for a message that may leave.
    expect(await app.db.selectFrom('subscription_token').selectAll().execute()).toEqual([]);
  });

  if (dialect === 'postgres')
    it('fans each event out exactly once with two instances, delivering each notification once', { timeout: 60_000 }, async () => {
      const a = await openApp();
      const b = await openApp();
      const subscribers = 12;
      for (let i = 0; i < subscribers; i++) {
        const app = i % 2 ? a : b;
        const response = await subscribe(app, { channel: 'webhook', address: `${receiver.url}-subscriber-${i}` }, `198.51.100.${i + 1}`);
        expect(response.statusCode).toBe(202);
      }
      await receiver.waitFor((r) => r.accepted().length === subscribers);
      for (const request of receiver.requests.slice()) {
        const confirmed = await a.inject({
          method: 'POST',
          url: '/api/status/subscriptions/confirm',
          headers: json,
          payload: JSON.stringify({ token: confirmToken(request) }),
        });
        expect(confirmed.statusCode).toBe(200);
      }
      receiver.answer((_r, i) => ({ status: i % 9 === 4 ? 500 : 204, delayMs: 2 }));
      // Events written while both instances fan out as fast as they can.
      const events = 8;
      const fanning = (async () => {
        for (let round = 0; round < 40; round++) {
          await Promise.all([a.jobs.runNow('status notifications fan-out'), b.jobs.runNow('status notifications fan-out')]);
        }
      })();
      for (let e = 0; e < events; e++) await writeEvent(a.db, 'incident.created', incidentPayload({ id: `inc-${e}`, title: `Incident ${e}` }));
      await fanning;
      await Promise.all([a.jobs.runNow('status notifications fan-out'), b.jobs.runNow('status notifications fan-out')]);
      await receiver.waitFor((r) => r.accepted().length >= subscribers + subscribers * events, 40_000);
      await Promise.all([a.subscriptions.outbox.idle(), b.subscriptions.outbox.idle()]);
      const notices = receiver.accepted().filter((r) => r.body.content.startsWith('**New incident'));
      const keys = notices.map((r) => `${r.url} ${r.body.embeds[0].title}`);
      expect(keys).toHaveLength(subscribers * events);
      expect(new Set(keys).size).toBe(subscribers * events);
      const created = () =>
        a.db.selectFrom('subscription_notification').select(['subscription_id', 'event_id', 'status']).where('kind', '=', 'incident.created').execute();
      // A receiver has its request before the worker records the answer.
      await expect.poll(async () => (await created()).filter((r) => r.status === 'delivered').length, { timeout: 10_000 }).toBe(subscribers * events);
      expect(await created()).toHaveLength(subscribers * events);
      const workers = await a.db.selectFrom('subscription_attempt').select('worker').distinct().where('outcome', '=', 'delivered').execute();
      expect(workers.length).toBe(2);
    });
});
