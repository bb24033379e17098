import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { testConfig } from '../helpers/test-config.ts';
import { Listener, monitorsCli, writeMonitorsFile } from './status-helpers.ts';

// The flake in incidents-cluster.test.ts ("imports from a file", an empty stdout in a full run) was this:
// the CLI's transaction read, the server committed a probe result, the CLI's write failed at once.
describe('npm run monitors -- import while the running server records probe results (sqlite)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let listener: Listener;
  const count = 40;
  const rounds = 12;
  const monitors = (extra: number) =>
    Array.from({ length: count + extra }, (_, i) => ({ id: `m${i}`, name: `M ${i}`, type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.2 }));

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    listener = new Listener(await freePort());
    await listener.open();
    app = await buildApp(testConfig(database.url));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await listener?.close();
    await database?.drop();
  });

  it('never fails with "database is locked"', { timeout: 120_000 }, async () => {
    const env = { DATABASE_URL: database.url };
    expect((await monitorsCli(['import', writeMonitorsFile({ monitors: monitors(0) })], env)).code).toBe(0);
    const results: string[] = [];
    for (let round = 1; round <= rounds; round++) {
      const result = await monitorsCli(['import', writeMonitorsFile({ monitors: monitors(round) })], env);
      results.push(`${result.code} ${result.stdout.split('\n')[0]} ${result.stderr}`);
    }
    expect(results).toEqual(Array.from({ length: rounds }, (_, i) => `0 Added 1: m${count + i} `));
  });
});
