import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { Listener, SseClient, writeMonitorsFile } from './status-helpers.ts';

const intervalMs = 500;
const leaderLine = 'this instance now runs the probes';

async function until(predicate: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await predicate())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}

// Several instances share one PostgreSQL: only there can more than one run.
describe('status on several instances sharing PostgreSQL', () => {
  let database: TestDatabase;
  let listener: Listener;
  let env: Record<string, string>;
  let admin: pg.Client;
  const servers: ServerProcess[] = [];
  const clients: SseClient[] = [];

  const start = async (): Promise<ServerProcess> => {
    const server = await startServer(env);
    servers.push(server);
    return server;
  };
  const stream = async (server: ServerProcess): Promise<SseClient> => {
    const client = await SseClient.open(`${server.url}/api/status/stream`);
    clients.push(client);
    return client;
  };
  const advisoryHolders = async (): Promise<number> => {
    const result = await admin.query<{ n: string }>(
      "select count(*) as n from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and l.granted and d.datname = current_database()",
    );
    return Number(result.rows[0]!.n);
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    listener = new Listener(await freePort());
    await listener.open();
    env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      MONITORS_FILE: writeMonitorsFile({
        monitors: [{ id: 'edge', name: 'Edge', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: intervalMs / 1000, timeoutSeconds: 1 }],
      }),
    };
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    for (const s of servers) await s.kill();
    await admin?.end();
    await listener?.close();
    await database?.drop();
  });

  it('one instance probes, every instance streams the same rounds, and another takes over when the prober stops or dies', async () => {
    const a = await start();
    await until(() => a.output().includes(leaderLine), 5000, 'instance A to take the prober lock');
    const b = await start();
    const c = await start();
    const [streamA, streamB, streamC] = [await stream(a), await stream(b), await stream(c)];

    // Every instance streams the rounds of the one prober: same ids, same data.
    await Promise.all([streamA, streamB, streamC].map((s) => s.waitFor((x) => x.updates().length >= 4, 10_000, 'four rounds')));
    const idsA = new Set(streamA.updates().map((u) => u.id));
    const shared = streamB.updates().filter((u) => idsA.has(u.id));
    expect(shared.length).toBeGreaterThanOrEqual(2);
    expect(streamC.updates().filter((u) => idsA.has(u.id)).length).toBeGreaterThanOrEqual(2);
    for (const u of shared) expect(u.data).toEqual(streamA.updates().find((x) => x.id === u.id)!.data);

    // Exactly one probes: one advisory lock holder, one prober line, one result per interval.
    expect(await advisoryHolders()).toBe(1);
    expect(b.output()).not.toContain(leaderLine);
    expect(c.output()).not.toContain(leaderLine);
    const count = async (): Promise<number> => Number((await admin.query<{ n: string }>('select count(*) as n from status_result')).rows[0]!.n);
    const before = await count();
    // Fixed wait: it counts the results of four intervals: how many come in a given time is the point.
    await new Promise((r) => setTimeout(r, 4 * intervalMs));
    const during = (await count()) - before;
    expect(during).toBeGreaterThanOrEqual(3);
    expect(during).toBeLessThanOrEqual(5);

    // A stops gracefully: B or C takes over within two intervals, and the streams go on.
    const lastBeforeStop = Math.max(...streamB.updates().map((u) => u.id));
    const stopped = Date.now();
    await a.stop();
    const takenOver = await until(() => b.output().includes(leaderLine) || c.output().includes(leaderLine), 2 * intervalMs, 'a takeover after A stopped');
    expect(takenOver).toBeLessThanOrEqual(2 * intervalMs);
    await streamB.waitFor((x) => x.updates().some((u) => u.id > lastBeforeStop), 3000, 'a round from the new prober');
    await streamC.waitFor((x) => x.updates().some((u) => u.id > lastBeforeStop), 3000, 'a round from the new prober');
    expect(Date.now() - stopped).toBeLessThan(4 * intervalMs);
    expect(await advisoryHolders()).toBe(1);

    // The new prober dies without a word (SIGKILL): the last one takes over.
    const [holder, survivor, survivorStream] = b.output().includes(leaderLine) ? [b, c, streamC] : [c, b, streamB];
    const lastBeforeKill = Math.max(...survivorStream.updates().map((u) => u.id));
    await holder.kill();
    const killedAt = Date.now();
    const takeover = await until(() => survivor.output().includes(leaderLine), 2 * intervalMs, 'a takeover after the prober died');
    expect(takeover).toBeLessThanOrEqual(2 * intervalMs);
    await survivorStream.waitFor((x) => x.updates().some((u) => u.id > lastBeforeKill), 3000, 'a round after the takeover');
    expect(Date.now() - killedAt).toBeLessThan(4 * intervalMs);
    expect(await advisoryHolders()).toBe(1);
    // The board of the survivor still says the listener is operational.
    const report = (await (await fetch(`${survivor.url}/api/status`)).json()) as { servers: { status: string }[] };
    expect(report.servers[0]!.status).toBe('operational');
  }, 60_000);
});
