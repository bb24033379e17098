import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/databases.ts';
import { staffUser } from '../../helpers/staff.ts';
import { testConfig } from '../../helpers/test-config.ts';

/** The steps before there is a session, and a signed link's: the only staff routes a signed-out caller may reach. */
const signInSteps = [
  'POST /api/staff/signin/options',
  'POST /api/staff/signin',
  'POST /api/staff/enrolment/status',
  'POST /api/staff/enrolment/options',
  'POST /api/staff/enrolment',
  // An alert's Acknowledge link: its signed, single-purpose token is the credential (docs/decisions.md 51).
  'POST /api/staff/alerts/acknowledge-link',
];

/** A body no staff route takes, and an id no staff route takes: validation would answer 400 with field names. */
const badBody = JSON.stringify({ email: 5, role: 'emperor', name: [], title: 7, status: {}, monitorIds: 'x' });
const badId = 'not-an-id';

describe('every staff route answers 401 to a signed-out caller before it looks at the request', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let routes: Array<{ method: string; url: string; label: string }>;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await buildApp(testConfig(database.url));
    await app.ready();
    const document = (await app.inject('/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/staff/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{\w+\}/g, badId),
          label: `${method.toUpperCase()} ${path}`,
        })),
      );
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const send = (route: { method: string; url: string }, headers: Record<string, string> = {}) => {
    const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
    return app.inject({
      method: route.method as 'POST',
      url: `${route.url}?limit=-1&before=yesterday&status=nonsense`,
      headers: hasBody ? { 'content-type': 'application/json', ...headers } : headers,
      ...(hasBody ? { payload: badBody } : {}),
    });
  };

  it('covers the whole console: sign-in, the team, the inbox, the audit log, monitors and incidents', () => {
    const prefixes = new Set(routes.map((r) => r.url.split('/')[3]));
    for (const section of ['signin', 'me', 'members', 'contact', 'audit', 'monitors', 'incidents', 'alerts', 'conversations', 'probe-agents'])
      expect(prefixes).toContain(section);
    expect(routes.length).toBeGreaterThan(30);
  });

  it('answers 401 with no field names to a signed-out caller whose body, id and query are all invalid', async () => {
    const guarded = routes.filter((r) => !signInSteps.includes(r.label));
    for (const route of guarded) {
      const response = await send(route);
      expect(response.statusCode, route.label).toBe(401);
      expect(response.json().error.code, route.label).toBe('unauthenticated');
      expect(response.json().error.fields, route.label).toBeUndefined();
    }
  });

  it('answers 401, not 400, to a cookie that is no session', async () => {
    for (const route of routes.filter((r) => !signInSteps.includes(r.label))) {
      const response = await send(route, { cookie: 'hf_staff=made-up' });
      expect(response.statusCode, route.label).toBe(401);
      expect(response.json().error.code, route.label).toBe('session_ended');
    }
  });

  it('leaves only the sign-in steps and the acknowledge link open, and they still say what was wrong with the body', async () => {
    const open = routes.filter((r) => signInSteps.includes(r.label)).map((r) => r.label);
    expect(open.sort()).toEqual([...signInSteps].sort());
    const response = await send({ method: 'POST', url: '/api/staff/signin' });
    expect(response.statusCode).toBe(400);
    // The acknowledge link without a valid token is refused as bad input, never acted on.
    const link = await send({ method: 'POST', url: '/api/staff/alerts/acknowledge-link' });
    expect(link.statusCode).toBe(400);
  });

  it('answers 403 before validation to a signed-in person without the permission', async () => {
    const support = await staffUser(app, 'support@example.com', 'support');
    for (const url of ['/api/staff/members', `/api/staff/members/${badId}/role`]) {
      const response = await app.inject({
        method: url.endsWith('role') ? 'PUT' : 'POST',
        url,
        headers: { cookie: support.cookie, 'content-type': 'application/json' },
        payload: badBody,
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.fields, url).toBeUndefined();
    }
    // Someone allowed in still hears what is wrong with the body.
    const me = await app.inject({
      method: 'PUT',
      url: `/api/staff/me/passkeys/${badId}`,
      headers: { cookie: support.cookie, 'content-type': 'application/json' },
      payload: badBody,
    });
    expect(me.statusCode).toBe(400);
  });
});
