import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { rawRequest, requestText } from '../helpers/raw-http.ts';
import { testConfig } from '../helpers/test-config.ts';

// Through HTTP on a listening server, so it holds whatever serves the files.
describe('static files: dotfiles are never served', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  let siteDir: string;

  beforeAll(async () => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-site-'));
    fs.writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Home</title>');
    fs.writeFileSync(path.join(siteDir, '404.html'), '<!doctype html><title>Page not found</title>');
    fs.writeFileSync(path.join(siteDir, 'robots.txt'), 'User-agent: *');
    fs.writeFileSync(path.join(siteDir, '.env'), 'SECRET=dotfile-secret');
    fs.mkdirSync(path.join(siteDir, '.git'));
    fs.writeFileSync(path.join(siteDir, '.git', 'config'), 'dotfile-secret');
    fs.mkdirSync(path.join(siteDir, 'assets'));
    fs.writeFileSync(path.join(siteDir, 'assets', '.htpasswd'), 'dotfile-secret');
    fs.writeFileSync(path.join(siteDir, 'assets', 'app.js'), 'console.log(1)');
    database = await createTestDatabase('sqlite');
    app = await buildApp({ ...testConfig(database.url), siteDir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  const get = (target: string) => rawRequest(port, requestText('GET', target, { Host: `127.0.0.1:${port}` }));

  it.each(['/.env', '/%2eenv', '/%2Eenv', '/.git/config', '/.git/', '/assets/.htpasswd', '/assets/%2ehtpasswd', '//.env', '/assets/../.env', '/.env?x=1'])(
    '%s: refused, and not the file',
    async (target) => {
      const answer = await get(target);
      // 404 as for a missing file; 403 where the path itself is malformed (//, ..).
      expect([403, 404]).toContain(answer.status);
      expect(answer.body).not.toContain('dotfile-secret');
    },
  );

  it('other files are still served', async () => {
    expect((await get('/robots.txt')).status).toBe(200);
    expect((await get('/assets/app.js')).body).toBe('console.log(1)');
  });
});
