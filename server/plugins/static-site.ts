import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackHost } from '../config/config.ts';
import { securityHeaderSet } from './security-headers.ts';
import { SiteAnswers } from './site-answers.ts';
import { loadSiteFiles, type SiteFile, type SiteFiles } from './site-files.ts';
import { installFastPath } from './static-fast-path.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The built site in memory, and how to answer with it; undefined when dist/ is not built.
     * `dir` is the folder it was read from: dist/, or a rebuild for a published catalog, which
     * `replaceSite` swaps in whole between two requests (docs/decisions.md 97).
     */
    site: LoadedSite | undefined;
    /**
     * Chooses what answers a request for a file of the site: the file, or the same page made
     * with the banner it shows now (server/announcements/banner-pages.ts, docs/decisions.md 133).
     * Decorated by the announcements capability, which registers before the site.
     */
    pageChooser: PageChooser;
  }
}

export type PageChooser = (req: IncomingMessage, file: SiteFile) => SiteFile;

export interface LoadedSite {
  files: SiteFiles;
  answers: SiteAnswers;
  dir: string;
}

/** Reads a built site's folder into memory with the headers its answers carry. */
export function loadSite(app: FastifyInstance, dir: string): LoadedSite {
  const files = loadSiteFiles(dir);
  return { files, answers: new SiteAnswers(files, securityHeaderSet(dir, app.config.publicUrl, app.config.status.pingOrigins)), dir };
}

/** Serves another built folder from the next request on; a request already answering keeps its file. */
export function replaceSite(app: FastifyInstance, next: LoadedSite): void {
  const site = app.site;
  if (!site) throw new Error('the site is not built: nothing to replace');
  site.files = next.files;
  site.answers = next.answers;
  site.dir = next.dir;
}

/** The file a request target names (path only, percent-decoded), or undefined. */
function lookup(files: SiteFiles, url: string): SiteFile | undefined {
  const query = url.indexOf('?');
  const target = query === -1 ? url : url.slice(0, query);
  const file = files.files.get(target);
  if (file || !target.includes('%')) return file;
  try {
    return files.files.get(decodeURIComponent(target));
  } catch {
    return undefined;
  }
}

/**
 * Host values the fast path answers for without asking the app: PUBLIC_URL's host, and on a
 * loopback listener the loopback names with the connection's port. Any other Host goes the full
 * way through Fastify, where the app's own rules about hosts apply.
 */
function knownHost(publicUrl: string, listenHost: string): (req: IncomingMessage) => boolean {
  const publicHost = new URL(publicUrl).host;
  const loopback = isLoopbackHost(listenHost);
  // The loopback names with the port, made when the port changes rather than on every request.
  let port: number | undefined;
  let names: string[] = [];
  return (req) => {
    const host = req.headers.host;
    if (host === publicHost) return true;
    if (!loopback || host === undefined) return false;
    const local = req.socket.localPort;
    if (local !== port) {
      port = local;
      names = [`localhost:${local}`, `127.0.0.1:${local}`, `[::1]:${local}`];
    }
    return names.includes(host);
  };
}

/**
 * Serves the built site from memory (server/plugins/site-files.ts): precompressed brotli or gzip
 * when the client takes them, hashed assets cached for a year, pages revalidated, `/page/`
 * redirected to `/page`, dotfiles never. Requests for a file are answered before Fastify's
 * routing (server/plugins/static-fast-path.ts) when nothing about them needs the app; the same
 * answers come from a Fastify route for the others (and for inject).
 */
async function staticSitePlugin(app: FastifyInstance, options: { siteDir: string }): Promise<void> {
  const { siteDir } = options;
  if (!fs.existsSync(path.join(siteDir, 'index.html'))) {
    app.decorate('site', undefined);
    app.log.warn({ siteDir }, 'the site is not built; run npm run build. Serving the API only.');
    return;
  }
  const site = loadSite(app, siteDir);
  app.decorate('site', site);
  const choose: PageChooser = app.hasDecorator('pageChooser') ? app.pageChooser : (_req, file) => file;
  app.log.debug({ files: site.files.files.size, bytes: site.files.bytes }, 'site loaded into memory');

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler(request, reply) {
      const file = lookup(site.files, request.raw.url ?? '/');
      if (file) {
        reply.hijack();
        site.answers.write(request.raw, reply.raw, choose(request.raw, file), 200, request.id);
        return;
      }
      const canonical = site.files.redirects.get(request.url.split('?')[0]!);
      if (canonical) return reply.redirect(canonical, 301);
      return reply.callNotFound();
    },
  });

  const hostKnown = knownHost(app.config.publicUrl, app.config.host);
  // pino's; a logger without it (logger: false) logs nothing anyway.
  const log = app.log as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
  const debug = log.isLevelEnabled?.('debug') === true;
  installFastPath(app, (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || req.headers['x-forwarded-host'] !== undefined || !hostKnown(req)) return false;
    const url = req.url ?? '';
    // A hashed file asked for by its plain name (most of a visit's requests): no parsing, no id (docs/decisions.md 130).
    const hashed = site.answers.hashed.get(url);
    if (hashed) {
      site.answers.write(req, res, hashed, 200, undefined);
      if (debug) app.log.debug({ method, url, statusCode: res.statusCode }, 'static file');
      return true;
    }
    const file = lookup(site.files, url);
    if (!file) return false;
    // A lean file (a hashed script, style or font) carries no request id (docs/decisions.md 89).
    const id = file.lean ? undefined : randomUUID();
    site.answers.write(req, res, choose(req, file), 200, id);
    if (debug) app.log.debug({ reqId: id, method, url: req.url, statusCode: res.statusCode }, 'static file');
    return true;
  });
}
export const staticSite = fp(staticSitePlugin, { name: 'static-site' });

/** Unknown API paths get JSON; every other unknown page (GET or HEAD) gets the site's 404 page. */
export async function notFound(app: FastifyInstance): Promise<void> {
  app.setNotFoundHandler((request, reply) => {
    const body = { error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } };
    const page = app.site?.files.notFoundPage;
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (isApi || !page || (request.method !== 'GET' && request.method !== 'HEAD')) return reply.status(404).send(body);
    reply.hijack();
    app.site!.answers.write(request.raw, reply.raw, page, 404, request.id);
  });
}
