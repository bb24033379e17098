import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
  requestBody?: unknown;
}

describe('the OpenAPI description at /api/openapi.json', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await buildApp(testConfig(database.url));
    await app.ready();
    const response = await app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes only real API routes, and the site pages not at all', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(5);
    for (const [path, operations] of Object.entries(document.paths)) {
      expect(path.startsWith('/api/')).toBe(true);
      // OpenAPI writes parameters as {id}; the router as :id.
      const route = path.replace(/\{(\w+)\}/g, ':$1');
      for (const method of Object.keys(operations)) expect(app.hasRoute({ method: method.toUpperCase() as 'GET', url: route }), `${method} ${path}`).toBe(true);
    }
    for (const path of ['/api/health', '/api/status/', '/api/status/check', '/api/panel/session', '/api/contact/']) expect(paths).toContain(path);
  });

  it('gives every operation its answers from the contracts, and every error the one envelope', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        expect(statuses.length, `${method} ${path}`).toBeGreaterThan(0);
        // Health checks answer their own body with 503 (load balancers read it); every other error is the envelope.
        if (path.startsWith('/api/health')) continue;
        for (const status of statuses.filter((s) => Number(s) >= 400)) {
          const schema = operation.responses[status]!.content?.['application/json']?.schema;
          expect(Object.keys(schema?.properties ?? {}), `${method} ${path} ${status}`).toEqual(['error']);
        }
      }
    }
    expect(document.paths['/api/status/check']!.post!.requestBody).toBeDefined();
    // The schedules, beside the panel's other routes.
    expect(Object.keys(document.paths['/api/panel/schedules']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/panel/schedules/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(document.paths['/api/panel/schedules/{id}/run']!.post!.responses['202']).toBeDefined();
    expect(document.paths['/api/panel/schedules']!.post!.requestBody).toBeDefined();
  });
});
