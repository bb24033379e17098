import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMessage } from '../../contracts/support-staff-api.ts';
import type { VisitorConversation } from '../../contracts/support.ts';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { staffUser } from '../helpers/staff.ts';
import { listening, nextEvent, SseClient, Visitor } from '../helpers/support.ts';
import { testConfig } from '../helpers/test-config.ts';

const apps: FastifyInstance[] = [];
const streams: SseClient[] = [];
let database: TestDatabase | undefined;

afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  for (const app of apps.splice(0)) await app.close();
  await database?.drop();
  database = undefined;
});

async function start(url: string): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp(testConfig(url));
  apps.push(app);
  return { app, base: await listening(app) };
}

async function stream(url: string, cookie: string): Promise<SseClient> {
  const client = await SseClient.open(url, { cookie });
  streams.push(client);
  await nextEvent(client, 'presence');
  return client;
}

describe('the support desk across two instances on one PostgreSQL', () => {
  it('carries a visitor on one instance and a staff member on the other both ways, with presence', async () => {
    database = await createTestDatabase('postgres');
    const a = await start(database.url);
    const b = await start(database.url);
    const agent = await staffUser(b.app, 'ada@example.com', 'support');
    const console = await stream(`${b.base}/api/staff/conversations/stream`, agent.cookie);
    await b.app.inject({ method: 'PUT', url: '/api/staff/conversations/availability', headers: { cookie: agent.cookie }, payload: { available: true } });
    // Instance A sees the console open on B: live chat is staffed there too.
    expect((await a.app.inject({ url: '/api/support/status' })).json()).toMatchObject({ staffed: true });

    const visitor = new Visitor(a.app);
    const started = await visitor.start({ text: 'Hello from instance A' });
    const chat = await stream(`${a.base}/api/support/conversations/${started.id}/stream`, visitor.cookie);
    const arrived = await nextEvent<{ message: StaffMessage }>(console, 'message', (d) => d.message.text === 'Hello from instance A');
    expect(arrived.message.author).toBe('visitor');

    await b.app.inject({ method: 'POST', url: `/api/staff/conversations/${started.id}/typing`, headers: { cookie: agent.cookie }, payload: { typing: true } });
    expect(await nextEvent(chat, 'typing')).toMatchObject({ author: 'staff', typing: true });
    await b.app.inject({
      method: 'POST',
      url: `/api/staff/conversations/${started.id}/messages`,
      headers: { cookie: agent.cookie },
      payload: { text: 'Hello from instance B' },
    });
    expect(await nextEvent(chat, 'message', (d: { message: { text: string } }) => d.message.text === 'Hello from instance B')).toBeDefined();
    expect(await nextEvent(chat, 'state', (d: { state: string }) => d.state === 'waiting')).toMatchObject({ assignee: { name: 'ada' } });

    // The console closes: both instances say nobody is there any more.
    console.close();
    await nextEvent(chat, 'presence', (d: { staffed: boolean }) => d.staffed === false);
    expect((await a.app.inject({ url: '/api/support/status' })).json()).toMatchObject({ staffed: false });
  });
});

describe('the support desk when its LISTEN connection is lost', () => {
  it('listens again and tells open streams to read again; messages cross instances afterwards', async () => {
    database = await createTestDatabase('postgres');
    const a = await start(database.url);
    const b = await start(database.url);
    const agent = await staffUser(b.app, 'ada@example.com', 'support');
    const console = await stream(`${b.base}/api/staff/conversations/stream`, agent.cookie);
    const name = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and query ilike 'listen hostfront_support%'",
        [name],
      );
      expect(killed.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await nextEvent(console, 'resync');
    const started = await new Visitor(a.app).start({ text: 'After the reconnect' });
    expect(await nextEvent(console, 'message', (d: { conversationId: string }) => d.conversationId === started.id)).toBeDefined();
  });
});

describe.each(dialects)('the support desk over a restart (%s)', (dialect) => {
  it('keeps the conversation, the visitor cookie and every message when the server restarts in the middle', async () => {
    database = await createTestDatabase(dialect);
    const first = await start(database.url);
    const agent = await staffUser(first.app, 'ada@example.com', 'support');
    const visitor = new Visitor(first.app);
    const started = await visitor.start({ text: 'Before the restart', email: 'v@example.com' });
    await first.app.inject({
      method: 'POST',
      url: `/api/staff/conversations/${started.id}/messages`,
      headers: { cookie: agent.cookie },
      payload: { text: 'Reply before' },
    });
    await first.app.close();
    apps.splice(apps.indexOf(first.app), 1);

    const second = await start(database.url);
    const again = new Visitor(second.app);
    again.cookie = visitor.cookie;
    const chat = await stream(`${second.base}/api/support/conversations/${started.id}/stream`, again.cookie);
    expect((await again.request('POST', `/api/support/conversations/${started.id}/messages`, { text: 'After the restart' })).statusCode).toBe(201);
    await second.app.inject({
      method: 'POST',
      url: `/api/staff/conversations/${started.id}/messages`,
      headers: { cookie: agent.cookie },
      payload: { text: 'Reply after' },
    });
    await nextEvent(chat, 'message', (d: { message: { text: string } }) => d.message.text === 'Reply after');
    const seen: VisitorConversation = (await again.request('GET', `/api/support/conversations/${started.id}`)).json();
    expect(seen.messages.map((m) => m.text)).toEqual(['Before the restart', 'Reply before', 'After the restart', 'Reply after']);
    expect(seen.email).toBe('v@example.com');
  });
});
