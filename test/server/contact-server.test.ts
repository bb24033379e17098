import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const valid = { name: 'Asha Rao', email: 'asha@example.com', subject: 'Survives a crash', message: 'Please do not lose me.' };

async function postMessage(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(valid),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

describe.each(dialects)('the real server process (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database> | undefined;
  let receiver: WebhookReceiver | undefined;
  const servers: ServerProcess[] = [];

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill();
    await receiver?.close();
    receiver = undefined;
    await db?.destroy();
    db = undefined;
    await database.drop();
  });

  it('delivers a message after being killed with SIGKILL between storing and delivering', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const env = { DATABASE_URL: database.url, CONTACT_WEBHOOK_URL: `http://127.0.0.1:${port}/api/webhooks/1/token` };
    // The webhook is down: the first attempt fails and the message waits in the outbox.
    const first = await startServer(env);
    servers.push(first);
    const id = await postMessage(first);
    db = openDatabase(database.url).db;
    const stored = await db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
    expect(stored).toMatchObject(valid);
    // Kill it once the failed first attempt is recorded (a kill during an attempt leaves a claim
    // that PostgreSQL instances honour until its lease runs out; the outbox tests cover that).
    await expect
      .poll(
        async () => {
          const d = await db!.selectFrom('contact_deliveries').selectAll().where('message_id', '=', id).executeTakeFirst();
          return d !== undefined && d.attempts >= 1 && d.claimed_until === null;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await first.kill();
    expect(first.child.signalCode).toBe('SIGKILL');
    const delivery = await db.selectFrom('contact_deliveries').selectAll().where('message_id', '=', id).executeTakeFirstOrThrow();
    expect(delivery.status).toBe('pending');

    receiver = await startWebhookReceiver({ port });
    const second = await startServer(env);
    servers.push(second);
    await receiver.waitFor((r) => r.accepted().length === 1, 30_000);
    expect(receiver.requests[0]!.body.embeds[0].fields[2].value).toBe('Survives a crash');
    expect(receiver.requests[0]!.body.embeds[0].footer.text).toContain(id);
    await expect
      .poll(async () => (await db!.selectFrom('contact_deliveries').select('status').where('message_id', '=', id).executeTakeFirstOrThrow()).status)
      .toBe('delivered');
    // Fixed wait: proves no second delivery follows; one that does not come has no event to wait for.
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests).toHaveLength(1);
  });

  if (dialect === 'sqlite')
    it('sends again a message whose delivery was in flight when the process died', { timeout: 60_000 }, async () => {
      receiver = await startWebhookReceiver();
      receiver.answer(() => ({ hang: true }));
      const env = { DATABASE_URL: database.url, CONTACT_WEBHOOK_URL: receiver.url };
      const first = await startServer(env);
      servers.push(first);
      const id = await postMessage(first);
      await receiver.waitFor((r) => r.requests.length === 1);
      await first.kill();
      receiver.answer(() => ({ status: 204 }));
      const second = await startServer(env);
      servers.push(second);
      // At least once: the claim of the dead process is taken back at start and the message goes again.
      await receiver.waitFor((r) => r.accepted().length === 1, 20_000);
      expect(receiver.accepted()[0]!.body.embeds[0].footer.text).toContain(id);
    });

  it('says at start that messages are only stored when no channel is configured', { timeout: 30_000 }, async () => {
    const server = await startServer({ DATABASE_URL: database.url });
    servers.push(server);
    await postMessage(server);
    expect(server.output()).toContain('contact messages are stored only: no delivery channel is configured');
  });
});
