import mc from 'minecraft-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { testConfig } from '../helpers/test-config.ts';
import { SseClient, writeMonitorsFile } from './status-helpers.ts';

type Server = { id: string; status: string; version?: string; players?: { online: number; max: number } };

describe.each(dialects)('a Minecraft monitor’s version and players (%s)', (dialect) => {
  let database: TestDatabase;
  let port: number;
  let minecraft: ReturnType<typeof mc.createServer>;
  let file: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    port = await freePort();
    minecraft = mc.createServer({ port, host: '127.0.0.1', 'online-mode': false, version: '1.21.4', motd: 'Test', maxPlayers: 42 });
    await new Promise<void>((resolve) => minecraft.once('listening', () => resolve()));
    file = writeMonitorsFile({
      monitors: [{ id: 'smp', name: 'SMP', type: 'minecraft', target: `127.0.0.1:${port}`, intervalSeconds: 0.3, timeoutSeconds: 2, failuresBeforeDown: 1 }],
    });
  });
  afterAll(async () => {
    minecraft?.close();
    await database?.drop();
  });

  it('are carried through rounds, the stream and the report, and read back from storage after a restart', async () => {
    const app = await buildApp(testConfig(database.url, { MONITORS_FILE: file }));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await SseClient.open(`${base}/api/status/stream`);
    try {
      await stream.waitFor((c) => c.updates().some((u) => u.data.some((d) => d.id === 'smp' && d.latency > 0)), 10_000, 'an answered ping');
      const pushed = stream
        .updates()
        .flatMap((u) => u.data)
        .find((d) => d.id === 'smp' && d.latency > 0) as unknown as Server;
      expect(pushed).toMatchObject({ version: '1.21.4', players: { online: 0, max: 42 } });
      const report = (await app.inject('/api/status')).json() as { servers: Server[] };
      expect(report.servers[0]).toMatchObject({ id: 'smp', status: 'operational', version: '1.21.4', players: { online: 0, max: 42 } });
    } finally {
      stream.close();
      await app.close();
    }
    // After a restart, before any new probe answers: what is stored.
    const again = await buildApp(testConfig(database.url, { MONITORS_FILE: file }));
    try {
      await again.ready();
      const report = (await again.inject('/api/status')).json() as { servers: Server[] };
      expect(report.servers[0]).toMatchObject({ version: '1.21.4', players: { online: 0, max: 42 } });
      // Down: the players are no longer known, the version is.
      minecraft.close();
      const deadline = Date.now() + 10_000;
      let server: Server;
      do {
        await new Promise((r) => setTimeout(r, 100));
        server = ((await again.inject('/api/status')).json() as { servers: Server[] }).servers[0]!;
      } while (server.status !== 'down' && Date.now() < deadline);
      expect(server).toMatchObject({ status: 'down', version: '1.21.4' });
      expect(server.players).toBeUndefined();
    } finally {
      await again.close();
    }
  });
});
