import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { loadSwagger } from '../lib/lazy-imports.ts';
import { version } from '../lib/version.ts';

/** What @fastify/swagger is given: the document's header, and which routes it describes. */
const swaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Hostfront API',
      version,
      description:
        'The API behind the Hostfront site: network status, the customer game-server panel, contact messages and health. Errors use one envelope: {"error":{"code","message","fields"?}}.',
    },
  },
  // Only the API: the site's pages are not operations.
  transform: (document: Parameters<typeof jsonSchemaTransform>[0]) =>
    document.url.startsWith('/api/') ? jsonSchemaTransform(document) : { schema: { hide: true }, url: document.url },
};

type Hook = (...args: unknown[]) => unknown;

/**
 * Runs @fastify/swagger (loaded now) over the routes the app registered: the plugin is given an
 * instance that records its hooks and its decorator, its `onRoute` hook then sees every route as
 * it would have at registration, its `onReady` runs (the app declares no shared schemas), and its
 * `swagger()` builds the document.
 */
async function describeRoutes(routes: readonly RouteOptions[]): Promise<unknown> {
  const swaggerPlugin = await loadSwagger();
  const hooks = new Map<string, Hook[]>();
  let swagger: (() => unknown) | undefined;
  const recorder = {
    addHook: (name: string, hook: Hook) => hooks.set(name, [...(hooks.get(name) ?? []), hook]),
    decorate: (_name: string, value: () => unknown) => {
      swagger = value;
    },
    getSchemas: () => ({}),
  };
  await new Promise<void>((resolve, reject) =>
    (swaggerPlugin as unknown as (instance: object, options: object, done: (error?: Error) => void) => void)(recorder, swaggerOptions, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  for (const route of routes) for (const hook of hooks.get('onRoute') ?? []) hook(route);
  for (const hook of hooks.get('onReady') ?? []) await new Promise<void>((resolve) => hook(resolve));
  if (!swagger) throw new Error('@fastify/swagger declared no swagger() decorator');
  return swagger();
}

/**
 * The API described: an OpenAPI 3.1 document generated from every route's contract schemas,
 * served at GET /api/openapi.json. Registered before the routes so it sees them all. The
 * generator (@fastify/swagger and its YAML writer) is loaded on the first request for the
 * document, not at start (docs/decisions.md 60); the document is then kept.
 */
async function openApiPlugin(app: FastifyInstance): Promise<void> {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  let document: Promise<unknown> | undefined;
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => {
    document ??= describeRoutes(routes).catch((error: unknown) => {
      document = undefined;
      throw error;
    });
    return document;
  });
}
export const openApi = fp(openApiPlugin, { name: 'openapi' });
