import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy: no inline script runs unless its sha256 is listed, and the
 * build writes the hashes of the inline scripts it emits to dist/csp-hashes.json.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], extraScriptOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes.map((h) => `'${h}'`), ...extraScriptOrigins].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function readScriptHashes(siteDir: string): { hashes: string[]; origins: string[] } {
  try {
    const file = JSON.parse(fs.readFileSync(path.join(siteDir, 'csp-hashes.json'), 'utf8')) as {
      scripts: string[];
      scriptOrigins?: string[];
    };
    return { hashes: file.scripts, origins: file.scriptOrigins ?? [] };
  } catch {
    return { hashes: [], origins: [] };
  }
}

/** API areas whose answers are about one customer or one staff member: never kept by a cache. */
const privatePrefixes = ['/api/panel', '/api/staff'];

function isPrivate(path: string): boolean {
  return privatePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export const securityHeaders = fp(async (app: FastifyInstance, options: { siteDir: string }) => {
  const { hashes, origins } = readScriptHashes(options.siteDir);
  const csp = contentSecurityPolicy(hashes, origins);
  // From the public address, not the request: behind a proxy that ends TLS the request is http.
  const https = new URL(app.config.publicUrl).protocol === 'https:';
  app.addHook('onSend', async (request, reply) => {
    // By the matched route (the decoded path); a request that matched none by its own path.
    if (isPrivate(request.routeOptions.url ?? request.url.split('?')[0]!)) reply.header('cache-control', 'no-store');
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    reply.header('x-request-id', request.id);
    if (https) reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
  });
});
