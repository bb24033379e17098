import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { buildApp } from '../../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { fixtureKey } from '../../helpers/panel-fixture.ts';
import { tempGameServer, type TempGameServer } from '../../helpers/temp-game-server.ts';
import { testConfig } from '../../helpers/test-config.ts';

/**
 * Uploads at once through the browser API cannot pass the plan's disk together: each reserves its
 * size before it writes (README, Security; docs/decisions.md 71).
 */

const MiB = 1024 * 1024;

describe.each(dialects)('parallel uploads on a 50 MB disk on %s', (dialect) => {
  let database: TestDatabase;
  let server: TempGameServer;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = tempGameServer({ id: 'upload-disk', extra: { limits: { memory: 1024, disk: 50, cpu: 100 } } });
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: server.serversFile }));
    const connected = await app.inject({
      method: 'POST',
      url: '/api/panel/session',
      payload: { serverId: server.id, key: fixtureKey },
      remoteAddress: '192.0.2.80',
    });
    expect(connected.statusCode).toBe(200);
    cookie = `hf_panel=${connected.cookies.find((c) => c.name === 'hf_panel')!.value}`;
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    server.remove();
  });

  it('five 30 MiB uploads at once: one 204, four 413 over_disk_limit saying so, one file written', async () => {
    const body = Buffer.alloc(30 * MiB, 3);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        app.inject({
          method: 'POST',
          url: `/api/panel/files/upload?path=part-${n}.bin`,
          payload: body,
          headers: { cookie, 'content-type': 'application/octet-stream' },
          remoteAddress: '192.0.2.80',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 413, 413, 413, 413]);
    for (const answer of answers.filter((a) => a.statusCode === 413)) {
      const { error } = answer.json() as { error: { code: string; message: string } };
      expect(error.code).toBe('over_disk_limit');
      expect(error.message).toMatch(/^This would take the server over its 50 MB disk/);
    }
    expect(fs.readdirSync(server.root).filter((name) => name.startsWith('part-'))).toHaveLength(1);
  });
});
