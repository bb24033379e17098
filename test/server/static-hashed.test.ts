import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadSite, replaceSite } from '../../server/plugins/static-site.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';

/** A built site by hand: pages, a hashed script and style with their brotli and gzip copies, an unhashed file. */
function writeSite(dir: string, script: string): void {
  fs.mkdirSync(path.join(dir, '_astro'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Home</title>');
  fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html><title>Page not found</title>');
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
  const files: Record<string, string> = { 'app.B1x9Qz.js': script, 'site.K2m4Pr.css': `body{color:#123}/*${'x'.repeat(400)}*/` };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, '_astro', name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  }
}

function get(port: number, target: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: target, method, headers: { host: `127.0.0.1:${port}`, ...headers }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

// Over a socket: the hashed files are answered on the fast path's own map (docs/decisions.md 130).
describe('hashed files of the built site', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  const dirs: string[] = [];
  const script = `console.log(${JSON.stringify('first build '.repeat(60))});`;
  const routed: string[] = [];

  beforeAll(async () => {
    dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-hashed-')));
    writeSite(dirs[0]!, script);
    database = await createTestDatabase('sqlite');
    app = await buildApp({ ...testConfig(database.url, { LOG_LEVEL: 'silent' }), siteDir: dirs[0]! });
    app.addHook('onRequest', async (request) => {
      routed.push(request.url);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends brotli, gzip or the original by Accept-Encoding, each varying by it, cached for a year, with no request id', async () => {
    routed.length = 0;
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, none: (b: Buffer) => b };
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['deflate', 'none'],
      ['', 'none'],
      ['br;q=0, gzip;q=0', 'none'],
    ] as const) {
      const answer = await get(port, '/_astro/app.B1x9Qz.js', accept ? { 'accept-encoding': accept } : {});
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding === 'none' ? undefined : encoding);
      expect(decode[encoding](answer.body).toString(), accept).toBe(script);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.headers.vary, accept).toBe('accept-encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-request-id']).toBeUndefined();
      expect(answer.headers['content-security-policy']).toBeUndefined();
      expect(answer.headers['last-modified']).toMatch(/GMT$/);
    }
    expect(routed, 'answered before the app').toEqual([]);
  });

  it('answers a matching tag or date with 304 per encoding, HEAD without a body, and a Range with the whole file', async () => {
    const target = '/_astro/site.K2m4Pr.css';
    const gzip = await get(port, target, { 'accept-encoding': 'gzip' });
    const plain = await get(port, target);
    expect(gzip.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers.etag).not.toBe(gzip.headers.etag);
    for (const [headers, tag] of [
      [{ 'accept-encoding': 'gzip' }, String(gzip.headers.etag)],
      [{}, String(plain.headers.etag)],
    ] as const) {
      const again = await get(port, target, { ...headers, 'if-none-match': tag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(tag);
      expect(again.headers.vary).toBe('accept-encoding');
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // The gzip copy's tag does not name the original.
    expect((await get(port, target, { 'if-none-match': String(gzip.headers.etag) })).status).toBe(200);
    expect((await get(port, target, { 'if-modified-since': String(plain.headers['last-modified']) })).status).toBe(304);
    expect((await get(port, target, { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);

    const head = await get(port, target, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(gzip.headers['content-length']);
    expect(head.headers.etag).toBe(gzip.headers.etag);

    // Ranges are not served (nor were they): the whole file, 200.
    const range = await get(port, target, { range: 'bytes=0-9' });
    expect(range.status).toBe(200);
    expect(range.body.equals(plain.body)).toBe(true);
    expect(range.headers['content-range']).toBeUndefined();
  });

  it('answers the same for the name spelled otherwise, an unknown hashed name with the 404 page, an unhashed file revalidated', async () => {
    const plain = await get(port, '/_astro/app.B1x9Qz.js');
    for (const target of ['/_astro/app.B1x9Qz.js?v=1', '/_astro/%61pp.B1x9Qz.js']) {
      const answer = await get(port, target);
      expect(answer.status, target).toBe(200);
      expect(answer.body.equals(plain.body), target).toBe(true);
      expect(answer.headers.etag).toBe(plain.headers.etag);
    }
    const unknown = await get(port, '/_astro/app.Zz9Zz9.js');
    expect(unknown.status).toBe(404);
    expect(unknown.body.toString()).toContain('Page not found');
    expect((await get(port, '/_astro/app.B1x9Qz.js.gz')).status).toBe(404);
    const robots = await get(port, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(robots.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the hashed files of the build swapped in, and no longer those of the one before', async () => {
    const next = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-hashed-'));
    dirs.push(next);
    const changed = `console.log(${JSON.stringify('second build '.repeat(60))});`;
    writeSite(next, changed);
    fs.rmSync(path.join(next, '_astro', 'site.K2m4Pr.css'));
    for (const suffix of ['.gz', '.br']) fs.rmSync(path.join(next, '_astro', `site.K2m4Pr.css${suffix}`));
    const before = await get(port, '/_astro/app.B1x9Qz.js', { 'accept-encoding': 'gzip' });
    expect((await get(port, '/_astro/site.K2m4Pr.css')).status).toBe(200);

    replaceSite(app, loadSite(app, next));
    const after = await get(port, '/_astro/app.B1x9Qz.js', { 'accept-encoding': 'gzip' });
    expect(after.status).toBe(200);
    expect(zlib.gunzipSync(after.body).toString()).toBe(changed);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get(port, '/_astro/app.B1x9Qz.js')).body.toString()).toBe(changed);
    const gone = await get(port, '/_astro/site.K2m4Pr.css');
    expect(gone.status).toBe(404);
    expect(gone.body.toString()).toContain('Page not found');
  });
});
