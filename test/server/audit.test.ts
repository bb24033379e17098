import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';

const day = 24 * 60 * 60_000;

describe.each(dialects)('the audit log (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: number;
  let reader: StaffUser;
  const list = (query: string, user = reader) => app.inject({ method: 'GET', url: `/api/staff/audit${query}`, headers: { cookie: user.cookie } });

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    clock = Date.parse('2026-11-20T09:00:00Z');
    app = await buildApp(testConfig(database.url, { AUDIT_RETENTION_DAYS: '30' }), { now: () => clock });
    reader = await staffUser(app, 'reader@example.com', 'support');
    // A few days of entries from every kind of actor.
    const record = app.audit.record.bind(app.audit);
    clock -= 3 * day;
    await record({
      actor: { kind: 'customer', id: 'demo', label: 'server demo' },
      action: 'panel.power',
      target: 'demo',
      detail: { signal: 'stop' },
      clientIp: '198.51.100.1',
    });
    clock += day;
    await record({ actor: { kind: 'system' }, action: 'status.monitor_down', target: 'api', outcome: 'failed' });
    clock += day;
    await record({
      actor: { kind: 'staff', id: 'x1', label: 'Ops@Example.com' },
      action: 'staff.role_change',
      target: 'a@example.com',
      detail: { from: 'admin', to: 'support' },
    });
    clock += day;
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  it('lists every actor’s entries newest first, with what the capability recorded', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const { entries, nextCursor } = response.json();
    expect(nextCursor).toBeNull();
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'staff.enrol',
      'staff.invite',
      'staff.role_change',
      'status.monitor_down',
      'panel.power',
    ]);
    expect(entries[4]).toEqual({
      id: expect.any(String),
      at: clock - 3 * day,
      actor: { kind: 'customer', id: 'demo', label: 'server demo', name: null },
      action: 'panel.power',
      target: 'demo',
      outcome: 'ok',
      clientIp: '198.51.100.1',
      detail: { signal: 'stop' },
    });
    expect(entries[3]).toMatchObject({ actor: { kind: 'system', id: null, label: null }, outcome: 'failed', detail: null });
  });

  it('names a staff member by the display name they have now, and finds them by it', async () => {
    const [enrol] = (await list('?action=staff.enrol')).json().entries;
    expect(enrol.actor).toEqual({ kind: 'staff', id: reader.id, label: 'reader@example.com', name: 'reader' });
    // Someone not (or no longer) on the team keeps the label they acted with, and no name.
    const [role] = (await list('?action=staff.role_change')).json().entries;
    expect(role.actor).toEqual({ kind: 'staff', id: 'x1', label: 'Ops@Example.com', name: null });
    expect((await list('?actor=READ')).json().entries.map((e: { action: string }) => e.action)).toEqual(['staff.enrol']);
  });

  it('filters by who, what and when', async () => {
    const who = (await list('?actor=ops@')).json().entries;
    expect(who.map((e: { action: string }) => e.action)).toEqual(['staff.role_change']);
    expect((await list('?actor=demo')).json().entries).toHaveLength(1);
    expect((await list('?actor=100%25')).json().entries).toHaveLength(0);
    // The shell's invite of the reader is the system's too.
    expect((await list('?actorKind=system')).json().entries.map((e: { action: string }) => e.action)).toEqual(['staff.invite', 'status.monitor_down']);
    expect((await list('?action=staff.')).json().entries).toHaveLength(3);
    expect((await list('?action=panel.power')).json().entries).toHaveLength(1);
    expect((await list('?outcome=failed')).json().entries).toHaveLength(1);
    const when = (await list(`?from=${clock - 2.5 * day}&to=${clock - 0.5 * day}`)).json().entries;
    expect(when.map((e: { action: string }) => e.action)).toEqual(['staff.role_change', 'status.monitor_down']);
    const bad = await list('?from=yesterday&action=DROP TABLE');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['action', 'from']);
    expect((await list('?')).statusCode).toBe(200);
    const actions = (await app.inject({ method: 'GET', url: '/api/staff/audit/actions', headers: { cookie: reader.cookie } })).json().actions;
    expect(actions).toEqual(['panel.power', 'staff.enrol', 'staff.invite', 'staff.role_change', 'status.monitor_down']);
  });

  it('pages newest first without gaps or repeats, even with entries in the same millisecond', async () => {
    for (let i = 0; i < 7; i++) await app.audit.record({ actor: { kind: 'system' }, action: 'test.tick', detail: { i } });
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const body = (await list(`?action=test.tick&limit=3${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...body.entries.map((e: { detail: { i: number } }) => String(e.detail.i)));
      if (!body.nextCursor) break;
      cursor = body.nextCursor;
    }
    expect(seen).toEqual(['6', '5', '4', '3', '2', '1', '0']);
  });

  it('keeps details small', async () => {
    await app.audit.record({
      actor: { kind: 'system' },
      action: 'test.big',
      target: 't'.repeat(1000),
      detail: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'v'.repeat(1000)])),
    });
    const [entry] = (await list('?action=test.big')).json().entries;
    expect(entry.target.length).toBe(300);
    expect(Object.keys(entry.detail)).toHaveLength(16);
    expect(entry.detail.k0.length).toBe(300);
  });

  it('deletes entries past AUDIT_RETENTION_DAYS', async () => {
    await app.db
      .insertInto('audit_log')
      .values({
        at: clock - 31 * day,
        actor_kind: 'system',
        actor_id: null,
        actor_label: null,
        action: 'test.old',
        target: null,
        outcome: 'ok',
        client_ip: null,
        detail: null,
      })
      .execute();
    await app.jobs.runNow('audit log retention');
    expect((await list('?action=test.old')).json().entries).toHaveLength(0);
    expect((await list('?action=panel.power')).json().entries).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/staff/audit' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/staff/audit/actions' })).statusCode).toBe(401);
  });
});
