import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SupportHours } from '../../contracts/support-hours.ts';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { auditRows, staffUser, type StaffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';

/**
 * The team's support hours (docs/decisions.md 92) on both dialects: the default until set, set in
 * the console (contact.handle) with a message per bad field, read by every page with whether they
 * are open at the app's clock and when they open next, and the change in the audit log in words.
 */
describe.each(dialects)('support hours on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let agent: StaffUser;
  // A Monday, 08:00 in Kolkata (02:30 UTC).
  const monday0800 = Date.parse('2026-03-09T02:30:00.000Z');
  let now = monday0800;
  const as = (user: StaffUser, method: 'GET' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

  beforeEach(async () => {
    now = monday0800;
    database = await createTestDatabase(dialect, { migrated: true });
    app = await buildApp(testConfig(database.url), { now: () => now });
    agent = await staffUser(app, 'ada@example.com', 'support');
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  const weekdays: SupportHours = {
    timeZone: 'Asia/Kolkata',
    days: [...Array(5).fill({ open: '09:00', close: '18:00' }), null, null],
  };

  it('reads the default, takes the team’s hours, says whether they are open now and when they open next', async () => {
    const first = (await app.inject({ url: '/api/support/hours' })).json();
    expect(first).toMatchObject({ alwaysOpen: false, hours: { timeZone: 'Asia/Kolkata' } });

    // Only every day open all day is 24/7.
    const always = await as(agent, 'PUT', '/api/staff/conversations/hours', { timeZone: 'UTC', days: Array(7).fill({ open: '00:00', close: '24:00' }) });
    expect(always.json()).toMatchObject({ alwaysOpen: true, open: true });

    const saved = await as(agent, 'PUT', '/api/staff/conversations/hours', weekdays);
    expect(saved.statusCode, saved.body).toBe(200);
    // Monday 08:00 in Kolkata: closed, open at 09:00 (03:30 UTC).
    expect((await app.inject({ url: '/api/support/hours' })).json()).toEqual({
      hours: weekdays,
      alwaysOpen: false,
      open: false,
      opensAt: '2026-03-09T03:30:00.000Z',
    });
    now = Date.parse('2026-03-09T04:00:00.000Z');
    expect((await app.inject({ url: '/api/support/hours' })).json()).toMatchObject({ open: true, opensAt: null });
    // Friday 18:00 in Kolkata: closed until Monday 09:00.
    now = Date.parse('2026-03-13T12:30:00.000Z');
    expect((await app.inject({ url: '/api/support/hours' })).json()).toMatchObject({ open: false, opensAt: '2026-03-16T03:30:00.000Z' });

    const [entry] = await auditRows(app, 'support.hours'); // newest first
    expect(JSON.parse(String(entry!.detail))).toEqual({ hours: 'Monday to Friday 09:00–18:00 (Asia/Kolkata time)' });
  });

  it('refuses bad hours with a message per field and keeps the old ones; visitors cannot set them', async () => {
    await as(agent, 'PUT', '/api/staff/conversations/hours', weekdays);
    const bad = await as(agent, 'PUT', '/api/staff/conversations/hours', {
      timeZone: 'Mars/Olympus',
      days: [{ open: '18:00', close: '09:00' }, { open: '9am', close: '18:00' }, null, null, null, null, null],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('time zone');
    expect(bad.body).toContain('closing time must be after');
    expect(bad.body).toContain('HH:MM');
    expect((await app.inject({ url: '/api/support/hours' })).json().hours).toEqual(weekdays);
    expect((await app.inject({ method: 'PUT', url: '/api/staff/conversations/hours', payload: weekdays })).statusCode).toBe(401);
  });
});
