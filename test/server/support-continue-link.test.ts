import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VisitorConversationList } from '../../contracts/support-visitor-api.ts';
import { buildApp } from '../../server/app.ts';
import { supportJobNames } from '../../server/support/support-jobs.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { linkIn, startSmtpInbox } from '../helpers/smtp-inbox.ts';
import { staffUser, type StaffUser } from '../helpers/staff.ts';
import { Visitor, visitorCookieFrom } from '../helpers/support.ts';
import { testConfig } from '../helpers/test-config.ts';

// Issue 30, section 4: a continue link grants its one conversation to the browser that opens
// it, beside the browser's own; it never takes over the browser's identity (docs/decisions.md 73).

describe.each(dialects)('a continue link (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let agent: StaffUser;
  let now: number;

  const list = async (visitor: Visitor) => ((await visitor.request('GET', '/api/support/conversations')).json() as VisitorConversationList).conversations;

  /** The attacker's own conversation, and the continue link our reply mail gives them. */
  const attackerLink = async (attacker: Visitor) => {
    const own = await attacker.start({ text: 'Hello, is anybody there?', email: 'mallory@example.com' });
    await app.inject({
      method: 'POST',
      url: `/api/staff/conversations/${own.id}/messages`,
      headers: { cookie: agent.cookie },
      payload: { text: 'Yes, how can we help?' },
    });
    now += 2 * 60_000 + 1;
    await app.jobs.runNow(supportJobNames.replyMail);
    await inbox.waitFor((i) => i.to('mallory@example.com').length === 1);
    const link = linkIn(inbox.to('mallory@example.com')[0]!.text, 'http://localhost:4321/support/continue#');
    expect(link).toBeDefined();
    return { conversationId: own.id, token: new URL(link!).hash.slice(1) };
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

  it("opened by someone else, adds the link's conversation: the victim keeps theirs, and the link's owner cannot read what the victim writes next", async () => {
    const victim = new Visitor(app);
    const earlier = await victim.start({ text: 'My server will not start after the update' });
    const victimCookie = victim.cookie;

    const attacker = new Visitor(app);
    const lure = await attackerLink(attacker);

    // The victim opens the attacker's link and presses "Open the conversation".
    const opened = await victim.request('POST', '/api/support/continue', { token: lure.token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ conversationId: lure.conversationId });
    // The browser keeps its own identity (the cookie is renewed, never replaced by the link owner's).
    victim.cookie = visitorCookieFrom(opened);
    expect(victim.cookie).toBe(victimCookie);

    expect((await list(victim)).map((c) => c.id).sort()).toEqual([earlier.id, lure.conversationId].sort());
    expect((await victim.request('GET', `/api/support/conversations/${earlier.id}`)).statusCode).toBe(200);
    expect((await victim.request('GET', `/api/support/conversations/${lure.conversationId}`)).statusCode).toBe(200);

    // What the victim writes next stays theirs.
    const next = await victim.start({ text: 'Here is my panel key: ptlc_SECRET_KEY_123' });
    expect((await list(attacker)).map((c) => c.id)).toEqual([lure.conversationId]);
    for (const id of [next.id, earlier.id]) {
      expect((await attacker.request('GET', `/api/support/conversations/${id}`)).statusCode).toBe(404);
      expect((await attacker.request('POST', `/api/support/conversations/${id}/messages`, { text: 'hi' })).statusCode).toBe(404);
    }
    expect((await victim.request('GET', `/api/support/conversations/${next.id}`)).json().messages[0].text).toBe('Here is my panel key: ptlc_SECRET_KEY_123');
  });

  it('gives a browser without a cookie an identity of its own, which the conversation owner cannot read', async () => {
    const owner = new Visitor(app);
    const lure = await attackerLink(owner);
    const fresh = new Visitor(app);
    const opened = await fresh.request('POST', '/api/support/continue', { token: lure.token });
    expect(opened.statusCode, opened.body).toBe(200);
    fresh.cookie = visitorCookieFrom(opened);
    expect(fresh.cookie).not.toBe(owner.cookie);
    const reply = await fresh.request('POST', `/api/support/conversations/${lure.conversationId}/messages`, { text: 'Answered from my phone' });
    expect(reply.statusCode).toBe(201);
    const mine = await fresh.start({ text: 'A new question of my own' });
    expect((await owner.request('GET', `/api/support/conversations/${mine.id}`)).statusCode).toBe(404);
    expect((await list(owner)).map((c) => c.id)).toEqual([lure.conversationId]);
  });
});
