import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { addPasskey, customerCookieFrom, signedInCustomer, signInWithPasskey } from '../../helpers/customers.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { SoftAuthenticator } from '../../helpers/soft-authenticator.ts';
import { testConfig } from '../../helpers/test-config.ts';

const origin = 'http://localhost:4321';

describe.each(dialects)('customer passkeys (%s)', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    app = await buildApp(testConfig(database.url, { PUBLIC_URL: origin }));
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } });

  it('a signed-in customer adds a passkey, then signs in with it after signing out', async () => {
    const customer = await signedInCustomer(app, 'ada@example.com');
    const authenticator = new SoftAuthenticator(origin);
    const added = await addPasskey(app, customer.cookie, authenticator, 'Laptop');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    const listed = await app.inject({ method: 'GET', url: '/api/account/passkeys', headers: { cookie: customer.cookie } });
    expect(listed.json().passkeys).toHaveLength(1);

    await app.inject({ method: 'POST', url: '/api/account/signout', headers: { cookie: customer.cookie } });
    expect((await me(customer.cookie)).statusCode).toBe(401);
    const signedIn = await signInWithPasskey(app, authenticator);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: customer.id, email: 'ada@example.com' });
    const cookie = customerCookieFrom(app, signedIn);
    expect((await me(cookie)).json().id).toBe(customer.id);
    expect((await app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).json().signIn.passkeys).toBe(true);
  });

  it('a passkey challenge belongs to the session that asked for it', async () => {
    const ada = await signedInCustomer(app, 'ada@example.com');
    const eve = await signedInCustomer(app, 'eve@example.com');
    const options = await app.inject({ method: 'POST', url: '/api/account/passkeys/options', headers: { cookie: ada.cookie } });
    const { challengeId, options: creation } = options.json();
    const credential = new SoftAuthenticator(origin).create(creation);
    const stolen = await app.inject({ method: 'POST', url: '/api/account/passkeys', headers: { cookie: eve.cookie }, payload: { challengeId, credential } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe('webauthn_stale');
    const noSession = await app.inject({ method: 'POST', url: '/api/account/passkeys/options' });
    expect(noSession.statusCode).toBe(401);
  });

  it('a removed passkey signs no one in; a passkey made for another site is refused', async () => {
    const customer = await signedInCustomer(app, 'ada@example.com');
    const authenticator = new SoftAuthenticator(origin);
    const { id } = (await addPasskey(app, customer.cookie, authenticator)).json();
    const elsewhere = new SoftAuthenticator('https://phish.example');
    const options = (await app.inject({ method: 'POST', url: '/api/account/passkeys/signin/options' })).json();
    const phished = await app.inject({
      method: 'POST',
      url: '/api/account/passkeys/signin',
      payload: { challengeId: options.challengeId, credential: authenticator.get(options.options, { origin: elsewhere.origin }) },
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json().error.code).toBe('webauthn_origin');
    const removed = await app.inject({ method: 'DELETE', url: `/api/account/passkeys/${encodeURIComponent(id)}`, headers: { cookie: customer.cookie } });
    expect(removed.statusCode).toBe(204);
    const refused = await signInWithPasskey(app, authenticator);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('passkey_unknown');
  });
});
