import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Puts `answer` in front of Fastify on the listening server: each request goes to it first, and
 * to Fastify's router (`app.routing`) when it returns false. The server stays Fastify's own, with
 * its timeouts and connection limits; only the request listener is wrapped. Requests made with
 * `app.inject` do not pass here: they reach Fastify's routes, which must answer the same.
 * While the app closes, everything goes to Fastify (which answers 503 then).
 */
export function installFastPath(app: FastifyInstance, answer: (req: IncomingMessage, res: ServerResponse) => boolean): void {
  const server = app.server;
  const routing = app.routing as (req: IncomingMessage, res: ServerResponse) => void;
  if (!server.listeners('request').includes(routing)) {
    app.log.warn('static fast path not installed: the server has no Fastify request listener');
    return;
  }
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  server.removeListener('request', routing);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (closing || !answer(req, res)) routing(req, res);
  });
}
