import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { auditRows, enrolWith, signIn, staffUser, testOrigin, tokenOf, type StaffUser } from '../../helpers/staff.ts';
import { SoftAuthenticator } from '../../helpers/soft-authenticator.ts';
import { testConfig } from '../../helpers/test-config.ts';

describe.each(dialects)('the team and roles (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: StaffUser;
  let support: StaffUser;
  const as = (user: StaffUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    app = await buildApp(testConfig(database.url));
    admin = await staffUser(app, 'admin@example.com', 'admin');
    support = await staffUser(app, 'support@example.com', 'support');
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  it('refuses every staff-management route to support with 403 and the error envelope, and records it', async () => {
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: object][] = [
      ['GET', '/api/staff/members'],
      ['POST', '/api/staff/members', { email: 'x@example.com', role: 'support' }],
      ['PUT', `/api/staff/members/${admin.id}/role`, { role: 'support' }],
      ['POST', `/api/staff/members/${admin.id}/disable`],
      ['POST', `/api/staff/members/${admin.id}/enable`],
      ['POST', `/api/staff/members/${admin.id}/reset`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await as(support, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'forbidden', message: 'Only admins can manage staff.' } });
    }
    const refused = await auditRows(app, 'staff.forbidden');
    expect(refused).toHaveLength(calls.length);
    expect(refused[0]).toMatchObject({ actor_label: 'support@example.com', outcome: 'refused', target: 'POST /api/staff/members/:id/reset' });
    // Nothing changed.
    const members = (await as(admin, 'GET', '/api/staff/members')).json().members;
    expect(members.map((m: { email: string; role: string; disabled: boolean }) => [m.email, m.role, m.disabled])).toEqual([
      ['admin@example.com', 'admin', false],
      ['support@example.com', 'support', false],
    ]);
  });

  it('refuses every staff route without a session with 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/staff/members'],
      ['GET', '/api/staff/me/passkeys'],
      ['GET', '/api/staff/me/sessions'],
      ['POST', '/api/staff/me/passkeys/options'],
      ['POST', '/api/staff/signout'],
      ['GET', '/api/staff/audit'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
  });

  it('lets admins invite (the link shown once), and the invitee enrols with it', async () => {
    const invited = await as(admin, 'POST', '/api/staff/members', { email: ' New@Example.com ', role: 'support' });
    expect(invited.statusCode).toBe(201);
    const body = invited.json();
    expect(body.enrolmentLink).toMatch(/^http:\/\/localhost:4321\/staff\/enrol#[A-Za-z0-9_-]{43}$/);
    expect(body.member).toMatchObject({
      email: 'new@example.com',
      role: 'support',
      displayName: null,
      passkeys: 0,
      disabled: false,
      enrolmentExpiresAt: body.expiresAt,
    });
    const list = (await as(admin, 'GET', '/api/staff/members')).json().members;
    expect(JSON.stringify(list)).not.toContain(tokenOf(body.enrolmentLink));
    expect((await enrolWith(app, tokenOf(body.enrolmentLink), new SoftAuthenticator(testOrigin))).statusCode).toBe(200);
    const [entry] = await auditRows(app, 'staff.invite');
    expect(entry).toMatchObject({ actor_label: 'admin@example.com', target: 'new@example.com' });

    const twice = await as(admin, 'POST', '/api/staff/members', { email: 'new@example.com', role: 'admin' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields).toEqual({ email: 'is already on the team' });
    const bad = await as(admin, 'POST', '/api/staff/members', { email: 'nope', role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: 'must be an e-mail address', role: 'must be one of: admin, support, editor' });
  });

  it('changes roles, and never leaves the team without an active admin', async () => {
    const promoted = await as(admin, 'PUT', `/api/staff/members/${support.id}/role`, { role: 'admin' });
    expect(promoted.json()).toMatchObject({ role: 'admin' });
    // The promoted person's next request has the new role (no cache).
    expect((await as(support, 'GET', '/api/staff/members')).statusCode).toBe(200);
    expect((await as(support, 'PUT', `/api/staff/members/${admin.id}/role`, { role: 'support' })).json().role).toBe('support');
    const last = await as(support, 'PUT', `/api/staff/members/${support.id}/role`, { role: 'support' });
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatchObject({ code: 'last_admin', message: expect.stringContaining('last active admin') });
    expect((await as(admin, 'GET', '/api/staff/members')).statusCode).toBe(403);
    const [entry] = await auditRows(app, 'staff.role_change');
    expect(JSON.parse(entry!.detail!)).toEqual({ from: 'admin', to: 'support' });
  });

  it('disables and enables, but not oneself nor the last active admin', async () => {
    const self = await as(admin, 'POST', `/api/staff/members/${admin.id}/disable`);
    expect(self.json().error.code).toBe('self');
    expect((await as(admin, 'POST', `/api/staff/members/${support.id}/disable`)).json().disabled).toBe(true);
    expect((await as(admin, 'POST', `/api/staff/members/${support.id}/enable`)).json().disabled).toBe(false);
    expect((await signIn(app, support.authenticator)).statusCode).toBe(200);

    const second = await staffUser(app, 'second@example.com', 'admin');
    expect((await as(second, 'POST', `/api/staff/members/${admin.id}/disable`)).statusCode).toBe(200);
    // A disabled admin does not count: `second` is the last active one now.
    const demote = await as(second, 'PUT', `/api/staff/members/${second.id}/role`, { role: 'support' });
    expect(demote.json().error.code).toBe('last_admin');
    expect((await as(second, 'POST', `/api/staff/members/not-a-person/disable`)).statusCode).toBe(404);
  });

  it('resets a person: a new link, their passkeys revoked, their sessions ended', async () => {
    const reset = await as(admin, 'POST', `/api/staff/members/${support.id}/reset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().member.passkeys).toBe(0);
    expect((await as(support, 'GET', '/api/staff/me')).statusCode).toBe(401);
    expect((await signIn(app, support.authenticator)).json().error.code).toBe('passkey_unknown');
    expect((await enrolWith(app, tokenOf(reset.json().enrolmentLink), new SoftAuthenticator(testOrigin))).statusCode).toBe(200);
    expect((await as(admin, 'POST', `/api/staff/members/${admin.id}/reset`)).json().error.code).toBe('self');
  });

  it('adds a second passkey bound to the session, renames it, and never removes the last one', async () => {
    const options = (await as(support, 'POST', '/api/staff/me/passkeys/options')).json();
    expect(options.options.excludeCredentials).toHaveLength(1);
    const laptop = new SoftAuthenticator(testOrigin);
    const credential = laptop.create(options.options);
    // Another session (the admin's) cannot use this challenge.
    const stolen = await as(admin, 'POST', '/api/staff/me/passkeys', { challengeId: options.challengeId, credential, name: 'Laptop' });
    expect(stolen.json().error.code).toBe('webauthn_stale');
    const options2 = (await as(support, 'POST', '/api/staff/me/passkeys/options')).json();
    const added = await as(support, 'POST', '/api/staff/me/passkeys', {
      challengeId: options2.challengeId,
      credential: laptop.create(options2.options),
      name: ' Laptop ',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Laptop', lastUsedAt: null, synced: false });
    expect((await signIn(app, laptop)).statusCode).toBe(200);

    const passkeys = (await as(support, 'GET', '/api/staff/me/passkeys')).json().passkeys as { id: string; name: string }[];
    expect(passkeys.map((p) => p.name)).toEqual(['First passkey', 'Laptop']);
    const renamed = await as(support, 'PUT', `/api/staff/me/passkeys/${encodeURIComponent(passkeys[0]!.id)}`, { name: 'Phone' });
    expect(renamed.json().name).toBe('Phone');
    expect((await as(support, 'PUT', `/api/staff/me/passkeys/${passkeys[0]!.id}`, { name: '' })).json().error.fields.name).toMatch(/Give the passkey a name/);
    // Someone else's passkey is not theirs to touch.
    expect((await as(admin, 'DELETE', `/api/staff/me/passkeys/${passkeys[0]!.id}`)).statusCode).toBe(404);

    expect((await as(support, 'DELETE', `/api/staff/me/passkeys/${passkeys[0]!.id}`)).statusCode).toBe(204);
    const last = await as(support, 'DELETE', `/api/staff/me/passkeys/${passkeys[1]!.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatchObject({ code: 'last_passkey', message: expect.stringContaining('only passkey') });
    expect((await signIn(app, support.authenticator)).json().error.code).toBe('passkey_unknown');
    expect((await auditRows(app)).map((r) => r.action)).toEqual(expect.arrayContaining(['staff.passkey_add', 'staff.passkey_rename', 'staff.passkey_remove']));
  });

  it('refuses cross-site requests to the staff API like the rest of the API', async () => {
    const signInOptions = await app.inject({ method: 'POST', url: '/api/staff/signin/options', headers: { origin: 'https://evil.example' } });
    expect(signInOptions.statusCode).toBe(403);
    expect(signInOptions.json().error.code).toBe('cross_origin');
    const invite = await app.inject({
      method: 'POST',
      url: '/api/staff/members',
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
      payload: { email: 'x@example.com', role: 'admin' },
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().error.code).toBe('cross_origin');
    const sameSite = await app.inject({ method: 'POST', url: '/api/staff/signin/options', headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(sameSite.statusCode).toBe(200);
    expect((await as(admin, 'GET', '/api/staff/members')).json().members).toHaveLength(2);
  });
});

describe('passkey ceremonies without a session', () => {
  it('are rate limited per address, with Retry-After', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildApp(testConfig(database.url));
    try {
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) codes.push((await app.inject({ method: 'POST', url: '/api/staff/signin/options' })).statusCode);
      expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
      const refused = await app.inject({ method: 'POST', url: '/api/staff/signin/options' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(/Too many passkey requests from your address/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await app.inject({ method: 'POST', url: '/api/staff/signin/options', remoteAddress: '198.51.100.9' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
