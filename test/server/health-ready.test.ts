import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { testConfig } from '../helpers/test-config.ts';
import { Listener, writeMonitorsFile } from './status-helpers.ts';

describe.each(dialects)('GET /api/health/ready (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance | undefined;
  let panel: FakePterodactyl | undefined;
  afterEach(async () => {
    await app?.close();
    await panel?.close();
    app = undefined;
    panel = undefined;
    await database.drop();
  });

  it('is ready when the database, the prober and the engine are, and reports each part', async () => {
    database = await createTestDatabase(dialect);
    const listener = new Listener(await freePort());
    await listener.open();
    try {
      const monitorsFile = writeMonitorsFile({ monitors: [{ id: 'up', name: 'Up', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.2 }] });
      app = await buildApp(testConfig(database.url, { MONITORS_FILE: monitorsFile }));
      await app.ready();
      const response = await app.inject('/api/health/ready');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body.status).toBe('ready');
      expect(body.parts.database).toMatchObject({ ok: true, required: true });
      expect(body.parts.prober).toMatchObject({ ok: true, required: true, detail: 'this instance runs the probes' });
      expect(body.parts.engine).toMatchObject({ ok: true, required: true });
      expect(body.parts.outbox).toMatchObject({ ok: true, required: false });
    } finally {
      await listener.close();
    }
  });

  it('is not ready (503) while the Pterodactyl panel does not answer, and ready once it does', async () => {
    database = await createTestDatabase(dialect);
    const closedPort = await freePort();
    app = await buildApp(testConfig(database.url, { PANEL_DRIVER: 'pterodactyl', PANEL_URL: `http://127.0.0.1:${closedPort}` }));
    await app.ready();
    const down = await app.inject('/api/health/ready');
    expect(down.statusCode).toBe(503);
    expect(down.json().status).toBe('not_ready');
    expect(down.json().parts.engine).toMatchObject({ ok: false, detail: expect.stringContaining('unreachable') });
    // Liveness stays fast and green: the instance is alive, just not ready.
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    await app.close();

    panel = await startFakePterodactyl();
    app = await buildApp(testConfig(database.url, { PANEL_DRIVER: 'pterodactyl', PANEL_URL: panel.url }));
    await app.ready();
    const up = await app.inject('/api/health/ready');
    expect(up.statusCode).toBe(200);
    expect(up.json().parts.engine).toMatchObject({ ok: true, detail: expect.stringContaining('the panel answers') });
  });

  it('reports an old outbox backlog without leaving rotation for it', async () => {
    database = await createTestDatabase(dialect);
    app = await buildApp(testConfig(database.url, { CONTACT_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/hook` }));
    await app.ready();
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Asha', email: 'asha@example.com', subject: 'Hi', message: 'Hello' },
    });
    expect(sent.statusCode).toBe(202);
    await app.db
      .updateTable('contact_deliveries')
      .set({ created_at: Date.now() - 2 * 3_600_000 })
      .execute();
    const response = await app.inject('/api/health/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json().parts.outbox).toMatchObject({
      ok: false,
      required: false,
      detail: expect.stringMatching(/^1 waiting, the oldest for 1[12]\d min$/),
    });
  });
});
