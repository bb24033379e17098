import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { auditRows, staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { writeMonitorsFile } from './status-helpers.ts';

describe.each(dialects)("the agents' API and their tokens on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: StaffUser;
  let support: StaffUser;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    app = await buildApp(
      testConfig(database.url, {
        // The site's own prober probes only until an agent reports; the test is the agent.
        MONITORS_FILE: writeMonitorsFile({
          monitors: [{ id: 'web', name: 'Web', type: 'http', target: 'http://127.0.0.1:9/', intervalSeconds: 60, failuresBeforeDown: 1 }],
        }),
        STATUS_PROBER: 'standby',
      }),
    );
    await app.ready();
    admin = await staffUser(app, 'admin@example.com', 'admin');
    support = await staffUser(app, 'support@example.com', 'support');
  });
  afterEach(async () => {
    await app?.close();
    await database?.drop();
  });

  const as = (user: StaffUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const agentCall = (token: string, method: 'GET' | 'POST', url: string, payload?: object | string) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
    });

  it('lets admins make a token (shown once, stored hashed, audited) that the agent then uses, and revoke it', async () => {
    const made = await as(admin, 'POST', '/api/staff/probe-agents', { location: 'singapore' });
    expect(made.statusCode, made.body).toBe(201);
    const { token, id } = made.json() as { token: string; id: string };
    expect(token).toMatch(/^hfp_/);
    const stored = await app.db.selectFrom('probe_agent').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = (await as(admin, 'GET', '/api/staff/probe-agents')).json() as { agents: object[] };
    expect(listed.agents).toMatchObject([{ id, location: 'singapore', createdBy: 'admin@example.com', lastSeenAt: null, revokedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(token);

    const monitors = await agentCall(token, 'GET', '/api/probes/monitors');
    expect(monitors.statusCode, monitors.body).toBe(200);
    expect(monitors.json()).toMatchObject({
      location: 'singapore',
      monitors: [{ id: 'web', type: 'http', target: 'http://127.0.0.1:9/', intervalSeconds: 60 }],
    });

    const at = Date.now();
    const sent = await agentCall(token, 'POST', '/api/probes/results', {
      results: [
        { monitorId: 'web', at, ok: false, latency: 0, error: 'HTTP 503' },
        { monitorId: 'gone', at, ok: true, latency: 3 },
      ],
      pingUrl: 'https://sg.example.com/ping',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ accepted: 1, ignored: 1 });
    const history = await app.db
      .selectFrom('status_location_result')
      .select(['monitor_id', 'location', 'state', 'error'])
      .where('location', '=', 'singapore')
      .execute();
    expect(history).toEqual([{ monitor_id: 'web', location: 'singapore', state: 'down', error: 'HTTP 503' }]);
    // Singapore sees it down, and so does the site's own prober (nothing listens on port 9).
    const board = (await app.inject('/api/status')).json() as { servers: { status: string; locations?: { location: string }[] }[] };
    expect(board.servers[0]!.status).toBe('down');
    expect(board.servers[0]!.locations?.map((l) => l.location)).toContain('singapore');
    const located = (await app.inject('/api/status/locations')).json();
    expect(located).toEqual({
      locations: [
        { location: 'singapore', name: 'Singapore', source: 'agent', reporting: true, lastSeenAt: expect.any(Number), pingUrl: 'https://sg.example.com/ping' },
      ],
    });
    // The same batch again (a lost answer) is not stored twice.
    await agentCall(token, 'POST', '/api/probes/results', { results: [{ monitorId: 'web', at, ok: false, latency: 0, error: 'HTTP 503' }] });
    expect(await app.db.selectFrom('status_location_result').select('id').where('location', '=', 'singapore').execute()).toHaveLength(1);

    const revoked = await as(admin, 'POST', `/api/staff/probe-agents/${id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id, revokedAt: expect.any(Number) });
    expect((await agentCall(token, 'GET', '/api/probes/monitors')).statusCode).toBe(401);
    expect((await as(admin, 'POST', `/api/staff/probe-agents/${id}/revoke`)).statusCode).toBe(409);
    expect((await auditRows(app, 'probe_agent.created'))[0]).toMatchObject({ target: id });
    expect((await auditRows(app, 'probe_agent.revoked'))[0]).toMatchObject({ target: id });
  });

  it('refuses bad tokens, bad batches and oversized bodies with a clear 4xx, storing nothing', async () => {
    const { token } = (await as(admin, 'POST', '/api/staff/probe-agents', { location: 'frankfurt' })).json() as { token: string };
    const noToken = await app.inject({ method: 'POST', url: '/api/probes/results', payload: { results: [] } });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().error.code).toBe('agent_token_invalid');
    expect((await agentCall('hfp_not-a-real-token', 'GET', '/api/probes/monitors')).statusCode).toBe(401);

    const bad = await agentCall(token, 'POST', '/api/probes/results', { results: [{ monitorId: 'web', at: -1, ok: 'yes', latency: 0 }] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields ?? {})).toEqual(expect.arrayContaining(['results.0.at', 'results.0.ok']));
    const tooMany = await agentCall(token, 'POST', '/api/probes/results', {
      results: Array.from({ length: 1001 }, (_, i) => ({ monitorId: 'web', at: i, ok: true, latency: 1 })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.results).toBe('at most 1000 results at once');
    const huge = await agentCall(token, 'POST', '/api/probes/results', JSON.stringify({ results: [], pad: 'x'.repeat(1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(await app.db.selectFrom('status_location_result').select('id').where('location', '=', 'frankfurt').execute()).toEqual([]);

    expect((await as(admin, 'POST', '/api/staff/probe-agents', { location: 'mars' })).json().error.fields.location).toMatch(
      /must be one of delhi-ncr, singapore, frankfurt/,
    );
    expect((await as(support, 'GET', '/api/staff/probe-agents')).statusCode).toBe(403);
    expect((await app.inject('/api/staff/probe-agents')).statusCode).toBe(401);
  });
});
