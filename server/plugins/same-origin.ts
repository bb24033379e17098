import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when the request's Origin (if any) is this site: its public origin (PUBLIC_URL), or the
 * scheme, host and port the request itself was sent to (the Host is already on the allow-list).
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    // Through URL, so a default port written out (":443", ":80") compares equal to none.
    const given = new URL(origin).origin;
    return given === request.server.config.publicUrl || given === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

/** A WebSocket handshake: a GET that opens a channel both ways, so it counts as state-changing. */
function isUpgrade(request: FastifyRequest): boolean {
  return typeof request.headers.upgrade === 'string' && request.headers.upgrade.toLowerCase() === 'websocket';
}

/**
 * State-changing requests must come from the site's own pages (or carry no Origin, as
 * server-to-server calls and same-origin form posts in some browsers do). Cookies are
 * SameSite=Strict as well; this is the second lock on the door.
 *
 * Decided on the route the router matched, after it decoded the path, never on the raw URL:
 * `/%61pi/contact`, `//api/…` or an absolute-form target reach the same handler as
 * `/api/contact`, so they get the same check. A request that matched no route changes nothing.
 */
async function sameOriginPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === undefined) return;
    if (safeMethods.has(request.method) && !isUpgrade(request)) return;
    if (!isSameOrigin(request)) {
      throw new HttpError(403, 'cross_origin', 'Requests that change something must come from this site.');
    }
  });
}
export const sameOrigin = fp(sameOriginPlugin, { name: 'same-origin' });
