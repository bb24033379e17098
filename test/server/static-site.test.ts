import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
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
    if (pages.length === 0) return;
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
    expect(csp).not.toContain('unsafe-inline\' ;');
    expect(csp.split(';').find((d) => d.includes('script-src'))).not.toContain('unsafe-inline');
  });
});
