import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';

describe.each(dialects)('the app on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    // An empty database: the app's start migrates it, on both dialects, as on a first install.
    database = await createTestDatabase(dialect, { migrated: false });
    app = await buildApp(testConfig(database.url));
    app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail: connection string postgres://admin:hunter2@db');
    });
    app.post('/api/test/echo', { schema: { body: z.object({ email: z.email(), age: z.number().int().optional() }) } }, async (request) => request.body);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers health with the database and version', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('sends security headers on every response, and a CSP without unsafe-inline scripts', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/']) {
      const response = await app.inject(url);
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc).toMatch(/^ ?script-src 'self'/);
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await app.inject('/api/no-such-route');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/no-such-route' } });
  });

  it('says which fields are wrong, with 400', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { age: 'old' } });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('invalid');
    expect(error.fields).toMatchObject({ email: 'is required' });
    const badEmail = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'not-an-address' } });
    expect(badEmail.json().error.fields.email).toBe('must be a valid email');
    const badAge = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'a@b.co', age: 'old' } });
    expect(badAge.json().error.fields).toEqual({ age: 'must be a number' });
  });

  it('refuses malformed JSON and oversized bodies with 4xx, never 5xx', async () => {
    const malformed = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('invalid');
    const huge = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'a@b.co', pad: 'x'.repeat(70 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
    const wrongType = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(wrongType.statusCode).toBe(415);
  });

  it('hides internals in 5xx bodies', async () => {
    const response = await app.inject('/api/test/boom');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('secret internal detail');
    expect(response.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
  });

  it('refuses state-changing API requests from another origin', async () => {
    const foreign = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { origin: 'https://evil.example' }, payload: { email: 'a@b.co' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('cross_origin');
    const own = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { email: 'a@b.co' },
    });
    expect(own.statusCode).toBe(200);
    const none = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'a@b.co' } });
    expect(none.statusCode).toBe(200);
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const database = await createTestDatabase('postgres');
    const app = await buildApp(testConfig(database.url));
    await database.drop();
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'error', db: 'unreachable' });
    await app.close();
  });
});

describe('behind a TLS-terminating proxy', () => {
  it('sends HSTS when the public URL is HTTPS, whether or not the proxy says X-Forwarded-Proto', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildApp(testConfig(database.url, { TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'https://www.example.com' }));
    for (const headers of [{ 'x-forwarded-proto': 'https' }, {}]) {
      const response = await app.inject({ url: '/api/health', headers: { host: 'www.example.com', ...headers } });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
    await app.close();
    await database.drop();
  });

  it('sends no HSTS for a public URL that is plain HTTP, even when a request says it came over HTTPS', async () => {
    const database = await createTestDatabase('sqlite');
    const app = await buildApp(testConfig(database.url, { TRUST_PROXY: '127.0.0.1' }));
    const response = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    await app.close();
    await database.drop();
  });
});
