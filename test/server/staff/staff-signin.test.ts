import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { SoftAuthenticator } from '../../helpers/soft-authenticator.ts';
import { auditRows, cookieFrom, enrolWith, invite, signIn, staffUser, testOrigin } from '../../helpers/staff.ts';
import { startServer } from '../../helpers/server-process.ts';
import { testConfig } from '../../helpers/test-config.ts';

const hour = 60 * 60_000;

describe.each(dialects)('staff enrolment and sign-in (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: number;

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    clock = Date.parse('2026-11-20T09:00:00Z');
    app = await buildApp(testConfig(database.url), { now: () => clock });
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  it('enrols from a link: a display name, a passkey, a session cookie, and an audit entry', async () => {
    const { token } = await invite(app, 'Ada@Example.com', 'support');
    const status = await app.inject({ method: 'POST', url: '/api/staff/enrolment/status', payload: { token } });
    expect(status.json()).toEqual({ email: 'ada@example.com', role: 'support', expiresAt: clock + 24 * hour });

    const authenticator = new SoftAuthenticator(testOrigin);
    const enrolled = await enrolWith(app, token, authenticator, '  Ada Lovelace ');
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json()).toMatchObject({
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      role: 'support',
      permissions: ['console.use', 'audit.read', 'contact.handle', 'incidents.manage', 'alerts.handle'],
    });
    const cookie = enrolled.cookies.find((c) => c.name === 'hf_staff')!;
    expect(cookie).toMatchObject({ path: '/api/staff', httpOnly: true, sameSite: 'Strict' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.expires?.getTime()).toBe(clock + 12 * hour - ((clock + 12 * hour) % 1000));
    // Beside it, the hint the /staff page reads: no secret, readable, ending with the session.
    const hint = enrolled.cookies.find((c) => c.name === 'hf_staff_hint')!;
    expect(hint).toMatchObject({ value: '1', path: '/staff', sameSite: 'Strict' });
    expect(hint.httpOnly).toBeFalsy();
    expect(hint.expires?.getTime()).toBe(cookie.expires?.getTime());

    const me = await app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie: cookieFrom(enrolled) } });
    expect(me.json().displayName).toBe('Ada Lovelace');
    const [entry] = await auditRows(app, 'staff.enrol');
    expect(entry).toMatchObject({ actor_kind: 'staff', actor_label: 'ada@example.com', outcome: 'ok', client_ip: '127.0.0.1' });
  });

  it('stores only hashes of enrolment tokens and session ids', async () => {
    const { token } = await invite(app, 'h@example.com', 'admin');
    const enrolled = await enrolWith(app, token, new SoftAuthenticator(testOrigin));
    const sessionId = cookieFrom(enrolled).split('=')[1]!;
    const links = await app.db.selectFrom('staff_enrolments').selectAll().execute();
    const sessions = await app.db.selectFrom('staff_sessions').selectAll().execute();
    expect(JSON.stringify(links)).not.toContain(token);
    expect(JSON.stringify(sessions)).not.toContain(sessionId);
    expect(links[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs in with a discoverable passkey: no e-mail is sent, the passkey names its account', async () => {
    const user = await staffUser(app, 'grace@example.com', 'admin');
    const options = await app.inject({ method: 'POST', url: '/api/staff/signin/options' });
    expect(options.json().options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.json().options.allowCredentials ?? []).toEqual([]);
    clock += 5_000;
    const response = await signIn(app, user.authenticator);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().email).toBe('grace@example.com');
    const passkey = await app.db.selectFrom('staff_passkeys').selectAll().executeTakeFirstOrThrow();
    expect(Number(passkey.last_used_at)).toBe(clock);
    expect(Number(passkey.counter)).toBe(1);
    const [entry] = await auditRows(app, 'staff.signin');
    expect(entry).toMatchObject({ actor_label: 'grace@example.com', outcome: 'ok' });
  });

  it('asks for user verification and resident keys when registering', async () => {
    const { token } = await invite(app, 'rk@example.com', 'admin');
    const options = await app.inject({ method: 'POST', url: '/api/staff/enrolment/options', payload: { token, displayName: 'R K' } });
    expect(options.json().options).toMatchObject({
      rp: { id: 'localhost', name: 'Hostfront' },
      user: { name: 'rk@example.com', displayName: 'R K' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
  });

  it('refuses a replayed sign-in answer, and one for a challenge already used', async () => {
    const user = await staffUser(app, 'r@example.com', 'admin');
    const options = (await app.inject({ method: 'POST', url: '/api/staff/signin/options' })).json();
    const credential = user.authenticator.get(options.options);
    const first = await app.inject({ method: 'POST', url: '/api/staff/signin', payload: { challengeId: options.challengeId, credential } });
    expect(first.statusCode).toBe(200);
    // The same answer again, with its own challenge id: that challenge is gone.
    const again = await app.inject({ method: 'POST', url: '/api/staff/signin', payload: { challengeId: options.challengeId, credential } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'webauthn_stale', message: expect.stringMatching(/expired or was already used/) });
    // The same answer with a fresh challenge id: it signed another challenge.
    const fresh = (await app.inject({ method: 'POST', url: '/api/staff/signin/options' })).json();
    const replay = await app.inject({ method: 'POST', url: '/api/staff/signin', payload: { challengeId: fresh.challengeId, credential } });
    expect(replay.json().error).toMatchObject({ code: 'webauthn_stale', message: expect.stringMatching(/replayed/) });
    const failed = await auditRows(app, 'staff.signin_failed');
    expect(failed.map((r) => JSON.parse(r.detail!).reason)).toEqual(['webauthn_stale', 'webauthn_stale']);
    expect(failed.every((r) => r.outcome === 'refused')).toBe(true);
  });

  it('refuses a counter that went backwards (a copied key or an old answer)', async () => {
    const user = await staffUser(app, 'c@example.com', 'admin');
    expect((await signIn(app, user.authenticator)).statusCode).toBe(200);
    expect((await signIn(app, user.authenticator)).statusCode).toBe(200);
    const stale = await signIn(app, user.authenticator, { counter: 1 });
    expect(stale.json().error.code).toBe('webauthn_replayed');
  });

  it('refuses a challenge past its five minutes', async () => {
    const user = await staffUser(app, 'late@example.com', 'admin');
    const options = (await app.inject({ method: 'POST', url: '/api/staff/signin/options' })).json();
    clock += 5 * 60_000 + 1;
    const credential = user.authenticator.get(options.options);
    const late = await app.inject({ method: 'POST', url: '/api/staff/signin', payload: { challengeId: options.challengeId, credential } });
    expect(late.json().error.code).toBe('webauthn_stale');
  });

  it('refuses an answer made for another origin, saying where the console is', async () => {
    const user = await staffUser(app, 'o@example.com', 'admin');
    const response = await signIn(app, user.authenticator, { origin: 'http://127.0.0.1:4321' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('webauthn_origin');
    expect(response.json().error.message).toContain('http://localhost:4321/staff');
    const [entry] = await auditRows(app, 'staff.signin_failed');
    expect(entry).toMatchObject({ actor_kind: 'anonymous', outcome: 'refused' });
    expect(JSON.parse(entry!.detail!).reason).toBe('webauthn_origin');
  });

  it('refuses a passkey that did not verify the person, and a forged signature', async () => {
    const user = await staffUser(app, 'uv@example.com', 'admin');
    const unverified = await signIn(app, user.authenticator, { userVerified: false });
    expect(unverified.json().error.code).toBe('webauthn_unverified');
    const other = new SoftAuthenticator(testOrigin);
    other.create({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'someone' } });
    // Another key signs, under the id of the enrolled passkey.
    const options = (await app.inject({ method: 'POST', url: '/api/staff/signin/options' })).json();
    const forged = other.get(options.options);
    const enrolledId = user.authenticator.get(options.options).id;
    const response = await app.inject({
      method: 'POST',
      url: '/api/staff/signin',
      payload: {
        challengeId: options.challengeId,
        credential: { ...forged, id: enrolledId, rawId: enrolledId, response: { ...forged.response, userHandle: undefined } },
      },
    });
    expect(response.json().error.code).toBe('webauthn_failed');
  });

  it('refuses an unknown passkey', async () => {
    await staffUser(app, 'k@example.com', 'admin');
    const stranger = new SoftAuthenticator(testOrigin);
    stranger.create({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'nobody' } });
    const response = await signIn(app, stranger);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ code: 'passkey_unknown', message: expect.stringContaining('not registered') });
  });

  it('refuses a disabled account after the passkey checks out, and records who it was', async () => {
    const admin = await staffUser(app, 'boss@example.com', 'admin');
    const user = await staffUser(app, 'd@example.com', 'support');
    const disabled = await app.inject({ method: 'POST', url: `/api/staff/members/${user.id}/disable`, headers: { cookie: admin.cookie } });
    expect(disabled.statusCode).toBe(200);
    const response = await signIn(app, user.authenticator);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'account_disabled', message: 'Your account is disabled. Ask an admin to enable it.' });
    const [entry] = await auditRows(app, 'staff.signin_failed');
    expect(entry).toMatchObject({ actor_kind: 'staff', actor_label: 'd@example.com' });
  });

  it('refuses an expired, a reused and an unknown enrolment link, each in its own words, and records them', async () => {
    const { token } = await invite(app, 'e@example.com', 'support');
    clock += 24 * hour;
    const expired = await app.inject({ method: 'POST', url: '/api/staff/enrolment/status', payload: { token } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatchObject({ code: 'enrolment_expired', message: expect.stringContaining('expired') });
    expect(await enrolWith(app, token, new SoftAuthenticator(testOrigin)).catch((e: Error) => e.message)).toMatch(/410/);

    const fresh = await invite(app, 'f@example.com', 'support');
    expect((await enrolWith(app, fresh.token, new SoftAuthenticator(testOrigin))).statusCode).toBe(200);
    const reused = await app.inject({ method: 'POST', url: '/api/staff/enrolment/status', payload: { token: fresh.token } });
    expect(reused.json().error).toMatchObject({ code: 'enrolment_used', message: expect.stringContaining('already used') });

    const unknown = await app.inject({ method: 'POST', url: '/api/staff/enrolment/status', payload: { token: 'A'.repeat(43) } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('enrolment_unknown');

    const malformed = await app.inject({ method: 'POST', url: '/api/staff/enrolment/status', payload: { token: 'short' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.token).toMatch(/copy the whole link/);

    const reasons = (await auditRows(app, 'staff.enrol_failed')).map((r) => JSON.parse(r.detail!).reason);
    expect(reasons).toEqual(['enrolment_unknown', 'enrolment_used', 'enrolment_expired', 'enrolment_expired']);
  });

  it('uses a link once even when two enrolments race', async () => {
    const { token } = await invite(app, 'race@example.com', 'support');
    const a = new SoftAuthenticator(testOrigin);
    const b = new SoftAuthenticator(testOrigin);
    const optionsA = (await app.inject({ method: 'POST', url: '/api/staff/enrolment/options', payload: { token, displayName: 'A' } })).json();
    const optionsB = (await app.inject({ method: 'POST', url: '/api/staff/enrolment/options', payload: { token, displayName: 'B' } })).json();
    const [ra, rb] = await Promise.all([
      app.inject({
        method: 'POST',
        url: '/api/staff/enrolment',
        payload: { token, displayName: 'A', challengeId: optionsA.challengeId, credential: a.create(optionsA.options) },
      }),
      app.inject({
        method: 'POST',
        url: '/api/staff/enrolment',
        payload: { token, displayName: 'B', challengeId: optionsB.challengeId, credential: b.create(optionsB.options) },
      }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 410]);
    expect(await app.db.selectFrom('staff_passkeys').selectAll().execute()).toHaveLength(1);
  });

  it('does not accept an enrolment challenge for another link', async () => {
    const one = await invite(app, 'one@example.com', 'support');
    const two = await invite(app, 'two@example.com', 'support');
    const options = (await app.inject({ method: 'POST', url: '/api/staff/enrolment/options', payload: { token: one.token, displayName: 'One' } })).json();
    const credential = new SoftAuthenticator(testOrigin).create(options.options);
    const response = await app.inject({
      method: 'POST',
      url: '/api/staff/enrolment',
      payload: { token: two.token, displayName: 'Two', challengeId: options.challengeId, credential },
    });
    expect(response.json().error.code).toBe('webauthn_stale');
  });

  it('checks the display name and the credential shape with field messages', async () => {
    const { token } = await invite(app, 'v@example.com', 'support');
    const blank = await app.inject({ method: 'POST', url: '/api/staff/enrolment/options', payload: { token, displayName: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.displayName).toBe('Enter the name your colleagues know you by.');
    const garbage = await app.inject({ method: 'POST', url: '/api/staff/signin', payload: { challengeId: 'x', credential: { id: 'not base64!' } } });
    expect(garbage.statusCode).toBe(400);
    expect(Object.keys(garbage.json().error.fields)).toEqual(expect.arrayContaining(['credential.id']));
  });

  /** A passkey for this site that is registered nowhere: what a stranger has. */
  const strangersPasskey = () => {
    const stranger = new SoftAuthenticator(testOrigin);
    stranger.create({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'nobody' } });
    return stranger;
  };
  const optionsFrom = (remoteAddress?: string) => app.inject({ method: 'POST', url: '/api/staff/signin/options', remoteAddress });
  /** A full sign-in from a given address (inject's remoteAddress, as the proxy-free app sees it). */
  async function signInFrom(remoteAddress: string, authenticator: SoftAuthenticator, choices: Parameters<SoftAuthenticator['get']>[1] = {}) {
    const options = await optionsFrom(remoteAddress);
    if (options.statusCode !== 200) return options;
    const { challengeId, options: request } = options.json();
    const credential = authenticator.get(request, choices);
    return app.inject({ method: 'POST', url: '/api/staff/signin', payload: { challengeId, credential }, remoteAddress });
  }

  it('throttles failed sign-ins per client (an IPv6 client by its /64), and says when to come back', async () => {
    const stranger = strangersPasskey();
    for (let i = 0; i < 10; i++) expect((await signIn(app, stranger)).statusCode).toBe(401);
    const throttled = await optionsFrom();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.message).toMatch(/Too many failed sign-ins from your address\. Please wait 15 minutes/);
    expect(throttled.headers['retry-after']).toBe('900');
    // Another address is not held back by the first one's failures.
    expect((await optionsFrom('198.51.100.7')).statusCode).toBe(200);
    // A new address in the same IPv6 /64 for every attempt changes nothing.
    for (let i = 1; i <= 10; i++) expect((await signInFrom(`2001:db8:7:1::${i.toString(16)}`, stranger)).statusCode).toBe(401);
    expect((await optionsFrom('2001:db8:7:1:ffff:1:2:3')).statusCode).toBe(429);
    expect((await optionsFrom('2001:db8:7:2::1')).statusCode).toBe(200);
    // The window moves on.
    clock += 15 * 60_000 + 1;
    expect((await optionsFrom()).statusCode).toBe(200);
    expect((await optionsFrom('2001:db8:7:1::1')).statusCode).toBe(200);
    expect(await auditRows(app, 'staff.signin_failed')).toHaveLength(20);
  });

  it('lets the admin sign in while 200 failed sign-ins from 20 addresses run in 15 minutes', async () => {
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    const stranger = strangersPasskey();
    const attackers = Array.from({ length: 20 }, (_, i) => `203.0.113.${i + 1}`);
    let failures = 0;
    const attack = (async () => {
      for (let round = 0; round < 10; round++) {
        clock += 40_000; // 10 rounds in under 7 minutes
        const answers = await Promise.all(attackers.map((ip) => signInFrom(ip, stranger)));
        for (const answer of answers) expect(answer.statusCode).toBe(401);
        failures += answers.length;
      }
    })();
    const adminAnswers: Array<{ status: number; failuresBefore: number }> = [];
    let attackDone = false;
    void attack.finally(() => {
      attackDone = true;
    });
    while (!attackDone) {
      const failuresBefore = failures;
      const answer = await signInFrom('198.51.100.20', admin.authenticator);
      adminAnswers.push({ status: answer.statusCode, failuresBefore });
    }
    await attack;
    expect(failures).toBe(200);
    expect(await app.db.selectFrom('staff_auth_failures').selectAll().execute()).toHaveLength(200);
    // After the whole attack, in the same window: the admin, over the real WebAuthn ceremony.
    const after = await signInFrom('198.51.100.20', admin.authenticator);
    expect(after.statusCode, after.body).toBe(200);
    expect(cookieFrom(after)).toMatch(/hf_staff=/);
    expect(adminAnswers.length).toBeGreaterThan(0);
    for (const answer of adminAnswers) expect(answer.status, `with ${answer.failuresBefore} failures behind`).toBe(200);
    // Each attacking address is held back on its own.
    for (const ip of attackers) expect((await optionsFrom(ip)).statusCode).toBe(429);
  });

  it('throttles failures at one account from many addresses, and only that account', async () => {
    const admin = await staffUser(app, 'admin@example.com', 'admin');
    const colleague = await staffUser(app, 'colleague@example.com', 'support');
    // Someone who has the admin's passkey id but not the passkey: answers that name the account and fail.
    for (let i = 1; i <= 20; i++) {
      const answer = await signInFrom(`192.0.2.${i}`, admin.authenticator, { userVerified: false });
      expect(answer.statusCode).toBe(400);
    }
    const refused = await signInFrom('198.51.100.30', admin.authenticator);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/Too many failed sign-ins with this account\. Please wait 15 minutes/);
    expect((await signInFrom('198.51.100.30', colleague.authenticator)).statusCode).toBe(200);
    clock += 15 * 60_000 + 1;
    expect((await signInFrom('198.51.100.30', admin.authenticator)).statusCode).toBe(200);
  });
});

describe('staff sign-in and PUBLIC_URL', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase('sqlite', { migrated: true });
  });
  afterEach(async () => database.drop());

  it('is off, with a boot warning, when PUBLIC_URL is an IP address', async () => {
    const server = await startServer({ DATABASE_URL: database.url, PUBLIC_URL: 'http://127.0.0.1:4321' });
    try {
      // The log reaches the pipe on its own time, possibly after the first health answer.
      await expect
        .poll(() => server.output(), { timeout: 10_000 })
        .toMatch(/staff sign-in is off: PUBLIC_URL \(http:\/\/127\.0\.0\.1:4321\) names an IP address/);
      const response = await fetch(`${server.url}/api/staff/signin/options`, { method: 'POST' });
      expect(response.status).toBe(503);
      expect((await response.json()).error).toMatchObject({ code: 'staff_unavailable', message: expect.stringContaining('passkeys need a host name') });
    } finally {
      await server.stop();
    }
  });

  it('uses a Secure __Host- cookie on path / when PUBLIC_URL is https', async () => {
    const app = await buildApp(testConfig(database.url, { PUBLIC_URL: 'https://console.example.com' }));
    const { token } = await invite(app, 's@example.com', 'admin');
    const enrolled = await enrolWith(app, token, new SoftAuthenticator('https://console.example.com'));
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const cookie = enrolled.cookies[0]!;
    expect(cookie).toMatchObject({ name: '__Host-hf_staff', path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
    expect(enrolled.cookies.find((c) => c.name === 'hf_staff_hint')).toMatchObject({ value: '1', path: '/staff', secure: true });
    expect(cookie.domain).toBeUndefined();
    const options = (await app.inject({ method: 'POST', url: '/api/staff/signin/options' })).json();
    expect(options.options.rpId).toBe('console.example.com');
    await app.close();
  });
});
