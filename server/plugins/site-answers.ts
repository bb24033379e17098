import type { IncomingMessage, ServerResponse } from 'node:http';
import { Negotiator, type CacheStore } from '@fastify/accept-negotiator';
import type { Representation, SiteFile, SiteFiles } from './site-files.ts';

/** Header lists ready for writeHead: [name, value, name, value, …]. */
interface Baked {
  ok: string[];
  notModified: string[];
  /** A small body as a one-byte string (docs/decisions.md 125), else undefined. */
  text: string | undefined;
}

/**
 * The brotli and gzip bodies of hashed scripts, styles and fonts (most of a visit's requests) up
 * to this size are also held as one-byte (latin1) strings: Node writes a string body with the
 * head in one socket write, where a Buffer goes beside it in a gathered write (writev), which
 * costs more than the copy for a small file. The rest go as the Buffer, uncopied. The strings
 * weigh about 0.3 MB for this site (the memory at rest stays under 120 MiB: decision 40).
 */
export const smallBodyBytes = 16 * 1024;

/** Negotiation results by Accept-Encoding value; cleared when full, since clients choose the values. */
function boundedCache(limit: number): CacheStore {
  const map = new Map<string, string>();
  const store: CacheStore = {
    get: (key) => map.get(key),
    has: (key) => map.has(key),
    set(key, value) {
      if (map.size >= limit) map.clear();
      map.set(key, value);
      return store;
    },
  };
  return store;
}

/**
 * The security headers that mean something on a script, style or font (docs/decisions.md 89):
 * the others (CSP, frame, referrer, opener, permissions) govern documents, and a hashed asset is
 * never one.
 */
const subresourceSecurity = new Set(['x-content-type-options', 'strict-transport-security']);

function flat(...sets: Record<string, string>[]): string[] {
  return sets.flatMap((set) => Object.entries(set).flat());
}

/** Whether a tag list of If-None-Match names this representation (weak comparison, RFC 9110 13.1.2). */
function matchesTag(header: string, etag: string): boolean {
  if (header === etag || header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

/**
 * Answers requests for files of the built site, from memory, on the raw Node request and
 * response: brotli, gzip or identity by Accept-Encoding, 304 for a matching If-None-Match
 * (or If-Modified-Since without one), HEAD without the body; every header, the security ones
 * included, computed once at start. Used on the fast path and from Fastify's routes alike
 * (server/plugins/static-site.ts), so both answer the same bytes.
 */
export class SiteAnswers {
  /**
   * The hashed scripts, styles and fonts (lean files) by their exact request target, as a
   * browser asks for them (`/_astro/x.js`: no query, nothing percent-encoded). They never change
   * under their name, so the fast path answers them from here before anything else is looked at
   * (docs/decisions.md 130). Part of the answers of one built site, so a swap brings its own.
   */
  readonly hashed = new Map<string, SiteFile>();
  /** Weak: a page made with a banner (server/announcements/banner-pages.ts) is baked on its first answer and let go with it. */
  private readonly baked = new WeakMap<Representation, Baked>();
  private readonly security: Record<string, string>;
  private readonly negotiators = {
    both: new Negotiator<'br' | 'gzip' | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'], cache: boundedCache(200) }),
    gzip: new Negotiator<'gzip' | 'identity'>({ supportedValues: ['gzip', 'identity'], cache: boundedCache(200) }),
    br: new Negotiator<'br' | 'identity'>({ supportedValues: ['br', 'identity'], cache: boundedCache(200) }),
  };

  constructor(site: SiteFiles, security: Record<string, string>) {
    this.security = security;
    for (const [target, file] of site.files) if (file.lean) this.hashed.set(target, file);
    for (const file of new Set([...site.files.values()])) {
      for (const rep of [file.identity, file.br, file.gzip]) if (rep) this.bake(file, rep);
    }
  }

  private bake(file: SiteFile, rep: Representation): Baked {
    const security = this.security;
    const headers = file.lean ? Object.fromEntries(Object.entries(security).filter(([name]) => subresourceSecurity.has(name))) : security;
    const baked: Baked = {
      ok: flat(rep.headers, headers),
      notModified: flat(rep.notModifiedHeaders, headers),
      text: file.lean && rep.encoding !== 'identity' && rep.body.length <= smallBodyBytes ? rep.body.toString('latin1') : undefined,
    };
    this.baked.set(rep, baked);
    return baked;
  }

  /** The encoding of `file` the client takes best (identity when it names none we have). */
  choose(file: SiteFile, acceptEncoding: string | undefined): Representation {
    if (!acceptEncoding || (!file.br && !file.gzip)) return file.identity;
    const negotiator = file.br && file.gzip ? this.negotiators.both : file.br ? this.negotiators.br : this.negotiators.gzip;
    const encoding = negotiator.negotiate(acceptEncoding);
    if (encoding === 'br') return file.br ?? file.identity;
    if (encoding === 'gzip') return file.gzip ?? file.identity;
    return file.identity;
  }

  /**
   * Writes the whole answer for `file`: `status` 200 (conditional requests honoured) or 404 (the
   * not-found page). The security headers (HSTS too, when the site is public over HTTPS) are baked in;
   * a lean file (a hashed script, style or font) goes with its baked list as it is, no request id.
   */
  write(req: IncomingMessage, res: ServerResponse, file: SiteFile, status: 200 | 404, requestId: string | undefined): void {
    const rep = this.choose(file, req.headers['accept-encoding']);
    const baked = this.baked.get(rep) ?? this.bake(file, rep);
    const id = file.lean ? undefined : requestId;
    if (status === 200 && this.notModified(req, rep, file)) {
      res.writeHead(304, id === undefined ? baked.notModified : [...baked.notModified, 'x-request-id', id]);
      res.end();
      return;
    }
    res.writeHead(status, id === undefined ? baked.ok : [...baked.ok, 'x-request-id', id]);
    if (req.method === 'HEAD') res.end();
    else if (baked.text !== undefined) res.end(baked.text, 'latin1');
    else res.end(rep.body);
  }

  private notModified(req: IncomingMessage, rep: Representation, file: SiteFile): boolean {
    const tags = req.headers['if-none-match'];
    if (tags !== undefined) return matchesTag(tags, rep.etag);
    const since = req.headers['if-modified-since'];
    if (since === undefined) return false;
    const at = Date.parse(since);
    return !Number.isNaN(at) && file.modifiedMs <= at;
  }
}
