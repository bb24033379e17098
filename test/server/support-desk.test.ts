import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationDetail, ConversationPage, StaffMessage } from '../../contracts/support-staff-api.ts';
import type { HomeFigures, VisitorConversation } from '../../contracts/support.ts';
import { buildApp } from '../../server/app.ts';
import { supportJobNames } from '../../server/support/support-jobs.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { auditRows, staffUser, type StaffUser } from '../helpers/staff.ts';
import { linkIn, startSmtpInbox } from '../helpers/smtp-inbox.ts';
import { listening, nextEvent, SseClient, Visitor, eventsOf } from '../helpers/support.ts';
import { fixtureKey, fixtureServerId } from '../helpers/panel-fixture.ts';
import { testConfig } from '../helpers/test-config.ts';

describe.each(dialects)('the support desk (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let agent: StaffUser;
  let now: number;
  const streams: SseClient[] = [];
  const notices: Array<{ subject: string; text: string; link: string }> = [];

  const as = (user: StaffUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const open = async (url: string, cookie: string) => {
    const client = await SseClient.open(url, { cookie });
    streams.push(client);
    return client;
  };

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    inbox = await startSmtpInbox();
    now = Date.now();
    notices.length = 0;
    app = await buildApp(testConfig(database.url, { SMTP_URL: inbox.url, CONTACT_EMAIL_TO: 'team@example.com', SUPPORT_FIGURES_THRESHOLD: '3' }), {
      now: () => now,
      support: {
        jobEveryMs: 3_600_000,
        outbox: { pollIntervalMs: 50, backoff: { baseMs: 10, maxMs: 50 } },
        notifyTeam: async (notice) => {
          notices.push(notice);
        },
      },
    });
    agent = await staffUser(app, 'ada@example.com', 'support');
  });

  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await app.close();
    await inbox.close();
    await database.drop();
  });

  it('carries messages, typing and read state both ways live; notes stay with the team', async () => {
    const base = await listening(app);
    const console = await open(`${base}/api/staff/conversations/stream`, agent.cookie);
    await nextEvent(console, 'presence');
    expect((await as(agent, 'PUT', '/api/staff/conversations/availability', { available: true })).json()).toMatchObject({ available: true, staffed: true });
    expect((await app.inject({ url: '/api/support/status' })).json()).toMatchObject({ staffed: true });

    const visitor = new Visitor(app);
    const started = await visitor.start({ text: 'My server <b>lags</b> with 20 players', page: '/plans/minecraft', clientId: 'c1' });
    expect(started.messages).toEqual([expect.objectContaining({ author: 'visitor', text: 'My server <b>lags</b> with 20 players', clientId: 'c1' })]);
    const arrived = await nextEvent<{ conversationId: string; message: StaffMessage }>(console, 'message', (d) => d.conversationId === started.id);
    expect(arrived.message.text).toBe('My server <b>lags</b> with 20 players');
    const line = await nextEvent<{ conversation: { id: string; unread: number; state: string } }>(
      console,
      'conversation',
      (d) => d.conversation.id === started.id,
    );
    expect(line.conversation).toMatchObject({ unread: 1, state: 'open' });

    const chat = await open(`${base}/api/support/conversations/${started.id}/stream`, visitor.cookie);
    expect(await nextEvent(chat, 'presence')).toMatchObject({ staffed: true });

    expect((await visitor.request('POST', `/api/support/conversations/${started.id}/typing`, { typing: true })).statusCode).toBe(204);
    expect(await nextEvent(console, 'typing', (d) => d.conversationId === started.id)).toMatchObject({ author: 'visitor', typing: true });

    expect((await as(agent, 'POST', `/api/staff/conversations/${started.id}/read`, { upTo: started.messages[0]!.id })).statusCode).toBe(204);
    expect(await nextEvent(chat, 'read')).toMatchObject({ author: 'staff', upTo: started.messages[0]!.id });
    // Every console hears the line's unread count change with it (its list, filter and nav count), not at the next reload.
    const cleared = await nextEvent<{ conversation: { id: string; unread: number } }>(
      console,
      'conversation',
      (d) => d.conversation.id === started.id && d.conversation.unread === 0,
    );
    expect(cleared.conversation.unread).toBe(0);
    expect((await as(agent, 'GET', '/api/staff/conversations/counts')).json()).toMatchObject({ unread: 0 });

    const note = await as(agent, 'POST', `/api/staff/conversations/${started.id}/messages`, { text: 'Probably the view distance', kind: 'note' });
    expect(note.statusCode, note.body).toBe(201);
    await as(agent, 'POST', `/api/staff/conversations/${started.id}/typing`, { typing: true });
    expect(await nextEvent(chat, 'typing')).toMatchObject({ author: 'staff', name: 'ada', typing: true });
    const reply = await as(agent, 'POST', `/api/staff/conversations/${started.id}/messages`, { text: 'Hi! Try view-distance=8.' });
    expect(reply.statusCode, reply.body).toBe(201);
    const heard = await nextEvent<{ message: { text: string; authorName: string } }>(chat, 'message', (d) => d.message.text.startsWith('Hi!'));
    expect(heard.message.authorName).toBe('ada');
    expect(await nextEvent(chat, 'state', (d) => d.state === 'waiting')).toMatchObject({ assignee: { name: 'ada' } });
    expect(eventsOf<{ message: { text: string } }>(chat, 'message').map((e) => e.message.text)).not.toContain('Probably the view distance');

    // A second reply in a row (answered, assigned and waiting already) is stored too.
    const second = await as(agent, 'POST', `/api/staff/conversations/${started.id}/messages`, { text: 'Or lower simulation-distance.' });
    expect(second.statusCode, second.body).toBe(201);
    await nextEvent(chat, 'message', (d: { message: { text: string } }) => d.message.text === 'Or lower simulation-distance.');

    const seen: VisitorConversation = (await visitor.request('GET', `/api/support/conversations/${started.id}`)).json();
    expect(seen.messages.map((m) => m.text)).toEqual(['My server <b>lags</b> with 20 players', 'Hi! Try view-distance=8.', 'Or lower simulation-distance.']);
    expect(seen).toMatchObject({ state: 'waiting', assignee: { name: 'ada' } });

    // The same clientId again is the same message, stored once.
    const again = await visitor.request('POST', `/api/support/conversations/${started.id}/messages`, { text: 'Thanks', clientId: 'c2' });
    const twice = await visitor.request('POST', `/api/support/conversations/${started.id}/messages`, { text: 'Thanks', clientId: 'c2' });
    expect([again.statusCode, twice.statusCode]).toEqual([201, 200]);
    expect(twice.json().id).toBe(again.json().id);

    const detail: ConversationDetail = (await as(agent, 'GET', `/api/staff/conversations/${started.id}`)).json();
    expect(detail.messages.map((m) => [m.kind, m.text])).toEqual([
      ['message', 'My server <b>lags</b> with 20 players'],
      ['note', 'Probably the view distance'],
      ['message', 'Hi! Try view-distance=8.'],
      ['message', 'Or lower simulation-distance.'],
      ['message', 'Thanks'],
    ]);
    expect(detail.context).toMatchObject({ page: '/plans/minecraft', server: null, incidents: [] });
    expect(detail).toMatchObject({ state: 'open', unread: 1, firstAnsweredAt: now });

    // Another browser sees nothing of it.
    const stranger = new Visitor(app);
    expect((await stranger.request('GET', `/api/support/conversations/${started.id}`)).statusCode).toBe(404);
    expect((await auditRows(app)).map((r) => r.action)).toEqual(expect.arrayContaining(['support.availability', 'support.note', 'support.reply']));
  });

  it('with nobody available, mails the reply the visitor has not seen; its link continues the conversation in another browser', async () => {
    expect((await app.inject({ url: '/api/support/status' })).json()).toMatchObject({ staffed: false });
    const visitor = new Visitor(app);
    const started = await visitor.start({ text: 'Can I get a refund?', email: 'visitor@example.com' });
    await as(agent, 'POST', `/api/staff/conversations/${started.id}/messages`, { text: 'Secret: refund abuse history', kind: 'note' });
    await as(agent, 'POST', `/api/staff/conversations/${started.id}/messages`, { text: 'Yes, within 48 hours of purchase.' });

    // Not yet: the visitor may still read it in the browser.
    await app.jobs.runNow(supportJobNames.replyMail);
    now += 2 * 60_000 + 1;
    await app.jobs.runNow(supportJobNames.replyMail);
    await inbox.waitFor((i) => i.to('visitor@example.com').length === 1);
    const mail = inbox.to('visitor@example.com')[0]!;
    expect(mail.text).toContain('Yes, within 48 hours of purchase.');
    expect(mail.text).not.toContain('Secret');
    // Once only.
    await app.jobs.runNow(supportJobNames.replyMail);
    const link = linkIn(mail.text, 'http://localhost:4321/support/continue#');
    expect(link).toBeDefined();

    const phone = new Visitor(app);
    const continued = await phone.request('POST', '/api/support/continue', { token: new URL(link!).hash.slice(1) });
    expect(continued.statusCode, continued.body).toBe(200);
    expect(continued.json()).toEqual({ conversationId: started.id, addressConfirmed: true });
    phone.cookie = continued.cookies.find((c) => c.name.endsWith('hf_support'))!.value.replace(/^/, 'hf_support=');
    const there: VisitorConversation = (await phone.request('GET', `/api/support/conversations/${started.id}`)).json();
    expect(there.messages.map((m) => m.text)).toEqual(['Can I get a refund?', 'Yes, within 48 hours of purchase.']);
    expect((await phone.request('POST', `/api/support/conversations/${started.id}/messages`, { text: 'Great, please refund order 42.' })).statusCode).toBe(201);
    const page: ConversationPage = (await as(agent, 'GET', '/api/staff/conversations?view=unread')).json();
    expect(page.conversations).toEqual([expect.objectContaining({ id: started.id, unread: 1, state: 'open', preview: 'Great, please refund order 42.' })]);

    const forged = await phone.request('POST', '/api/support/continue', { token: `${new URL(link!).hash.slice(1, -3)}abc` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('invalid_link');
    expect(inbox.mails.filter((m) => m.to.includes('visitor@example.com'))).toHaveLength(1);
  });

  it('resolves, asks for a rating, mails the transcript, and computes the figures from it', async () => {
    const visitor = new Visitor(app);
    const started = await visitor.start({ text: 'How much RAM for 20 players?' });
    expect((await visitor.request('POST', `/api/support/conversations/${started.id}/rating`, { rating: 5 })).json().error.code).toBe('not_resolved');
    now += 30_000;
    await as(agent, 'POST', `/api/staff/conversations/${started.id}/messages`, { text: '4 GB is plenty.' });
    const resolved = await as(agent, 'POST', `/api/staff/conversations/${started.id}/resolve`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ state: 'resolved' });
    const after: VisitorConversation = (await visitor.request('GET', `/api/support/conversations/${started.id}`)).json();
    expect(after).toMatchObject({ state: 'resolved', canRate: true });
    const bad = await visitor.request('POST', `/api/support/conversations/${started.id}/rating`, { rating: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('rating');
    const rated = await visitor.request('POST', `/api/support/conversations/${started.id}/rating`, { rating: 5, comment: 'Quick!' });
    expect(rated.json()).toMatchObject({ rating: 5, ratingComment: 'Quick!', canRate: false });

    // The transcript goes only to the conversation's confirmed address (docs/decisions.md 72).
    const noAddress = await visitor.request('POST', `/api/support/conversations/${started.id}/transcript`, {});
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json().error.code).toBe('no_address');
    expect((await visitor.request('POST', `/api/support/conversations/${started.id}/transcript`, { email: 'me@example.com' })).statusCode).toBe(400);
    await visitor.request('PUT', `/api/support/conversations/${started.id}/contact`, { email: 'me@example.com' });
    expect((await visitor.request('POST', `/api/support/conversations/${started.id}/confirm-address`, {})).statusCode).toBe(202);
    await inbox.waitFor((i) => i.to('me@example.com').length === 1);
    const confirm = linkIn(inbox.to('me@example.com')[0]!.text, 'http://localhost:4321/support/continue#');
    expect((await visitor.request('POST', '/api/support/continue', { token: new URL(confirm!).hash.slice(1) })).json()).toMatchObject({
      addressConfirmed: true,
    });
    expect((await visitor.request('POST', `/api/support/conversations/${started.id}/transcript`, {})).statusCode).toBe(202);
    await inbox.waitFor((i) => i.to('me@example.com').length === 2);
    expect(inbox.to('me@example.com')[1]!.text).toContain('4 GB is plenty.');

    now += 60_000;
    let figures: HomeFigures = (await app.inject({ url: '/api/support/figures' })).json();
    expect(figures).toMatchObject({ measured: false, conversations: 1, threshold: 3 });
    expect(figures.figures).toEqual({ answeredInSeconds: 1, averageFirstAnswerSeconds: 30, satisfied: 1, resolvedFirstTime: 1 });

    // A second chat nobody answers, and the first one reopened by the visitor: the figures move.
    await new Visitor(app).start({ text: 'Hello?' });
    await new Visitor(app).start({ text: 'Anyone?' });
    await visitor.request('POST', `/api/support/conversations/${started.id}/messages`, { text: 'It lags again' });
    now += 61_000;
    figures = (await app.inject({ url: '/api/support/figures' })).json();
    expect(figures).toMatchObject({ measured: true, conversations: 3 });
    expect(figures.figures).toMatchObject({ answeredInSeconds: 1 / 3, satisfied: 1, resolvedFirstTime: 0 });
    const staff = (await as(agent, 'GET', '/api/staff/conversations/figures?weeks=2')).json();
    expect(staff.people).toEqual([expect.objectContaining({ name: 'ada', conversations: 1 })]);
    expect(staff.weeks).toHaveLength(2);
  });

  it('makes every contact form message a conversation the team answers by e-mail', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Grace', email: 'grace@example.com', subject: 'Invoice', message: 'Please send my invoice.' },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const { id } = sent.json();
    const page: ConversationPage = (await as(agent, 'GET', '/api/staff/conversations?origin=contact')).json();
    expect(page.conversations).toEqual([
      expect.objectContaining({ id, origin: 'contact', subject: 'Invoice', name: 'Grace', email: 'grace@example.com', unread: 1 }),
    ]);
    await as(agent, 'POST', `/api/staff/conversations/${id}/messages`, { text: 'Attached it to your account.' });
    now += 2 * 60_000 + 1;
    await app.jobs.runNow(supportJobNames.replyMail);
    await inbox.waitFor((i) => i.to('grace@example.com').length === 1);
    const mail = inbox.to('grace@example.com')[0]!;
    expect(mail.headers.get('subject')).toBe('Re: Invoice');
    expect(mail.text).toContain('Attached it to your account.');
    const found: ConversationPage = (await as(agent, 'GET', '/api/staff/conversations?q=INVOICE%20attached')).json();
    expect(found.conversations.map((c) => c.id)).toEqual([id]);
  });

  it('tells the team once about a chat nobody answered in time', async () => {
    const started = await new Visitor(app).start({ text: 'Is anybody there?', name: 'Linus' });
    await app.jobs.runNow(supportJobNames.unanswered);
    expect(notices).toEqual([]);
    now += 5 * 60_000;
    await app.jobs.runNow(supportJobNames.unanswered);
    await app.jobs.runNow(supportJobNames.unanswered);
    expect(notices).toEqual([
      {
        subject: 'Unanswered for 5 min: Linus',
        text: expect.stringContaining('Is anybody there?'),
        link: `http://localhost:4321/staff#conversations/${started.id}`,
      },
    ]);
  });

  it('answers bad input with field messages and holds back a flood', async () => {
    const visitor = new Visitor(app);
    const empty = await visitor.request('POST', '/api/support/conversations', { text: '   ', email: 'nope' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields).sort()).toEqual(['email', 'text']);
    const long = await visitor.request('POST', '/api/support/conversations', { text: 'x'.repeat(4001) });
    expect(long.json().error.fields.text).toMatch(/at most 4,000/);
    const started = await visitor.start({ text: 'hi' });
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1)
      codes.push((await visitor.request('POST', `/api/support/conversations/${started.id}/messages`, { text: `m${i}` })).statusCode);
    expect(codes.slice(0, 19).every((c) => c === 201)).toBe(true);
    expect(codes.slice(19)).toEqual([429, 429]);
    now += 61_000;
    expect((await visitor.request('POST', `/api/support/conversations/${started.id}/messages`, { text: 'later' })).statusCode).toBe(201);
    for (const text of ['two', 'three']) await visitor.start({ text });
    const fourth = await visitor.request('POST', '/api/support/conversations', { text: 'four' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.code).toBe('too_many_open');
    expect((await app.inject({ method: 'POST', url: '/api/staff/conversations/availability' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url: '/api/staff/conversations/availability', payload: { available: true } })).statusCode).toBe(401);
  });

  it('keeps saved replies and assigns to a teammate', async () => {
    const created = await as(agent, 'POST', '/api/staff/conversations/saved-replies', { title: 'Refunds', text: 'Refunds within 48 h.' });
    expect(created.statusCode, created.body).toBe(201);
    const edited = await as(agent, 'PUT', `/api/staff/conversations/saved-replies/${created.json().id}`, {
      title: 'Refunds',
      text: 'Refunds within 48 hours.',
    });
    expect(edited.json()).toMatchObject({ text: 'Refunds within 48 hours.' });
    expect((await as(agent, 'GET', '/api/staff/conversations/saved-replies')).json().replies).toHaveLength(1);
    expect((await as(agent, 'DELETE', `/api/staff/conversations/saved-replies/${created.json().id}`)).statusCode).toBe(204);

    const mate = await staffUser(app, 'bob@example.com', 'support');
    const started = await new Visitor(app).start({ text: 'hello', name: 'Sam' });
    const assigned = await as(agent, 'PUT', `/api/staff/conversations/${started.id}/assignee`, { staffId: mate.id });
    expect(assigned.json()).toMatchObject({ assignee: { staffId: mate.id, name: 'bob' } });
    const mine: ConversationPage = (await as(mate, 'GET', '/api/staff/conversations?view=mine')).json();
    expect(mine.conversations.map((c) => c.id)).toEqual([started.id]);
    expect(mine.counts).toMatchObject({ mine: 1, unassigned: 0 });
    const unknown = await as(agent, 'PUT', `/api/staff/conversations/${started.id}/assignee`, { staffId: 'nobody' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('staffId');
    const [entry] = await auditRows(app, 'support.assign');
    expect(await auditRows(app, 'support.assign')).toHaveLength(1);
    // The entry names the conversation as people do, by its visitor (and subject: none for a chat), beside its id.
    expect(entry).toMatchObject({ target: started.id });
    expect(JSON.parse(String(entry!.detail))).toEqual({ visitor: 'Sam', subject: null, assignee: 'bob' });
  });

  it("shows beside a conversation the visitor's game server, live, and the open incidents", async () => {
    const connected = await app.inject({ method: 'POST', url: '/api/panel/session', payload: { serverId: fixtureServerId, key: fixtureKey } });
    expect(connected.statusCode, connected.body).toBe(200);
    const panelCookie = connected.cookies.find((c) => c.name.endsWith('hf_panel'))!;
    const started = await app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers: { cookie: `${panelCookie.name}=${panelCookie.value}` },
      payload: { text: 'My server does not start', page: '/control-panel' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const incident = await as(agent, 'POST', '/api/staff/incidents', {
      title: 'Frankfurt network',
      impact: 'major',
      monitorIds: [],
      state: 'investigating',
      message: 'Looking.',
    });
    expect(incident.statusCode, incident.body).toBe(201);
    const detail: ConversationDetail = (await as(agent, 'GET', `/api/staff/conversations/${started.json().id}`)).json();
    expect(detail.context.server).toEqual({ id: fixtureServerId, name: 'Fixture Survival', state: 'offline', status: null });
    expect(detail.context.incidents.map((i) => i.title)).toEqual(['Frankfurt network']);
    expect(detail.context.page).toBe('/control-panel');
  });

  it("gives up at once on a visitor's address the mail server refuses for good", async () => {
    inbox.refuse('gone@example.com', 550);
    const visitor = new Visitor(app);
    const started = await visitor.start({ text: 'Hi', email: 'gone@example.com' });
    await as(agent, 'POST', `/api/staff/conversations/${started.id}/messages`, { text: 'Hello!' });
    now += 2 * 60_000 + 1;
    await app.jobs.runNow(supportJobNames.replyMail);
    // The worker may be in the middle of a look that began before the mail was queued: wait until it is settled.
    let mail = await app.db.selectFrom('support_mail_deliveries').selectAll().executeTakeFirstOrThrow();
    for (const deadline = Date.now() + 10_000; mail.status === 'pending' && Date.now() < deadline; ) {
      await app.support.outbox!.idle();
      mail = await app.db.selectFrom('support_mail_deliveries').selectAll().executeTakeFirstOrThrow();
    }
    expect(mail).toMatchObject({ kind: 'reply', status: 'failed', attempts: 1 });
    expect(inbox.mails).toEqual([]);
  });

  it('removes resolved conversations past retention and keeps open ones', async () => {
    const old = await new Visitor(app).start({ text: 'old and resolved' });
    const waiting = await new Visitor(app).start({ text: 'old and open' });
    await as(agent, 'POST', `/api/staff/conversations/${old.id}/resolve`);
    now += 366 * 86_400_000;
    await app.jobs.runNow('support conversations retention');
    const left = await app.db.selectFrom('support_conversations').select('id').execute();
    expect(left.map((c) => c.id)).toEqual([waiting.id]);
    expect(await app.db.selectFrom('support_messages').select('conversation_id').where('conversation_id', '=', old.id).execute()).toEqual([]);
  });
});
