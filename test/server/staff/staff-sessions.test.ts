import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { auditRows, cookieFrom, signIn, staffUser } from '../../helpers/staff.ts';
import { testConfig } from '../../helpers/test-config.ts';

const minute = 60_000;
const hour = 60 * minute;

describe.each(dialects)('staff sessions (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: number;
  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie } });

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    clock = Date.parse('2026-11-20T09:00:00Z');
    app = await buildApp(testConfig(database.url), { now: () => clock });
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  it('asks to sign in without a cookie, and says when a cookie no longer works', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/staff/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toEqual({ code: 'unauthenticated', message: 'Please sign in to the staff console.' });
    const bogus = await me('hf_staff=not-a-session');
    expect(bogus.json().error.code).toBe('session_ended');
    expect(bogus.cookies.find((c) => c.name === 'hf_staff')?.value).toBe('');
    expect(bogus.cookies.find((c) => c.name === 'hf_staff_hint')?.value).toBe('');
  });

  it('ends a session after an hour without a request, and keeps one that is used', async () => {
    const user = await staffUser(app, 'idle@example.com', 'support');
    for (let i = 0; i < 3; i++) {
      clock += 50 * minute;
      expect((await me(user.cookie)).statusCode).toBe(200);
    }
    clock += hour;
    const idle = await me(user.cookie);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error).toMatchObject({ code: 'session_expired', message: expect.stringContaining('an hour without activity') });
    expect(await app.db.selectFrom('staff_sessions').selectAll().execute()).toHaveLength(0);
  });

  it('ends a session 12 hours after sign-in however busy it is', async () => {
    const user = await staffUser(app, 'busy@example.com', 'support');
    for (let i = 0; i < 23; i++) {
      clock += 30 * minute;
      expect((await me(user.cookie)).statusCode, `after ${(i + 1) * 30} minutes`).toBe(200);
    }
    clock += 30 * minute;
    const ended = await me(user.cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error).toMatchObject({ code: 'session_expired', message: expect.stringContaining('12-hour limit') });
  });

  it('lists the person’s sessions, ends another one, and signs out', async () => {
    const user = await staffUser(app, 'multi@example.com', 'support');
    clock += minute;
    const second = await signIn(app, user.authenticator, {}, { 'user-agent': 'Phone browser' });
    const phone = cookieFrom(second);
    const list = await app.inject({ method: 'GET', url: '/api/staff/me/sessions', headers: { cookie: user.cookie } });
    const sessions = list.json().sessions as { id: string; current: boolean; userAgent: string | null; clientIp: string; expiresAt: number }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    expect(other).toMatchObject({ userAgent: 'Phone browser', clientIp: '127.0.0.1', expiresAt: clock + 12 * hour });

    const ended = await app.inject({ method: 'DELETE', url: `/api/staff/me/sessions/${other.id}`, headers: { cookie: user.cookie } });
    expect(ended.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);
    const again = await app.inject({ method: 'DELETE', url: `/api/staff/me/sessions/${other.id}`, headers: { cookie: user.cookie } });
    expect(again.statusCode).toBe(404);

    const out = await app.inject({ method: 'POST', url: '/api/staff/signout', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'hf_staff')).toMatchObject({ value: '', path: '/api/staff' });
    expect(out.cookies.find((c) => c.name === 'hf_staff_hint')).toMatchObject({ value: '', path: '/staff' });
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await auditRows(app)).map((r) => r.action).slice(0, 2)).toEqual(['staff.signout', 'staff.session_end']);
  });

  it('cannot end someone else’s session', async () => {
    const a = await staffUser(app, 'a@example.com', 'admin');
    const b = await staffUser(app, 'b@example.com', 'support');
    const theirs = (await app.inject({ method: 'GET', url: '/api/staff/me/sessions', headers: { cookie: b.cookie } })).json().sessions[0].id;
    const response = await app.inject({ method: 'DELETE', url: `/api/staff/me/sessions/${theirs}`, headers: { cookie: a.cookie } });
    expect(response.statusCode).toBe(404);
    expect((await me(b.cookie)).statusCode).toBe(200);
  });

  it('disabling a person ends every session of theirs at the next request, on every instance', async () => {
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    const user = await staffUser(app, 'user@example.com', 'support');
    const otherSession = cookieFrom(await signIn(app, user.authenticator));
    // A second instance on the same database: nothing is cached in either.
    const other = await buildApp(testConfig(database.url), { now: () => clock });
    try {
      expect((await other.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie: otherSession } })).statusCode).toBe(200);
      const disabled = await app.inject({ method: 'POST', url: `/api/staff/members/${user.id}/disable`, headers: { cookie: admin.cookie } });
      expect(disabled.json()).toMatchObject({ disabled: true });
      const refused = await other.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie: otherSession } });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('session_ended');
      expect((await me(user.cookie)).statusCode).toBe(401);
      const [entry] = await auditRows(app, 'staff.disable');
      expect(JSON.parse(entry!.detail!)).toEqual({ sessionsEnded: 2 });
    } finally {
      await other.close();
    }
  });

  it('housekeeping deletes run-out sessions, challenges and old failures', async () => {
    const user = await staffUser(app, 'hk@example.com', 'support');
    await app.inject({ method: 'POST', url: '/api/staff/signin/options' });
    await app.db.insertInto('staff_auth_failures').values({ client_key: '203.0.113.1', staff_id: null, at: clock }).execute();
    clock += 2 * hour;
    await app.jobs.runNow('staff housekeeping');
    expect(await app.db.selectFrom('staff_sessions').selectAll().execute()).toHaveLength(0);
    expect(await app.db.selectFrom('staff_challenges').selectAll().execute()).toHaveLength(0);
    expect(await app.db.selectFrom('staff_auth_failures').selectAll().execute()).toHaveLength(0);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });
});
