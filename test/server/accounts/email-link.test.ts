import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { customerCookieFrom, linkTokenOf, signInByEmailLink } from '../../helpers/customers.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { linkIn, startSmtpInbox } from '../../helpers/smtp-inbox.ts';
import { testConfig } from '../../helpers/test-config.ts';
import { waitFor } from '../../helpers/until.ts';

type Inbox = Awaited<ReturnType<typeof startSmtpInbox>>;

describe.each(dialects)('sign-in by e-mail link (%s)', (dialect) => {
  let inbox: Inbox;
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: number;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(async () => {
    await inbox.close();
  });
  beforeEach(async () => {
    inbox.mails.length = 0;
    clock = Date.parse('2026-11-28T12:00:00Z');
    database = await createTestDatabase(dialect, { migrated: true });
    app = await buildApp(testConfig(database.url, { SMTP_URL: inbox.url, PUBLIC_URL: 'http://localhost:4321' }), {
      now: () => clock,
      accounts: { linkLimits: { windowMs: 15 * 60_000, perAddress: 3, perClient: 6 } },
    });
    // An address the Game Panel knows (a server's owner), as that capability registers them.
    app.customers.registerKnownAddressSource((email) => email === 'owner@example.com');
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  const ask = (email: string, ip = '203.0.113.7') => app.inject({ method: 'POST', url: '/api/account/email-link', payload: { email }, remoteAddress: ip });
  const signInWith = (token: string, cookie?: string) =>
    app.inject({ method: 'POST', url: '/api/account/email-link/signin', payload: { token }, headers: cookie ? { cookie } : {} });

  it('mails a single-use link to a known address; the link signs in and makes the account', async () => {
    const { response, link } = await signInByEmailLink(app, inbox, 'owner@example.com');
    expect(link).toMatch(/^http:\/\/localhost:4321\/account\/link#[A-Za-z0-9_-]{43}$/);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email: 'owner@example.com', emailVerified: true, portal: false });
    const cookie = customerCookieFrom(app, response);
    const set = response.cookies.find((c) => c.name === 'hf_customer');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const session = await app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } });
    expect(session.json().customer).toMatchObject({ email: 'owner@example.com' });
    // The second use of the same link is refused, with its own message, and signs no one in.
    const again = await signInWith(linkTokenOf(link));
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('link_used');
    expect(again.cookies.find((c) => c.name === 'hf_customer')).toBeUndefined();
    const mail = inbox.to('owner@example.com')[0]!;
    expect(mail.headers.get('subject')).toBe('Your Hostfront sign-in link');
    expect(mail.text).toContain('works once, for 15 minutes');
  });

  it("the Control Panel offers sign-in to find one's servers only where a sign-in can find a first account", async () => {
    // Here SMTP_URL makes e-mail links; test/server/panel/my-servers-api.test.ts has neither it nor a portal.
    expect((await app.inject({ url: '/api/panel/my-servers' })).json()).toEqual({ signedIn: false, signInOffered: true, owned: [], shared: [] });
  });

  it('a link is refused after 15 minutes', async () => {
    await ask('owner@example.com');
    await inbox.waitFor((i) => i.to('owner@example.com').length === 1);
    const token = linkTokenOf(linkIn(inbox.mails[0]!.text, 'http://localhost:4321/account/link#')!);
    clock += 15 * 60_000;
    const late = await signInWith(token);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe('link_expired');
  });

  it('an unknown address gets the same answer and no mail', async () => {
    const unknown = await ask('stranger@example.com');
    const known = await ask('owner@example.com', '203.0.113.8');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await app.accounts.emailLinks.settled();
    await inbox.waitFor((i) => i.mails.length >= 1);
    expect(inbox.mails.map((m) => m.to)).toEqual([['owner@example.com']]);
    // An account, once made, is known by itself.
    await app.customers.findOrCreateByVerifiedEmail('friend@example.com');
    await ask('friend@example.com', '203.0.113.9');
    await inbox.waitFor((i) => i.to('friend@example.com').length === 1);
  });

  it('answers before the address is looked at: a slow look-up or a slow mail server changes nothing in the answer', async () => {
    // A source that has not answered yet (a slow panel), and a mail server that never greets.
    let answer: ((known: boolean) => void) | undefined;
    app.customers.registerKnownAddressSource((email) => (email === 'slow@example.com' ? new Promise<boolean>((resolve) => (answer = resolve)) : false));
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const slowApp = await buildApp(testConfig(database.url, { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://localhost:4321' }), {
      now: () => clock,
    });
    slowApp.customers.registerKnownAddressSource((email) => email === 'owner@example.com');
    try {
      const started = performance.now();
      const known = await slowApp.inject({
        method: 'POST',
        url: '/api/account/email-link',
        payload: { email: 'owner@example.com' },
        remoteAddress: '192.0.2.1',
      });
      expect(known.statusCode).toBe(202);
      // Had it waited for the mail, it would have come after the mail's 15 s timeout at the earliest.
      expect(performance.now() - started).toBeLessThan(10_000);
      // The mail is still on its way (the server has not greeted): the answer did not wait for it.
      await waitFor(() => sockets.size === 1, 'the mail connection');
      const slow = await ask('slow@example.com', '192.0.2.2');
      expect(slow.statusCode).toBe(202);
      expect(slow.body).toBe(known.body);
      // Sources before it (the Game Panel's owners and invitations) are asked first: wait for its turn.
      await waitFor(() => answer !== undefined, 'the slow look-up');
      answer!(false);
      await app.accounts.emailLinks.settled();
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await slowApp.close();
    }
  });

  it('limits links per address and per client, known or not', async () => {
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await ask('stranger@example.com', ip)).statusCode).toBe(202);
    const fourth = await ask('stranger@example.com', '198.51.100.4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toContain('for this e-mail address');
    for (let i = 0; i < 6; i += 1) expect((await ask(`a${i}@example.com`, '192.0.2.50')).statusCode).toBe(202);
    const seventh = await ask('a7@example.com', '192.0.2.50');
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json().error.message).toContain('from your address');
    clock += 15 * 60_000 + 1;
    expect((await ask('stranger@example.com', '198.51.100.4')).statusCode).toBe(202);
  });

  it('sign-in makes a new session id: a cookie planted before is never the signed-in session', async () => {
    const planted = 'hf_customer=attacker-chosen-value-0123456789abcdefghijklmnop';
    await ask('owner@example.com');
    await inbox.waitFor((i) => i.mails.length === 1);
    const token = linkTokenOf(linkIn(inbox.mails[0]!.text, 'http://localhost:4321/account/link#')!);
    const signedIn = await signInWith(token, planted);
    expect(signedIn.statusCode).toBe(200);
    const cookie = customerCookieFrom(app, signedIn);
    expect(cookie).not.toBe(planted);
    expect((await app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie: planted } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('sign-out ends the session on the server; sign out everywhere ends them all and tells the listeners', async () => {
    const ended: string[] = [];
    app.customers.onSessionsEnded((id) => ended.push(id));
    const first = customerCookieFrom(app, (await signInByEmailLink(app, inbox, 'owner@example.com', { 'user-agent': 'phone' })).response);
    const second = customerCookieFrom(app, (await signInByEmailLink(app, inbox, 'owner@example.com', { 'user-agent': 'laptop' })).response);
    const third = customerCookieFrom(app, (await signInByEmailLink(app, inbox, 'owner@example.com', { 'user-agent': 'tablet' })).response);
    const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } });
    const out = await app.inject({ method: 'POST', url: '/api/account/signout', headers: { cookie: first } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'hf_customer')?.value).toBe('');
    // The old cookie value, sent again, signs no one in: the session is gone on the server.
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    const id = (await me(second)).json().id as string;
    expect(ended).toEqual([id]);
    expect((await app.inject({ method: 'POST', url: '/api/account/signout-everywhere', headers: { cookie: second } })).statusCode).toBe(204);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
    expect(ended).toEqual([id, id]);
    expect(await app.customers.current({ cookies: { hf_customer: third.split('=')[1] } } as never)).toBeUndefined();
  });
});
