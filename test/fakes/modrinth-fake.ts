import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeVersion, fakeProjects, fakeVersions } from './modrinth-data.ts';
import { type ModrinthAnswer, type ModrinthState, answerModrinth } from './modrinth-routes.ts';

export { type FakeProject, type FakeVersion, fakeProjects, fakeVersions, fileBytes, iconPng, sha512 } from './modrinth-data.ts';

/**
 * A fake Modrinth API v2 and CDN on 127.0.0.1, built to the documented shapes (docs/modrinth.md,
 * from docs.modrinth.com's API v2 reference): `GET /v2/search` with `query`, `facets` (a JSON
 * array of OR-lists ANDed together: `categories:`, `versions:`, `project_type:`, `server_side:`),
 * `offset` and `limit`; `GET /v2/project/{id|slug}`; `GET /v2/project/{id|slug}/version`
 * filtered by `loaders` and `game_versions` (JSON arrays), newest first; `GET /v2/version/{id}`;
 * `POST /v2/version_files/update`; files with `hashes.sha512` served from `/cdn/…`; and the
 * `X-Ratelimit-Limit`, `-Remaining` and `-Reset` headers on every answer. Modrinth cannot be
 * reached from the tests; everything else in them is real.
 *
 *   const modrinth = await startFakeModrinth();
 *   // MODRINTH_API_URL = modrinth.apiUrl
 *   modrinth.tamper('EssX0210');       // the CDN serves other bytes than the published hash
 *   await modrinth.close();
 */

export interface FakeModrinth {
  /** MODRINTH_API_URL: http://127.0.0.1:port/v2 */
  apiUrl: string;
  /** Every request: method, path with query, User-Agent. */
  requests: Array<{ method: string; url: string; userAgent: string | undefined }>;
  /** The CDN serves other bytes than the published hash for this version. */
  tamper(versionId: string): void;
  /** Publishes a new version (an update for what is installed). */
  publish(version: FakeVersion): void;
  /** The next `count` answers are 429 with X-Ratelimit-Reset `resetSeconds`. */
  rateLimit(count: number, resetSeconds: number): void;
  /** The next `count` answers are 503. */
  unavailable(count: number): void;
  close(): Promise<void>;
}

export async function startFakeModrinth(options: { port?: number } = {}): Promise<FakeModrinth> {
  const state: ModrinthState = { projects: [...fakeProjects], versions: [...fakeVersions], tampered: new Set<string>(), base: '' };
  const requests: FakeModrinth['requests'] = [];
  let limited = { count: 0, reset: 0 };
  let down = 0;

  let remaining = 300;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', userAgent: req.headers['user-agent'] });
      const headers: Record<string, string> = { 'x-ratelimit-limit': '300', 'x-ratelimit-reset': '60' };
      if (limited.count > 0) {
        limited.count -= 1;
        res.writeHead(429, { ...headers, 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(limited.reset), 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'ratelimited', description: 'You are being rate-limited. Please wait 60000 milliseconds. 0/300 remaining.' }));
        return;
      }
      if (down > 0) {
        down -= 1;
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('Service Unavailable');
        return;
      }
      remaining = Math.max(remaining - 1, 1);
      headers['x-ratelimit-remaining'] = String(remaining);
      let result: ModrinthAnswer;
      try {
        result = answerModrinth(state, req, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        result = { status: 400, json: { error: 'invalid_input', description: (error as Error).message } };
      }
      if (result.bytes) {
        res.writeHead(result.status, { ...headers, 'content-type': result.type ?? 'application/java-archive', 'content-length': String(result.bytes.length) });
        res.end(result.bytes);
        return;
      }
      res.writeHead(result.status, { ...headers, 'content-type': 'application/json' });
      res.end(JSON.stringify(result.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.base = `http://127.0.0.1:${port}`;
  return {
    apiUrl: `${state.base}/v2`,
    requests,
    tamper: (versionId) => state.tampered.add(versionId),
    publish: (version) => state.versions.push(version),
    rateLimit: (count, resetSeconds) => {
      limited = { count, reset: resetSeconds };
    },
    unavailable: (count) => {
      down = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
