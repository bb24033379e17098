import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { tempGameServer, type TempGameServer } from '../../helpers/temp-game-server.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { until } from '../../helpers/until.ts';

/** The panel's dates come from the app's clock (app.clock, server/lib/clock.ts): a test moves it and sees them move. */
describe.each(dialects)('the panel on a moved clock on %s', (dialect) => {
  const moved = Date.parse('2031-02-03T04:05:06Z');
  let database: TestDatabase;
  let server: TempGameServer;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = tempGameServer({ backupLimit: 2, files: { 'server.properties': 'motd=A fixture\n' } });
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: server.serversFile }), { now: () => moved });
    const connected = await app.inject({ method: 'POST', url: '/api/panel/session', payload: { serverId: server.id, key: fixtureKey } });
    expect(connected.statusCode).toBe(200);
    cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    server.remove();
  });

  it("names the console log's file by the clock's day", async () => {
    const log = await app.inject({ url: '/api/panel/console/log', headers: { cookie } });
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-disposition']).toBe(`attachment; filename=${server.id}-console-2031-02-03.log`);
  });

  it("dates a local backup, and names an unnamed one, by the clock's time", async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/panel/backups',
      payload: { name: '' },
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Backup at 2031-02-03 04:05:06', createdAt: '2031-02-03T04:05:06.000Z' });
    const ready = await until(
      () => app.inject({ url: '/api/panel/backups', headers: { cookie } }).then((r) => r.json().backups[0]),
      (backup) => backup.state === 'ready',
      'the backup is ready',
      20_000,
    );
    expect(ready.completedAt).toBe('2031-02-03T04:05:06.000Z');
  });
});
