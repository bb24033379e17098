import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { securityHeaderSet } from '../../server/plugins/security-headers.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';

/**
 * The whole header set of every kind of answer of the built site, pinned name by name, on the
 * fast path (a socket, docs/decisions.md 130) and through Fastify's route (inject) alike: a header
 * added, dropped or changed on either path fails here (docs/decisions.md 150).
 */
const publicUrl = 'https://hostfront.example';
const host = 'hostfront.example';
const script = `console.log(${JSON.stringify('pinned '.repeat(80))});`;
const page = `<!doctype html><title>Home</title><p>${'Welcome. '.repeat(60)}</p>`;
const notFound = '<!doctype html><title>Page not found</title>';

/** Headers Node's HTTP server adds to every answer by itself, about the connection and the clock. */
const transport = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

type Headers = Record<string, string>;

function writeSite(dir: string): void {
  fs.mkdirSync(path.join(dir, '_astro'), { recursive: true });
  for (const [name, text] of [
    ['_astro/app.P1n9Ed.js', script],
    ['index.html', page],
    ['404.html', notFound],
  ] as const) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  }
}

/** The tag of a body as the site computes it: sha256, base64url, 27 characters, quoted. */
function tagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function request(port: number, target: string, headers: Headers, method: string) {
  return new Promise<{ status: number; headers: Headers; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method, headers: { host, ...headers }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers as Headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The answer's headers without the transport's; a request id (a fresh UUID each time) as `<uuid>`. */
function pinned(headers: Headers): Headers {
  const out: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    if (transport.has(name)) continue;
    out[name] = name === 'x-request-id' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value) ? '<uuid>' : String(value);
  }
  return out;
}

describe('the headers of the built site, pinned', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  let dir: string;
  let security: Headers;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-headers-'));
    writeSite(dir);
    database = await createTestDatabase('sqlite');
    app = await buildApp({ ...testConfig(database.url, { LOG_LEVEL: 'silent', PUBLIC_URL: publicUrl }), siteDir: dir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    security = securityHeaderSet(dir, publicUrl);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Asks both paths the same question and checks each gives `status`, exactly `expected` and the same body. */
  async function both(target: string, headers: Headers, method: 'GET' | 'HEAD', status: number, expected: Headers): Promise<Buffer> {
    const socket = await request(port, target, headers, method);
    const injected = await app.inject({ method, url: target, headers: { host, ...headers } });
    expect(socket.status, `${method} ${target} ${JSON.stringify(headers)} (socket)`).toBe(status);
    expect(injected.statusCode, `${method} ${target} ${JSON.stringify(headers)} (inject)`).toBe(status);
    expect(pinned(socket.headers), `${method} ${target} ${JSON.stringify(headers)} (socket)`).toEqual(expected);
    expect(pinned(injected.headers as Headers), `${method} ${target} ${JSON.stringify(headers)} (inject)`).toEqual(expected);
    expect(injected.rawPayload.equals(socket.body), 'both paths send the same body').toBe(true);
    return socket.body;
  }

  function lastModified(name: string): string {
    return new Date(Math.floor(fs.statSync(path.join(dir, name)).mtimeMs / 1000) * 1000).toUTCString();
  }

  /** What a hashed script's answer carries in `encoding` (undefined: the original). */
  function scriptHeaders(encoding: 'br' | 'gzip' | undefined): { ok: Headers; notModified: Headers } {
    const name = '_astro/app.P1n9Ed.js';
    const body = fs.readFileSync(path.join(dir, encoding === 'br' ? `${name}.br` : encoding === 'gzip' ? `${name}.gz` : name));
    const notModified: Headers = {
      etag: tagOf(body),
      'last-modified': lastModified(name),
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
      // A script is never a document: of the security headers only these two mean something on it (docs/decisions.md 89).
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
    };
    const ok: Headers = { ...notModified, 'content-type': 'text/javascript; charset=utf-8', 'content-length': String(body.length) };
    if (encoding) ok['content-encoding'] = encoding;
    return { ok, notModified };
  }

  it('a hashed script: brotli, gzip or the original by Accept-Encoding (q=0 refuses), each with exactly its headers', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip;q=0', undefined, (b: Buffer) => b],
      ['identity', undefined, (b: Buffer) => b],
      [undefined, undefined, (b: Buffer) => b],
    ] as const) {
      const headers: Headers = accept === undefined ? {} : { 'accept-encoding': accept };
      const body = await both('/_astro/app.P1n9Ed.js', headers, 'GET', 200, scriptHeaders(encoding).ok);
      expect(decode(body).toString(), String(accept)).toBe(script);
    }
  });

  it('a hashed script: 304 for its tag with exactly the revalidation headers, HEAD with the GET headers and no body', async () => {
    for (const encoding of ['br', 'gzip', undefined] as const) {
      const headers: Headers = encoding ? { 'accept-encoding': encoding } : {};
      const { ok, notModified } = scriptHeaders(encoding);
      expect((await both('/_astro/app.P1n9Ed.js', { ...headers, 'if-none-match': ok.etag! }, 'GET', 304, notModified)).length).toBe(0);
      expect((await both('/_astro/app.P1n9Ed.js', { ...headers, 'if-none-match': `W/${ok.etag}, "other"` }, 'GET', 304, notModified)).length).toBe(0);
      expect((await both('/_astro/app.P1n9Ed.js', headers, 'HEAD', 200, ok)).length).toBe(0);
    }
    // Another encoding's tag does not name this one; a Range still gets the whole file.
    await both('/_astro/app.P1n9Ed.js', { 'accept-encoding': 'gzip', 'if-none-match': scriptHeaders('br').ok.etag! }, 'GET', 200, scriptHeaders('gzip').ok);
    await both('/_astro/app.P1n9Ed.js', { range: 'bytes=0-9' }, 'GET', 200, scriptHeaders(undefined).ok);
  });

  /** What a page's answer carries: every security header, revalidated, with a request id. */
  function pageHeaders(name: string, encoding: 'br' | 'gzip' | undefined): { ok: Headers; notModified: Headers } {
    const body = fs.readFileSync(path.join(dir, encoding === 'br' ? `${name}.br` : encoding === 'gzip' ? `${name}.gz` : name));
    const notModified: Headers = {
      etag: tagOf(body),
      'last-modified': lastModified(name),
      'cache-control': 'public, max-age=0, must-revalidate',
      vary: 'accept-encoding',
      ...security,
      'x-request-id': '<uuid>',
    };
    const ok: Headers = { ...notModified, 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.length) };
    if (encoding) ok['content-encoding'] = encoding;
    return { ok, notModified };
  }

  it('a page and the not-found page: exactly their headers in each encoding, 304 and HEAD', async () => {
    expect(Object.keys(security).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'permissions-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    for (const encoding of ['br', 'gzip', undefined] as const) {
      const headers: Headers = encoding ? { 'accept-encoding': encoding } : {};
      const { ok, notModified } = pageHeaders('index.html', encoding);
      for (const target of ['/', '/index.html']) {
        await both(target, headers, 'GET', 200, ok);
        expect((await both(target, headers, 'HEAD', 200, ok)).length).toBe(0);
        expect((await both(target, { ...headers, 'if-none-match': ok.etag! }, 'GET', 304, notModified)).length).toBe(0);
      }
      const missing = await both('/no-such-page', headers, 'GET', 404, pageHeaders('404.html', encoding).ok);
      expect(missing.length).toBe(Number(pageHeaders('404.html', encoding).ok['content-length']));
    }
  });
});
