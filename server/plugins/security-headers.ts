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

/** HSTS, for answers over HTTPS. */
export const strictTransportSecurity = 'max-age=63072000; includeSubDomains';

/**
 * The headers every answer carries, whatever it is: computed once at start. The static site
 * (server/plugins/static-site.ts) bakes them into its answers; this plugin adds them to the rest.
 */
export function securityHeaderSet(siteDir: string): Record<string, string> {
  const { hashes, origins } = readScriptHashes(siteDir);
  return {
    'content-security-policy': contentSecurityPolicy(hashes, origins),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
}

export const securityHeaders = fp(async (app: FastifyInstance, options: { siteDir: string }) => {
  const headers = securityHeaderSet(options.siteDir);
  // A plain (not async) hook: it runs on every answer, and a promise per answer costs.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
    done(null, payload);
  });
});
