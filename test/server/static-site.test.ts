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
import { smallBodyBytes } from '../../server/plugins/site-answers.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';

// Runs against the built site (npm test builds it first).
describe('serving the built site', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let siteDir: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = testConfig(database.url);
    siteDir = config.siteDir;
    if (!fs.existsSync(path.join(siteDir, 'index.html'))) throw new Error('dist/ is not built: run npm run build first');
    app = await buildApp(config);
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('serves / with the shell', async () => {
    const response = await app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<header');
    expect(response.body).toContain('<footer');
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answers an unknown route with the 404 page and status 404', async () => {
    const response = await app.inject('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('Page not found');
    expect(response.body).toContain('<header');
  });

  it('redirects a trailing slash to the canonical path', async () => {
    const pages = fs.readdirSync(siteDir, { withFileTypes: true }).filter((e) => e.isDirectory() && fs.existsSync(path.join(siteDir, e.name, 'index.html')));
    expect(pages.length, 'the built site has pages in folders of their own').toBeGreaterThan(0);
    const name = pages[0]!.name;
    const response = await app.inject(`/${name}/`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/${name}`);
  });

  it('sends precompressed brotli and gzip, identical to the original', async () => {
    const original = fs.readFileSync(path.join(siteDir, 'index.html'));
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(original)).toBe(true);
  });

  it('caches hashed assets for a year, immutably', async () => {
    const asset = fs.readdirSync(path.join(siteDir, '_astro')).find((f) => f.endsWith('.js'));
    expect(asset).toBeDefined();
    const response = await app.inject(`/_astro/${asset}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('allows exactly the inline scripts the build emitted, by hash', async () => {
    const csp = String((await app.inject('/')).headers['content-security-policy']);
    const html = fs.readFileSync(path.join(siteDir, 'index.html'), 'utf8');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => !/application\/(ld\+)?json/.test(m[1] ?? '') && (m[2] ?? '').length > 0,
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const match of inline) {
      const hash = createHash('sha256').update(match[2]!).digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    expect(csp).not.toContain("unsafe-inline' ;");
    expect(csp.split(';').find((d) => d.includes('script-src'))).not.toContain('unsafe-inline');
  });
});

/** A raw GET/HEAD over a socket (no decompression, no Host rewriting), as a browser sends it. */
function rawRequest(
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: target, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the site from memory', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let siteDir: string;
  let port: number;
  let asset: string;
  /** What went through Fastify's routing (the fast path answers before it). */
  const routed: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    // A copy of the built site with files that must never be served.
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-site-'));
    fs.cpSync(testConfig(database.url).siteDir, siteDir, { recursive: true });
    fs.writeFileSync(path.join(siteDir, '.env'), 'SECRET=1');
    fs.mkdirSync(path.join(siteDir, '.git'));
    fs.writeFileSync(path.join(siteDir, '.git', 'config'), '[core]');
    fs.mkdirSync(path.join(siteDir, 'about', '.hidden'), { recursive: true });
    fs.writeFileSync(path.join(siteDir, 'about', '.hidden', 'x.txt'), 'hidden');
    app = await buildApp({ ...testConfig(database.url, { LOG_LEVEL: 'silent' }), siteDir });
    app.addHook('onRequest', async (request) => {
      routed.push(request.url);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    asset = `/_astro/${fs.readdirSync(path.join(siteDir, '_astro')).find((f) => f.endsWith('.js') && fs.existsSync(path.join(siteDir, '_astro', `${f}.gz`)))}`;
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  it('answers the same over a socket as through the app, security headers and request id included', async () => {
    for (const target of ['/', asset, '/favicon.svg']) {
      for (const encoding of ['br, gzip', 'gzip', '']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const direct = await rawRequest(port, target, { host: `127.0.0.1:${port}`, ...headers });
        const injected = await app.inject({ url: target, headers });
        expect(direct.status).toBe(200);
        expect(injected.statusCode).toBe(200);
        expect(direct.body.equals(injected.rawPayload)).toBe(true);
        for (const name of [
          'content-type',
          'content-length',
          'content-encoding',
          'etag',
          'last-modified',
          'cache-control',
          'vary',
          'content-security-policy',
          'x-content-type-options',
          'referrer-policy',
          'x-frame-options',
          'cross-origin-opener-policy',
          'permissions-policy',
        ]) {
          expect(direct.headers[name], `${target} ${encoding} ${name}`).toBe(injected.headers[name]);
        }
        expect(direct.headers['x-content-type-options']).toBe('nosniff');
        if (target === asset) {
          // A hashed script is never a document: the document policies and a request id stay off (docs/decisions.md 89).
          for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'x-request-id']) {
            expect(direct.headers[name], `${target} ${name}`).toBeUndefined();
            expect(injected.headers[name], `${target} ${name}`).toBeUndefined();
          }
          continue;
        }
        expect(direct.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(direct.headers['x-request-id']).not.toBe(injected.headers['x-request-id']);
        expect(direct.headers['content-security-policy']).toContain("default-src 'self'");
      }
    }
  });

  it('sends small bodies (held as strings) and large ones (sent as buffers) byte for byte over a socket', async () => {
    // docs/decisions.md 125: a hashed file's compressed body up to smallBodyBytes goes with its head in one write, as latin1 text.
    const big = fs
      .readdirSync(path.join(siteDir, '_astro'))
      .map((f) => `/_astro/${f}`)
      .find((f) => f.endsWith('.js') && fs.statSync(path.join(siteDir, f)).size > smallBodyBytes)!;
    expect(fs.statSync(path.join(siteDir, asset)).size).toBeLessThanOrEqual(smallBodyBytes);
    for (const target of [asset, big]) {
      const original = fs.readFileSync(path.join(siteDir, target));
      const plain = await rawRequest(port, target, { host: `127.0.0.1:${port}` });
      expect(plain.body.equals(original), target).toBe(true);
      const gzip = await rawRequest(port, target, { host: `127.0.0.1:${port}`, 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
      expect(zlib.gunzipSync(gzip.body).equals(original), target).toBe(true);
      const br = await rawRequest(port, target, { host: `127.0.0.1:${port}`, 'accept-encoding': 'br' });
      expect(zlib.brotliDecompressSync(br.body).equals(original), target).toBe(true);
    }
  });

  it('picks the encoding by Accept-Encoding, q-values included', async () => {
    const original = fs.readFileSync(path.join(siteDir, 'index.html'));
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.4', 'gzip'],
      ['deflate', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ];
    for (const [accept, expected] of cases) {
      const answer = await rawRequest(port, '/', { host: `127.0.0.1:${port}`, 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(expected);
      const body = expected === 'br' ? zlib.brotliDecompressSync(answer.body) : expected === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body;
      expect(body.equals(original)).toBe(true);
    }
  });

  it('answers If-None-Match and If-Modified-Since with 304, and a changed tag with the file', async () => {
    for (const request of [
      (h: Record<string, string>) => rawRequest(port, asset, { host: `127.0.0.1:${port}`, ...h }),
      async (h: Record<string, string>) => {
        const r = await app.inject({ url: asset, headers: h });
        return { status: r.statusCode, headers: r.headers, body: r.rawPayload };
      },
    ]) {
      const first = await request({ 'accept-encoding': 'gzip' });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await request({ 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(again.headers['x-content-type-options']).toBe('nosniff');
      expect((await request({ 'accept-encoding': 'gzip', 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
      // Another encoding is another representation, with its own tag.
      expect((await request({ 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(200);
      expect((await request({ 'accept-encoding': 'gzip', 'if-none-match': '"stale"' })).status).toBe(200);
      expect((await request({ 'if-modified-since': String(first.headers['last-modified']) })).status).toBe(304);
      expect((await request({ 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await rawRequest(port, '/', { host: `127.0.0.1:${port}`, 'accept-encoding': 'gzip' });
    const head = await rawRequest(port, '/', { host: `127.0.0.1:${port}`, 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
    const injected = await app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(injected.statusCode).toBe(200);
    expect(injected.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('never serves dotfiles, build metadata or a precompressed copy at its own address', async () => {
    for (const target of [
      '/.env',
      '/.git/config',
      '/about/.hidden/x.txt',
      '/%2Eenv',
      '/csp-hashes.json',
      '/index.html.gz',
      '/index.html.br',
      '/_astro/../.env',
    ]) {
      const direct = await rawRequest(port, target, { host: `127.0.0.1:${port}` });
      expect(direct.status, target).toBe(404);
      expect(direct.body.toString()).not.toContain('SECRET');
      expect((await app.inject(target)).statusCode, target).toBe(404);
    }
  });

  it('answers the 404 page with status 404 and the security headers, over a socket', async () => {
    const answer = await rawRequest(port, '/no-such-page', { host: `127.0.0.1:${port}` });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.body.toString()).toContain('Page not found');
    expect(answer.headers['content-security-policy']).toBeDefined();
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const api = await rawRequest(port, '/api/no-such-thing', { host: `127.0.0.1:${port}` });
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString())).toMatchObject({ error: { code: 'not_found' } });
  });

  it('serves pages by their canonical path, with a query string, percent-encoded, and redirects the trailing slash', async () => {
    const page = fs.readdirSync(siteDir, { withFileTypes: true }).find((e) => e.isDirectory() && fs.existsSync(path.join(siteDir, e.name, 'index.html')))!.name;
    const html = fs.readFileSync(path.join(siteDir, page, 'index.html'));
    for (const target of [`/${page}`, `/${page}?utm=1`, `/${page.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`]) {
      const answer = await rawRequest(port, target, { host: `127.0.0.1:${port}` });
      expect(answer.status, target).toBe(200);
      expect(answer.body.equals(html)).toBe(true);
    }
    const slash = await rawRequest(port, `/${page}/`, { host: `127.0.0.1:${port}` });
    expect(slash.status).toBe(301);
    expect(slash.headers.location).toBe(`/${page}`);
  });

  it('answers files before the app when the host is a name of this site', async () => {
    routed.length = 0;
    expect((await rawRequest(port, asset, { host: `127.0.0.1:${port}` })).status).toBe(200);
    expect((await rawRequest(port, '/', { host: `localhost:${port}` })).status).toBe(200);
    expect(routed).toEqual([]);
    expect((await rawRequest(port, '/api/health', { host: `127.0.0.1:${port}` })).status).toBe(200);
    expect(routed).toEqual(['/api/health']);
  });

  it('leaves other methods and other host names to the app', async () => {
    routed.length = 0;
    const post = await rawRequest(port, '/', { host: `127.0.0.1:${port}` }, 'POST');
    expect(post.status).toBe(404);
    // Not a name this site answers for: the app's Host check refuses it (421), with the security headers.
    const foreign = await rawRequest(port, '/', { host: 'other.example' });
    expect(foreign.status).toBe(421);
    expect(foreign.headers['content-security-policy']).toBeDefined();
    const forwarded = await rawRequest(port, '/', { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'other.example' });
    expect(forwarded.status).toBe(200);
    expect(routed.length).toBe(2);
    expect(routed.every((url) => url === '/')).toBe(true);
  });
});
