import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** What a log line must never carry, wherever it would appear: headers, fields, nested fields. */
const sensitiveFields = [
  'cookie',
  'cookies',
  'authorization',
  'set-cookie',
  'proxy-authorization',
  'x-api-key',
  'key',
  'keys',
  'apiKey',
  'accessKey',
  'token',
  'accessToken',
  'refreshToken',
  'password',
  'passphrase',
  'secret',
  'sessionSecret',
  'session_secret',
  'webhookUrl',
  'smtpUrl',
  'databaseUrl',
  'connectionString',
];

function pathsFor(field: string): string[] {
  const ref = /^[A-Za-z_$][\w$]*$/.test(field) ? `.${field}` : `["${field}"]`;
  return [ref.slice(ref.startsWith('.') ? 1 : 0), `*${ref}`, `*.*${ref}`, `*.*.*${ref}`];
}

/** pino redaction paths: each sensitive field at the top and up to three levels down (`req.headers.cookie`). */
export const redactPaths = sensitiveFields.flatMap(pathsFor);

/** The secret values configured, and the parts of them that are secrets alone (a URL's password, a webhook's token). */
export function secretValues(config: {
  sessionSecret: string;
  databaseUrl: string;
  contact: { webhookUrl?: string | undefined; smtpUrl?: string | undefined };
  panel?: { applicationKey?: string | undefined; clientKey?: string | undefined };
  accounts?: { oidc?: { clientSecret: string } | undefined };
}): string[] {
  const values = new Set<string>([config.sessionSecret]);
  // The panel's application and admin client keys (docs/decisions.md 79).
  for (const key of [config.panel?.applicationKey, config.panel?.clientKey]) if (key) values.add(key);
  // The billing portal's client secret (CUSTOMER_OIDC_CLIENT_SECRET), should a library quote it.
  if (config.accounts?.oidc) values.add(config.accounts.oidc.clientSecret);
  for (const url of [config.databaseUrl, config.contact.webhookUrl, config.contact.smtpUrl]) {
    if (!url || url.startsWith('sqlite:')) continue;
    values.add(url);
    try {
      const parsed = new URL(url);
      if (parsed.password) values.add(decodeURIComponent(parsed.password));
      if (parsed.password) values.add(parsed.password);
      // A webhook's address is its credential: its path (…/webhooks/<id>/<token>) too.
      if (url === config.contact.webhookUrl && parsed.pathname.length > 1) values.add(parsed.pathname);
    } catch {
      // Not a URL: the whole value is already listed.
    }
  }
  return [...values].filter((v) => v.length >= 6).sort((a, b) => b.length - a.length);
}

/** Replaces every configured secret inside a text (an error's message, a library's message). */
export function scrubber(secrets: readonly string[]): (text: string) => string {
  if (secrets.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('[redacted]');
    return out;
  };
}

function scrubStrings(value: unknown, scrub: (text: string) => string, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubStrings(v, scrub, depth + 1));
  // Only plain objects are copied: a request, a reply or an Error keeps its class for its serializer.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrubStrings(v, scrub, depth + 1);
  return out;
}

/**
 * A URL as logged: the values of `token` query parameters (one-click unsubscribe links) masked,
 * and the billing portal's `code` and `state` on the sign-in callback (docs/decisions.md 77).
 */
export function maskUrlSecrets(url: string): string {
  return url.replace(/([?&](?:token|code|state|id_token|access_token)=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's request serializer, with the URL's secrets masked. */
function requestSerializer(request: {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: typeof request.url === 'string' ? maskUrlSecrets(request.url) : undefined,
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The app's logger: fields that hold credentials are replaced by "[Redacted]" wherever they
 * sit, and the configured secrets (the session secret, database, webhook and SMTP addresses)
 * are cut out of messages and errors, where a library may have quoted them.
 */
export function loggerOptions(
  config: Parameters<typeof secretValues>[0] & { logLevel: string },
  stream?: NodeJS.WritableStream,
): NonNullable<FastifyServerOptions['logger']> {
  const scrub = scrubber(secretValues(config));
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: { paths: redactPaths, censor: '[Redacted]' },
    serializers: {
      req: requestSerializer,
      // The standard serializer's object, copied into a plain one so its strings are scrubbed too.
      err: (error: Error) => scrubStrings({ ...stdSerializers.err(error) }, scrub) as ReturnType<typeof stdSerializers.err>,
    },
    hooks: {
      logMethod(args, method) {
        const cleaned = args.map((arg) => scrubStrings(arg, scrub));
        return method.apply(this, cleaned as Parameters<typeof method>);
      },
    },
  };
}
