import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { createTestDatabase, type dialects, type TestDatabase } from '../../helpers/databases.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { tempGameServer, type TempGameServer } from '../../helpers/temp-game-server.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { until } from '../../helpers/until.ts';

export const MiB = 1024 * 1024;
export const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff]);

/**
 * A local game server with a few files (a text file, a binary one, a large log, and a link
 * leading outside its folder), the app listening on a free port, and a panel session on it:
 * what panel-files-api.test.ts and panel-backups-api.test.ts act on. Set up in beforeAll.
 */
export function panelFilesFixture(dialect: (typeof dialects)[number]) {
  let database: TestDatabase;
  const fixture = {
    server: undefined as unknown as TempGameServer,
    app: undefined as unknown as FastifyInstance,
    port: 0,
    cookie: '',
    get: (url: string) => fixture.app.inject({ url, headers: { cookie: fixture.cookie } }),
    send: (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      fixture.app.inject({
        method,
        url,
        payload,
        headers: payload ? { cookie: fixture.cookie, 'content-type': 'application/json' } : { cookie: fixture.cookie },
        remoteAddress: '192.0.2.50',
      }),
    upload: (filePath: string, bytes: Buffer, headers: Record<string, string> = {}) =>
      fixture.app.inject({
        method: 'POST',
        url: `/api/panel/files/upload?path=${encodeURIComponent(filePath)}`,
        payload: bytes,
        headers: { cookie: fixture.cookie, 'content-type': 'application/octet-stream', ...headers },
        remoteAddress: '192.0.2.50',
      }),
    q: (value: string) => encodeURIComponent(value),
    waitFor: <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) => until(read, done, what, 20_000),
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    fixture.server = tempGameServer({
      backupLimit: 2,
      files: {
        'server.properties': 'motd=A fixture\nmax-players=20\n',
        'world/level.dat': binary,
        'logs/big.log': 'x'.repeat(MiB + 10),
      },
    });
    fs.symlinkSync(fixture.server.outside, path.join(fixture.server.root, 'escape'));
    fixture.app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: fixture.server.serversFile }));
    await fixture.app.listen({ port: 0, host: '127.0.0.1' });
    fixture.port = (fixture.app.server.address() as AddressInfo).port;
    const connected = await fixture.app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: fixture.server.id, key: fixtureKey },
      remoteAddress: '192.0.2.50',
    });
    expect(connected.statusCode).toBe(200);
    fixture.cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  });

  afterAll(async () => {
    await fixture.app.close();
    await database.drop();
    fixture.server.remove();
  });

  return fixture;
}
