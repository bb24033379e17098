import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { supportMailCaps } from '../../contracts/support-rules.ts';
import type { VisitorConversation } from '../../contracts/support.ts';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { linkIn, startSmtpInbox } from '../helpers/smtp-inbox.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';
import { Visitor, visitorCookieFrom } from '../helpers/support.ts';
import { testConfig } from '../helpers/test-config.ts';
import { dayMs } from '../../contracts/time-units.ts';

// Issue 30, section 3: the site must not mail a stranger's words to anyone. A transcript goes
// only to the conversation's proven address, only once it is resolved, a few a day per
// conversation and per recipient (docs/decisions.md 72), through a real SMTP server.

describe.each(dialects)('support transcripts go only where they may (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let agent: StaffUser;
  let now: number;

  const transcript = (visitor: Visitor, id: string, body: object = {}) => visitor.request('POST', `/api/support/conversations/${id}/transcript`, body);
  const resolve = async (id: string) => {
    await app.inject({ method: 'POST', url: `/api/staff/conversations/${id}/messages`, headers: { cookie: agent.cookie }, payload: { text: 'Use 4 GB.' } });
    const resolved = await app.inject({ method: 'POST', url: `/api/staff/conversations/${id}/resolve`, headers: { cookie: agent.cookie } });
    expect(resolved.statusCode, resolved.body).toBe(200);
  };
  /** Opens a continue link in the visitor's browser (the button on /support/continue). */
  const openLink = async (visitor: Visitor, link: string) => {
    const opened = await visitor.request('POST', '/api/support/continue', { token: new URL(link).hash.slice(1) });
    expect(opened.statusCode, opened.body).toBe(200);
    return opened.json() as { conversationId: string; addressConfirmed: boolean };
  };
  /** A resolved conversation whose address was proven by the link of a mail to it. */
  const confirmedResolved = async (email: string, text = 'How much RAM for 20 players?', remoteAddress = '127.0.0.1') => {
    const visitor = new Visitor(app);
    // Each from its own client address: starting conversations is limited per address too.
    const response = await app.inject({ method: 'POST', url: '/api/support/conversations', remoteAddress, payload: { text, email } });
    expect(response.statusCode, response.body).toBe(201);
    visitor.cookie = visitorCookieFrom(response);
    const started: VisitorConversation = response.json();
    await resolve(started.id);
    expect(await openLink(visitor, app.support.links.continueLink(started.id, now, email))).toMatchObject({ addressConfirmed: true });
    return { visitor, id: started.id };
  };

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    inbox = await startSmtpInbox();
    now = Date.now();
    app = await buildApp(testConfig(database.url, { SMTP_URL: inbox.url }), {
      now: () => now,
      support: { jobEveryMs: 3_600_000, outbox: { pollIntervalMs: 50, backoff: { baseMs: 10, maxMs: 50 } }, notifyTeam: async () => {} },
    });
    agent = await staffUser(app, 'ada@example.com', 'support');
  });

  afterEach(async () => {
    await app.close();
    await inbox.close();
    await database.drop();
  });

  it('refuses an address the request names, an open conversation and an unconfirmed address; mails the confirmed one', async () => {
    const visitor = new Visitor(app);
    const started = await visitor.start({ text: 'Your account is suspended: log in at https://evil.example/login', email: 'lee@example.com' });

    const elsewhere = await transcript(visitor, started.id, { email: 'victim@example.com' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    expect(elsewhere.json().error.fields.email).toMatch(/only to the address confirmed/);

    const open = await transcript(visitor, started.id);
    expect(open.statusCode).toBe(409);
    expect(open.json().error.code).toBe('not_resolved');

    await resolve(started.id);
    const unconfirmed = await transcript(visitor, started.id);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toMatchObject({ code: 'address_unconfirmed', message: expect.stringContaining('lee@example.com') });

    // The confirmation carries nothing the visitor wrote; its link proves the address.
    expect((await visitor.request('POST', `/api/support/conversations/${started.id}/confirm-address`, {})).statusCode).toBe(202);
    await inbox.waitFor((i) => i.to('lee@example.com').length === 1);
    const confirmation = inbox.to('lee@example.com')[0]!;
    expect(confirmation.text).not.toContain('evil.example');
    const link = linkIn(confirmation.text, 'http://localhost:4321/support/continue#');
    expect(link).toBeDefined();
    expect(await openLink(visitor, link!)).toEqual({ conversationId: started.id, addressConfirmed: true });
    const seen: VisitorConversation = (await visitor.request('GET', `/api/support/conversations/${started.id}`)).json();
    expect(seen).toMatchObject({ email: 'lee@example.com', emailVerified: true });
    expect((await visitor.request('POST', `/api/support/conversations/${started.id}/confirm-address`, {})).json().error.code).toBe('already_confirmed');

    expect((await transcript(visitor, started.id)).statusCode).toBe(202);
    await inbox.waitFor((i) => i.to('lee@example.com').length === 2);
    expect(inbox.to('lee@example.com')[1]!.text).toContain('Use 4 GB.');

    // Another address is not proven by the first one's link.
    const changed: VisitorConversation = (
      await visitor.request('PUT', `/api/support/conversations/${started.id}/contact`, { email: 'victim@example.com' })
    ).json();
    expect(changed.emailVerified).toBe(false);
    expect((await transcript(visitor, started.id)).json().error.code).toBe('address_unconfirmed');
    const stale = await openLink(visitor, link!);
    expect(stale.addressConfirmed).toBe(false);
    expect((await transcript(visitor, started.id)).statusCode).toBe(409);
    expect(inbox.mails.flatMap((m) => m.to)).toEqual(['lee@example.com', 'lee@example.com']);
  });

  it('caps the transcripts of one conversation a day, counted on the app clock', async () => {
    const { visitor, id } = await confirmedResolved('mo@example.com');
    const max = supportMailCaps.transcript.perConversation;
    for (let i = 0; i < max; i += 1) expect((await transcript(visitor, id)).statusCode).toBe(202);
    const refused = await transcript(visitor, id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^This conversation had \d+ transcripts today/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(dayMs / 1000 - 60);
    await inbox.waitFor((i) => i.to('mo@example.com').length === max);

    now += dayMs + 1;
    expect((await transcript(visitor, id)).statusCode).toBe(202);
    await inbox.waitFor((i) => i.to('mo@example.com').length === max + 1);
  });

  it('caps the transcripts one address receives a day, from however many conversations', async () => {
    const max = supportMailCaps.transcript.perRecipient;
    const conversations = [];
    for (let i = 0; i <= max; i += 1)
      conversations.push(await confirmedResolved(i % 2 ? 'Kim@Example.com' : 'kim@example.com', `Question ${i}`, `192.0.2.${i + 1}`));
    for (const c of conversations.slice(0, max)) expect((await transcript(c.visitor, c.id)).statusCode).toBe(202);
    const last = conversations[max]!;
    const refused = await transcript(last.visitor, last.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^kim@example\.com had \d+ transcripts today/i);
    await inbox.waitFor((i) => i.mails.length === max);

    now += dayMs + 1;
    expect((await transcript(last.visitor, last.id)).statusCode).toBe(202);
    await inbox.waitFor((i) => i.mails.length === max + 1);
    expect(new Set(inbox.mails.flatMap((m) => m.to.map((to) => to.toLowerCase())))).toEqual(new Set(['kim@example.com']));
  });
  it('caps the confirmation links one address receives a day, and they carry nothing a visitor wrote', async () => {
    const max = supportMailCaps.confirm.perRecipient;
    const confirm = (visitor: Visitor, id: string) => visitor.request('POST', `/api/support/conversations/${id}/confirm-address`, {});
    for (let i = 0; i <= max; i += 1) {
      const visitor = new Visitor(app);
      const started = await visitor.start({ text: `Click https://evil.example/${i}`, name: `<!channel> ${i}`, email: 'pat@example.com' });
      expect((await confirm(visitor, started.id)).statusCode).toBe(i < max ? 202 : 429);
    }
    await inbox.waitFor((i) => i.to('pat@example.com').length === max);
    for (const mail of inbox.to('pat@example.com')) {
      expect(mail.text).not.toMatch(/evil\.example|channel/);
      expect(mail.headers.get('subject')).toBe('Confirm your address for Hostfront support');
    }
  });
});
