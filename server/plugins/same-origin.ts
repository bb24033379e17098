import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request's Origin (if any) is this site's own scheme, host and port. */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    // Both through URL, so a default port written out (":443", ":80") compares equal to none.
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

/**
 * State-changing API requests must come from the site's own pages (or carry no Origin, as
 * server-to-server calls and same-origin form posts in some browsers do). Cookies are
 * SameSite=Strict as well; this is the second lock on the door.
 */
export const sameOrigin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    if (!isSameOrigin(request)) {
      throw new HttpError(403, 'cross_origin', 'Requests that change something must come from this site.');
    }
  });
});
