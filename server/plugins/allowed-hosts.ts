import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackHost } from '../config/config.ts';
import { HttpError } from '../lib/http-error.ts';

export interface HostPolicy {
  /** PUBLIC_URL's origin. */
  publicUrl: string;
  /** The interface the server listens on. */
  listenHost: string;
  /** ALLOWED_HOSTS: `name` (any port) or `name:port`. */
  extra: readonly string[];
}

/** `Host` as URL sees it for a scheme: lower case, the scheme's default port dropped; undefined when not a host. */
function normalize(host: string, scheme: string): { host: string; hostname: string } | undefined {
  if (!host || /[\s/\\?#@]/.test(host)) return undefined;
  try {
    const url = new URL(`${scheme}//${host}`);
    return { host: url.host, hostname: url.hostname };
  } catch {
    return undefined;
  }
}

const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether a request's Host names this site, so a page that got a browser to resolve its own
 * name to our address (DNS rebinding) is refused: PUBLIC_URL's host; on loopback also
 * localhost, 127.0.0.1 and [::1] with the port the connection arrived on (any port for an
 * in-process request, which has no connection); and the ALLOWED_HOSTS entries.
 */
export function hostAllowed(policy: HostPolicy, host: string | undefined, localPort: number | undefined): boolean {
  if (host === undefined) return false;
  const publicUrl = new URL(policy.publicUrl);
  const given = normalize(host, publicUrl.protocol);
  if (!given) return false;
  if (given.host === publicUrl.host) return true;
  if (isLoopbackHost(policy.listenHost) && loopbackNames.includes(given.hostname)) {
    if (localPort === undefined) return true;
    if (loopbackNames.some((name) => normalize(`${name}:${localPort}`, 'http:')?.host === normalize(host, 'http:')?.host)) return true;
  }
  for (const entry of policy.extra) {
    const allowed = normalize(entry, 'http:');
    if (!allowed) continue;
    const withPort = /:\d+$/.test(entry);
    if (withPort ? allowed.host === normalize(host, 'http:')?.host : allowed.hostname === given.hostname) return true;
  }
  return false;
}

function localPortOf(request: FastifyRequest): number | undefined {
  const port = request.raw.socket?.localPort;
  return typeof port === 'number' && port > 0 ? port : undefined;
}

/** Refuses, before anything else runs, every request whose Host is not this site (421). */
async function allowedHostsPlugin(app: FastifyInstance): Promise<void> {
  const policy: HostPolicy = { publicUrl: app.config.publicUrl, listenHost: app.config.host, extra: app.config.allowedHosts };
  app.addHook('onRequest', async (request) => {
    if (hostAllowed(policy, request.host || undefined, localPortOf(request))) return;
    throw new HttpError(421, 'unknown_host', 'This server does not answer for that host name.');
  });
}
export const allowedHosts = fp(allowedHostsPlugin, { name: 'allowed-hosts' });
