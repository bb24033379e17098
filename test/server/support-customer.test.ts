import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { signedInCustomer } from '../helpers/customers.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { ownedServersFile } from '../helpers/owned-servers.ts';
import { staffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';

/**
 * The support desk knows a signed-in customer (docs/decisions.md 82), both dialects: staff see
 * their name, address and servers (state, plan, location) beside the conversation, and the
 * conversation follows the account to another device without a continue link.
 */
describe.each(dialects)('a signed-in customer at the support desk on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let servers: ReturnType<typeof ownedServersFile>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    servers = ownedServersFile({ 'test-mc': { owner: 'dana@example.test', location: 'India - 01' } });
    app = await buildApp(testConfig(database.url, { LOCAL_SERVERS_FILE: servers.file }));
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    servers.remove();
  });

  it('shows staff who the customer is and their servers, and the chat follows the account to another device', async () => {
    const dana = await signedInCustomer(app, 'dana@example.test');
    const started = await app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers: { cookie: dana.cookie },
      payload: { text: 'My server will not start', page: '/control-panel' },
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().id as string;

    const agent = await staffUser(app, 'ada@example.com', 'support');
    const detail = await app.inject({ url: `/api/staff/conversations/${id}`, headers: { cookie: agent.cookie } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().context.customer).toEqual({
      name: 'dana@example.test',
      email: 'dana@example.test',
      servers: [
        {
          id: 'test-mc',
          name: 'Fixture Survival',
          state: 'offline',
          status: null,
          plan: '1 GB memory · 2 GB disk · 100% CPU',
          location: 'India - 01',
          role: 'owner',
        },
      ],
    });

    // Another device: a new session of the same account, no visitor cookie, no continue link.
    const phone = await signedInCustomer(app, 'dana@example.test');
    expect(phone.cookie).not.toBe(dana.cookie);
    const listed = await app.inject({ url: '/api/support/conversations', headers: { cookie: phone.cookie } });
    expect(JSON.stringify(listed.json())).toContain(id);
    expect((await app.inject({ url: `/api/support/conversations/${id}`, headers: { cookie: phone.cookie } })).statusCode).toBe(200);

    // A visitor without an account stays a visitor, and sees nothing of it.
    const stranger = await app.inject({ url: `/api/support/conversations/${id}` });
    expect(stranger.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'POST', url: '/api/support/conversations', payload: { text: 'Hello' } });
    const anonymousDetail = await app.inject({ url: `/api/staff/conversations/${anonymous.json().id}`, headers: { cookie: agent.cookie } });
    expect(anonymousDetail.json().context.customer).toBeNull();
  });
});
