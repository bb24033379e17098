import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';

describe('panel and staff answers are never cached', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await buildApp(testConfig(database.url));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it.each([
    ['GET', '/api/panel/session', 200],
    ['GET', '/api/panel/server', 401],
    ['GET', '/%61pi/panel/resources', 401],
    ['POST', '/api/panel/session', 400],
    ['GET', '/api/panel/no-such-thing', 404],
    ['GET', '/api/staff/anything', 404],
  ])('%s %s (%i) says Cache-Control: no-store', async (method, url, status) => {
    const response = await app.inject({ method: method as 'GET' | 'POST', url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('leaves other answers alone', async () => {
    const response = await app.inject('/api/health');
    expect(response.headers['cache-control']).not.toBe('no-store');
  });
});
