import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { incidentPayload, writeEvent } from './subscription-fixtures.ts';

const titled = (title: string) => (r: ReceivedRequest) => r.body?.embeds?.[0]?.title === title;

describe.each(dialects)('status notifications across a crash of the real server (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database> | undefined;
  let receiver: WebhookReceiver;
  const servers: ServerProcess[] = [];

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill();
    await receiver.close();
    await db?.destroy();
    db = undefined;
    await database.drop();
  });

  it('delivers each incident to a webhook exactly once when killed with SIGKILL mid-delivery and started again', { timeout: 90_000 }, async () => {
    const env = { DATABASE_URL: database.url, STATUS_CHECK_ALLOW_PRIVATE: 'true', STATUS_CHECK_PORTS: String(receiver.port) };
    const first = await startServer(env);
    servers.push(first);
    const subscribed = await fetch(`${first.url}/api/status/subscriptions/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'webhook', address: receiver.url }),
    });
    expect(subscribed.status).toBe(202);
    await receiver.waitFor((r) => r.accepted().length === 1);
    const token = new URL(receiver.requests[0]!.body.embeds[0].url).hash.replace('#token=', '');
    const confirmed = await fetch(`${first.url}/api/status/subscriptions/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status).toBe(200);

    // The receiver takes the second incident but answers it only after 5 s: the server dies first.
    receiver.answer((r) => (titled('Second outage')(r) ? { status: 204, delayMs: 5_000 } : { status: 204 }));
    db = openDatabase(database.url).db;
    await writeEvent(db, 'incident.created', incidentPayload({ id: 'a', title: 'First outage' }));
    await writeEvent(db, 'incident.created', incidentPayload({ id: 'b', title: 'Second outage' }));
    await receiver.waitFor((r) => r.requests.some(titled('Second outage')), 20_000);
    await first.kill();
    expect(first.child.signalCode).toBe('SIGKILL');
    receiver.answer(() => ({ status: 204 }));
    if (dialect === 'postgres') {
      // Another instance may be alive on PostgreSQL, so only an expired lease frees a claim: let it
      // run out here (as 130 s would) rather than wait.
      await db
        .updateTable('subscription_notification')
        .set({ claimed_until: Date.now() - 1 })
        .where('claimed_until', 'is not', null)
        .execute();
    }

    const second = await startServer(env);
    servers.push(second);
    await receiver.waitFor((r) => r.accepted().filter(titled('Second outage')).length === 1, 30_000);
    // Once both are stored as delivered, nothing is left for the server to send.
    const statuses = () => db!.selectFrom('subscription_notification').select('status').where('event_id', 'is not', null).execute();
    await expect.poll(async () => (await statuses()).map((row) => row.status), { timeout: 10_000 }).toEqual(['delivered', 'delivered']);

    // The first was accepted before the crash and is never sent again.
    expect(receiver.requests.filter(titled('First outage'))).toHaveLength(1);
    expect(receiver.accepted().filter(titled('First outage'))).toHaveLength(1);
    // The second was in flight: the dead process never heard the answer, so it is sent once more,
    // under the same Idempotency-Key, and accepted once.
    const seconds = receiver.requests.filter(titled('Second outage'));
    expect(seconds).toHaveLength(2);
    expect(seconds[0]!.answered).toBeUndefined();
    expect(seconds[1]!.answered).toBe(204);
    expect(seconds[0]!.headers['idempotency-key']).toBe(seconds[1]!.headers['idempotency-key']);
    const rows = await db
      .selectFrom('subscription_notification')
      .select(['kind', 'status', 'attempts'])
      .where('event_id', 'is not', null)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'incident.created', status: 'delivered', attempts: 1 },
      { kind: 'incident.created', status: 'delivered', attempts: 1 },
    ]);
  });
});
