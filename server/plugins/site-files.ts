import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import mime from 'mime-types';
import { type HeldOriginal, originalFromGzip } from './site-original.ts';

export type Encoding = 'br' | 'gzip' | 'identity';

/** One encoding of one file, with every header of its answer computed at start. */
export interface Representation {
  encoding: Encoding;
  body: Buffer;
  etag: string;
  /** content-type, content-length, content-encoding, etag, last-modified, cache-control, vary. */
  headers: Record<string, string>;
  /** The headers of a 304 for it: etag, last-modified, cache-control, vary. */
  notModifiedHeaders: Record<string, string>;
}

/** A file of the built site: its original bytes, and the brotli and gzip copies postbuild wrote. */
export interface SiteFile {
  identity: Representation;
  br?: Representation;
  gzip?: Representation;
  /** Last-Modified as milliseconds (whole seconds), for If-Modified-Since. */
  modifiedMs: number;
  /**
   * A hashed script, style or font under /_astro/: never a document, so it is answered with the
   * headers that mean something on a subresource only, and no request id (docs/decisions.md 89).
   */
  lean: boolean;
}

/** Hashed files the browser only ever loads as a script, a style or a font (an SVG can be opened as a document). */
const leanAsset = /^_astro\/[^/]+\.(?:m?js|css|woff2?)$/;

export interface SiteFiles {
  /** By URL path (decoded): `/`, `/about`, `/about/index.html`, `/_astro/x.js`. */
  files: Map<string, SiteFile>;
  /** `/about/` → `/about`: the canonical path of every page but the home page. */
  redirects: Map<string, string>;
  /** dist/404.html, answered with status 404. */
  notFoundPage: SiteFile | undefined;
  /** Bytes held in memory, every encoding counted (an original kept as its gzip copy counts nothing). */
  bytes: number;
}

export const immutable = 'public, max-age=31536000, immutable';
export const revalidate = 'public, max-age=0, must-revalidate';

/** Build metadata that is not part of the site (scripts/postbuild.ts writes it for the CSP). */
const notServed = new Set(['csp-hashes.json']);

/** `body`: the bytes, or an original held as its gzip copy (server/plugins/site-original.ts), read when sent. */
export function representation(
  encoding: Encoding,
  body: Buffer | HeldOriginal,
  contentType: string,
  cacheControl: string,
  lastModified: string,
  varies: boolean,
): Representation {
  const held = !Buffer.isBuffer(body);
  const etag = held ? body.etag : `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const common: Record<string, string> = { etag, 'last-modified': lastModified, 'cache-control': cacheControl };
  if (varies) common.vary = 'accept-encoding';
  const headers: Record<string, string> = { 'content-type': contentType, 'content-length': String(body.length), ...common };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  if (!held) return { encoding, body, etag, headers, notModifiedHeaders: common };
  return {
    encoding,
    get body() {
      return body.body();
    },
    etag,
    headers,
    notModifiedHeaders: common,
  };
}

function readFile(file: string, relative: string): { site: SiteFile; bytes: number } {
  const stat = fs.statSync(file);
  const modifiedMs = Math.floor(stat.mtimeMs / 1000) * 1000;
  const lastModified = new Date(modifiedMs).toUTCString();
  const contentType = mime.contentType(path.extname(file)) || 'application/octet-stream';
  const cacheControl = relative.startsWith('_astro/') ? immutable : revalidate;
  const br = fs.existsSync(`${file}.br`) ? fs.readFileSync(`${file}.br`) : undefined;
  const gzip = fs.existsSync(`${file}.gz`) ? fs.readFileSync(`${file}.gz`) : undefined;
  const varies = br !== undefined || gzip !== undefined;
  // With a gzip copy, the original is not held: it is that copy decoded when asked for (docs/decisions.md 150).
  const original = gzip ? originalFromGzip(file, gzip) : undefined;
  const identity = original ?? fs.readFileSync(file);
  const site: SiteFile = {
    identity: representation('identity', identity, contentType, cacheControl, lastModified, varies),
    modifiedMs,
    lean: leanAsset.test(relative),
  };
  if (br) site.br = representation('br', br, contentType, cacheControl, lastModified, true);
  if (gzip) site.gzip = representation('gzip', gzip, contentType, cacheControl, lastModified, true);
  return { site, bytes: (original ? 0 : identity.length) + (br?.length ?? 0) + (gzip?.length ?? 0) };
}

/** Whether a path of dist/ is served: never a dotfile or anything inside a dot-directory. */
function isServed(relative: string, siblings: Set<string>): boolean {
  if (relative.split('/').some((part) => part.startsWith('.'))) return false;
  if (notServed.has(relative)) return false;
  // A precompressed copy is served as an encoding of its original, not at its own address.
  const original = relative.replace(/\.(br|gz)$/, '');
  return original === relative || !siblings.has(original);
}

/**
 * Reads the whole built site into memory once (a few MB): each file with its precompressed
 * copies and headers, so an answer is a lookup and one write; the original only when there is
 * no gzip copy to decode it from (server/plugins/site-original.ts).
 */
export function loadSiteFiles(siteDir: string): SiteFiles {
  const files = new Map<string, SiteFile>();
  const redirects = new Map<string, string>();
  const all = fs
    .readdirSync(siteDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  const names = new Set(all);
  let bytes = 0;
  for (const relative of all) {
    if (!isServed(relative, names)) continue;
    const { site: file, bytes: held } = readFile(path.join(siteDir, relative), relative);
    bytes += held;
    files.set(`/${relative}`, file);
    if (relative === 'index.html') files.set('/', file);
    else if (relative.endsWith('/index.html')) {
      const page = `/${relative.slice(0, -'/index.html'.length)}`;
      files.set(page, file);
      redirects.set(`${page}/`, page);
    }
  }
  return { files, redirects, notFoundPage: files.get('/404.html'), bytes };
}
