import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy: no inline script runs unless its sha256 is listed, and the
 * build writes the hashes of the inline scripts it emits to dist/csp-hashes.json.
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[],
  extraScriptOrigins: readonly string[] = [],
  connectOrigins: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes.map((h) => `'${h}'`), ...extraScriptOrigins].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${connectOrigins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What the build wrote for the CSP: inline script hashes, consent script origins, and latency endpoint origins (connect-src). */
export function readScriptHashes(siteDir: string): { hashes: string[]; origins: string[]; connectOrigins: string[] } {
  try {
    const file = JSON.parse(fs.readFileSync(path.join(siteDir, 'csp-hashes.json'), 'utf8')) as {
      scripts: string[];
      scriptOrigins?: string[];
      connectOrigins?: string[];
    };
    return { hashes: file.scripts, origins: file.scriptOrigins ?? [], connectOrigins: file.connectOrigins ?? [] };
  } catch {
    return { hashes: [], origins: [], connectOrigins: [] };
  }
}

/** API areas whose answers are about one customer or one staff member: never kept by a cache. */
const privatePrefixes = ['/api/panel', '/api/staff'];

function isPrivate(path: string): boolean {
  return privatePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** HSTS, whenever the site's public address is HTTPS. */
export const strictTransportSecurity = 'max-age=63072000; includeSubDomains';

/**
 * The headers every answer carries, whatever it is: computed once at start. The static site
 * (server/plugins/static-site.ts) bakes them into its answers; this plugin adds them to the rest.
 * HSTS follows the public address, not the request: behind a proxy that ends TLS the request is http.
 */
export function securityHeaderSet(siteDir: string, publicUrl: string, pingOrigins: readonly string[] = []): Record<string, string> {
  const { hashes, origins, connectOrigins } = readScriptHashes(siteDir);
  // The probe agents' ping endpoints (STATUS_PING_ORIGINS), which visitors' pages time (docs/decisions.md 48).
  return {
    'content-security-policy': contentSecurityPolicy(hashes, origins, [...new Set([...connectOrigins, ...pingOrigins])]),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(new URL(publicUrl).protocol === 'https:' ? { 'strict-transport-security': strictTransportSecurity } : {}),
  };
}

async function securityHeadersPlugin(app: FastifyInstance, options: { siteDir: string }): Promise<void> {
  const headers = securityHeaderSet(options.siteDir, app.config.publicUrl, app.config.status.pingOrigins);
  // A plain (not async) hook: it runs on every answer, and a promise per answer costs.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    // By the matched route (the decoded path); a request that matched none by its own path.
    if (isPrivate(request.routeOptions.url ?? request.url.split('?')[0]!)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
