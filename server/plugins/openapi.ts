import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { version } from '../lib/version.ts';

/**
 * The API described: an OpenAPI 3.1 document generated from every route's contract schemas,
 * served at GET /api/openapi.json. Registered before the routes so it sees them all.
 */
async function openApiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
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
    transform: (document) => (document.url.startsWith('/api/') ? jsonSchemaTransform(document) : { schema: { hide: true }, url: document.url }),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
export const openApi = fp(openApiPlugin, { name: 'openapi' });
