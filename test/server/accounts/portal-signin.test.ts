import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { customerCookieFrom } from '../../helpers/customers.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { followToCallback, type OidcPortal, startOidcPortal } from '../../helpers/oidc-portal.ts';
import { auditRows } from '../../helpers/staff.ts';
import { testConfig } from '../../helpers/test-config.ts';

const publicUrl = 'http://localhost:4321';
const redirectUri = `${publicUrl}/api/account/oidc/callback`;

/** The flow cookie a start answer set, for the callback's Cookie header. */
function flowCookieOf(response: LightMyRequestResponse): string {
  const set = response.cookies.find((c) => c.name === 'hf_customer_oidc');
  if (!set) throw new Error(`no flow cookie in ${response.statusCode} ${response.body}`);
  return `${set.name}=${set.value}`;
}

describe.each(dialects)('sign-in through the billing portal, against oidc-provider (%s)', (dialect) => {
  let portal: OidcPortal;
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: number;
  let logs: string[];

  beforeAll(async () => {
    // A short ID token life, so a test can move the app's clock past it within a sign-in.
    portal = await startOidcPortal({ redirectUri, name: 'Example Billing', idTokenTtlSeconds: 60 });
    portal.accounts.set('whmcs-client-17', { sub: 'whmcs-client-17', email: 'Ada@Example.com', email_verified: true, name: 'Ada Lovelace' });
    portal.accounts.set('whmcs-client-18', { sub: 'whmcs-client-18', email: 'bob@example.com', email_verified: false, name: 'Bob' });
  });
  afterAll(async () => {
    await portal.close();
  });
  beforeEach(async () => {
    logs = [];
    clock = Date.now();
    database = await createTestDatabase(dialect, { migrated: true });
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    app = await buildApp(testConfig(database.url, { PUBLIC_URL: publicUrl, LOG_LEVEL: 'info', ...portal.env }), { now: () => clock, logStream });
    portal.signInAs(undefined);
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  /** Starts a sign-in as a browser would: the redirect to the portal and the flow cookie. */
  async function start(returnTo?: string) {
    const started = await app.inject({ method: 'GET', url: `/api/account/oidc/start${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}` });
    expect(started.statusCode, started.body).toBe(302);
    return { location: started.headers.location as string, flow: flowCookieOf(started) };
  }
  const callback = (url: URL, cookie?: string) => app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });
  async function signIn(sub: string, returnTo?: string) {
    portal.signInAs(sub);
    const { location, flow } = await start(returnTo);
    const back = await followToCallback(location, redirectUri);
    return { back, flow, response: await callback(back, flow) };
  }
  const session = (cookie: string) => app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } }).then((r) => r.json());

  it('sends the browser to the portal with PKCE, state and nonce, and signs in the account of the sub', async () => {
    const { location } = await start();
    const authorize = new URL(location);
    expect(authorize.origin).toBe(portal.issuer);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: portal.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(authorize.searchParams.get(name)?.length).toBeGreaterThanOrEqual(32);

    const started = performance.now();
    const { response } = await signIn('whmcs-client-17', '/control-panel?server=abc');
    const callbackMs = performance.now() - started;
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/control-panel?server=abc');
    const cookie = customerCookieFrom(app, response);
    const first = await session(cookie);
    expect(first.customer).toMatchObject({ email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace', portal: true });
    expect(first.signIn.portal).toEqual({ name: 'Example Billing', signInUrl: '/api/account/oidc/start', registerUrl: portal.issuer });
    const customer = await app.customers.byId(first.customer.id);
    expect(customer).toMatchObject({ subject: 'whmcs-client-17', emailVerified: true });
    // The portal renamed the customer: the same account (by sub), the new name.
    portal.accounts.set('whmcs-client-17', { sub: 'whmcs-client-17', email: 'ada@example.com', email_verified: true, name: 'Ada King' });
    const again = await session(customerCookieFrom(app, (await signIn('whmcs-client-17')).response));
    expect(again.customer).toMatchObject({ id: first.customer.id, name: 'Ada King' });
    expect(callbackMs).toBeLessThan(5000);
  });

  it('an address the portal has not verified links nothing: not verified, not joined to the account of that address', async () => {
    const byLink = await app.customers.findOrCreateByVerifiedEmail('bob@example.com');
    const { response } = await signIn('whmcs-client-18');
    const me = (await session(customerCookieFrom(app, response))).customer;
    expect(me).toMatchObject({ email: 'bob@example.com', emailVerified: false, portal: true });
    expect(me.id).not.toBe(byLink.id);
    expect((await app.customers.byId(byLink.id))?.subject).toBeNull();
  });

  it('a verified address joins the account an e-mail link made for it', async () => {
    const byLink = await app.customers.findOrCreateByVerifiedEmail('ada@example.com');
    const { response } = await signIn('whmcs-client-17');
    expect((await session(customerCookieFrom(app, response))).customer.id).toBe(byLink.id);
    expect((await app.customers.byId(byLink.id))?.subject).toBe('whmcs-client-17');
  });

  const refusedWith = async (response: LightMyRequestResponse, error: string, reason: string) => {
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/account/signin?error=${error}`);
    expect(response.cookies.find((c) => c.name === app.customers.cookieName)).toBeUndefined();
    const [entry] = await auditRows(app, 'account.signin_failed');
    expect(entry?.outcome).toBe('refused');
    expect(JSON.parse(entry!.detail as string)).toMatchObject({ how: 'portal', reason });
  };

  it('refuses session fixation: a real session planted in the browser before is ended, and the sign-in gets a new id', async () => {
    // The attacker's own session, planted in the victim's browser before the victim signs in.
    const attacker = customerCookieFrom(app, (await signIn('whmcs-client-18')).response);
    expect((await session(attacker)).customer).toMatchObject({ email: 'bob@example.com' });
    portal.signInAs('whmcs-client-17');
    const { location, flow } = await start();
    const back = await followToCallback(location, redirectUri);
    const response = await callback(back, `${flow}; ${attacker}`);
    expect(response.statusCode, response.body).toBe(303);
    const cookie = customerCookieFrom(app, response);
    expect(cookie).not.toBe(attacker);
    expect((await session(cookie)).customer).toMatchObject({ email: 'ada@example.com' });
    // The planted session is over: whoever holds it sees nobody signed in, never the victim.
    expect((await session(attacker)).customer).toBeNull();
  });

  it('refuses a wrong state, and a callback this browser did not start', async () => {
    portal.signInAs('whmcs-client-17');
    const { location, flow } = await start();
    const back = await followToCallback(location, redirectUri);
    const forged = new URL(back);
    forged.searchParams.set('state', 'attacker-state-0123456789abcdefghijklmnop');
    await refusedWith(await callback(forged, flow), 'oidc_state', 'state');
    // The flow was used up by the refusal: the genuine answer no longer signs in either.
    await refusedWith(await callback(back, flow), 'oidc_no_flow', 'no_flow');
    // Someone else's callback, in a browser that never started a sign-in (login CSRF).
    portal.signInAs('whmcs-client-18');
    const other = await start();
    await refusedWith(await callback(await followToCallback(other.location, redirectUri)), 'oidc_no_flow', 'no_flow');
  });

  it('refuses a replayed code: the portal will not redeem it twice', async () => {
    const { back, response } = await signIn('whmcs-client-17');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/control-panel');
    // The same code, under a new sign-in of this browser (its own state).
    const second = await start();
    const replay = new URL(back);
    replay.searchParams.set('state', new URL(second.location).searchParams.get('state')!);
    await refusedWith(await callback(replay, second.flow), 'oidc_code', 'invalid_grant');
    expect(portal.tokenAnswers.at(-1)).toEqual({ status: 400, error: 'invalid_grant' });
  });

  it.each([
    ['nonce', (claims: Record<string, unknown>) => (claims.nonce = 'another-sign-in-nonce')],
    ['issuer', (claims: Record<string, unknown>) => (claims.iss = 'https://billing.attacker.example')],
    ['audience', (claims: Record<string, unknown>) => (claims.aud = 'another-client')],
  ])('refuses an ID token with the wrong %s', async (reason, change) => {
    portal.misbehave(change);
    const { response } = await signIn('whmcs-client-17');
    await refusedWith(response, 'oidc_token', reason);
  });

  it('refuses an expired ID token (the app clock past its end)', async () => {
    portal.signInAs('whmcs-client-17');
    const { location, flow } = await start();
    const back = await followToCallback(location, redirectUri);
    // The token the callback gets lives 60 s; the app's clock is 5 minutes ahead of the portal's.
    clock += 5 * 60_000;
    await refusedWith(await callback(back, flow), 'oidc_token', 'expired');
  });

  it('keeps the client secret, codes and tokens out of logs and answers', async () => {
    const { back, response } = await signIn('whmcs-client-17');
    portal.misbehave((claims) => (claims.nonce = 'x'));
    await signIn('whmcs-client-17');
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const all = logs.join('');
    expect(all).toContain('/api/account/oidc/callback?code=[redacted]');
    for (const secret of [portal.clientSecret, code, state]) expect(all).not.toContain(secret);
    const answers = JSON.stringify([response.headers, (await app.inject({ method: 'GET', url: '/api/account/session' })).body]);
    expect(answers).not.toContain(portal.clientSecret);
  });

  it('an unknown start answers 404 when no portal is configured', async () => {
    const plain = await buildApp(testConfig(database.url, { PUBLIC_URL: publicUrl }));
    try {
      const started = await plain.inject({ method: 'GET', url: '/api/account/oidc/start' });
      expect(started.statusCode).toBe(404);
      expect(started.json().error.code).toBe('portal_off');
      expect((await plain.inject({ method: 'GET', url: '/api/account/session' })).json().signIn.portal).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
