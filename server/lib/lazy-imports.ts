/**
 * Libraries that only some requests need, loaded on their first use instead of at start, so an
 * instance at rest holds none of them (docs/decisions.md 40). Each accessor imports once and then
 * hands back the same module; a failed import is tried again on the next call.
 * test/server/lazy-capabilities.test.ts checks that none is loaded at rest and that each
 * capability still works on its first request.
 */
import { createRequire } from 'node:module';

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** E-mail: contact messages and status notifications. */
export const loadNodemailer = once(async () => (await import('nodemailer')).default);

/** The status badges' SVG. */
export const loadBadgeMaker = once(() => import('badge-maker'));

/** The Atom feed of incidents and maintenance. */
export const loadFeed = once(() => import('feed'));

/** Staff passkeys: WebAuthn options and verification. */
export const loadWebAuthn = once(() => import('@simplewebauthn/server'));

/** Customers' sign-in through the billing portal (OpenID Connect relying party). */
export const loadOpenIdClient = once(() => import('openid-client'));

/** The local driver's backup archives. */
export const loadTar = once(() => import('tar'));

/** The OpenAPI document's generator, on the first request for /api/openapi.json. */
export const loadSwagger = once(async () => (await import('@fastify/swagger')).default);

/** Readable log lines, only when the output is a terminal. */
export const loadPinoPretty = once(async () => (await import('pino-pretty')).default);

let pgModule: typeof import('pg').default | undefined;
/**
 * The PostgreSQL driver, only when DATABASE_URL names PostgreSQL. Loaded synchronously (it is
 * CommonJS) because opening a database is synchronous for its many callers.
 */
export function requirePg(): typeof import('pg').default {
  if (!pgModule) {
    pgModule = createRequire(import.meta.url)('pg') as typeof import('pg').default;
    // Epoch-millisecond columns are bigint in PostgreSQL; read them back as numbers, as SQLite does.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (value) => Number(value));
  }
  return pgModule;
}

/**
 * The package names behind the accessors above, for the test that checks what an instance at
 * rest has loaded.
 */
export const lazyPackages = [
  'nodemailer',
  'badge-maker',
  'feed',
  '@simplewebauthn/server',
  'openid-client',
  'tar',
  'pino-pretty',
  'pg',
  '@fastify/swagger',
] as const;
