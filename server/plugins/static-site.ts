import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Every prerendered page: `dist/about/index.html` → `/about`. */
function pageRoutes(siteDir: string): Map<string, string> {
  const routes = new Map<string, string>();
  for (const entry of fs.readdirSync(siteDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = path.relative(siteDir, path.join(entry.parentPath, entry.name));
    const dir = path.dirname(file);
    routes.set(dir === '.' ? '/' : `/${dir.split(path.sep).join('/')}`, file);
  }
  return routes;
}

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'public, max-age=0, must-revalidate';

/**
 * Serves the built site: brotli or gzip files written after the build when the client takes
 * them, hashed assets cached for a year, pages revalidated, and the 404 page with status 404.
 */
export const staticSite = fp(async (app: FastifyInstance, options: { siteDir: string }) => {
  const { siteDir } = options;
  if (!fs.existsSync(path.join(siteDir, 'index.html'))) {
    app.log.warn({ siteDir }, 'the site is not built; run npm run build. Serving the API only.');
    return;
  }
  await app.register(fastifyStatic, {
    root: siteDir,
    preCompressed: true,
    index: false,
    redirect: false,
    cacheControl: false,
    // Never a dotfile (.env, .git/…, an editor's leftovers copied into dist/): 404 like any missing file.
    dotfiles: 'ignore',
    // @fastify/static 10 passes the Fastify reply here.
    setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
      const hashed = filePath.includes(`${path.sep}_astro${path.sep}`);
      reply.header('cache-control', hashed ? immutable : revalidate);
    },
  });
  for (const [url, file] of pageRoutes(siteDir)) {
    app.get(url, (_request, reply) => reply.sendFile(file));
    if (url !== '/') app.get(`${url}/`, (_request, reply) => reply.redirect(url, 301));
  }
});

/** Unknown API paths get JSON; every other unknown path gets the site's 404 page. */
export async function notFound(app: FastifyInstance, options: { siteDir: string }): Promise<void> {
  const page = path.join(options.siteDir, '404.html');
  const hasPage = fs.existsSync(page);
  app.setNotFoundHandler((request, reply) => {
    const body = { error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } };
    if (request.url.startsWith('/api/') || request.url === '/api' || !hasPage || request.method !== 'GET') {
      return reply.status(404).send(body);
    }
    return reply.status(404).header('cache-control', revalidate).sendFile('404.html');
  });
}
