import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route also takes application/x-www-form-urlencoded: a form posts to it without JavaScript. */
    acceptsForm?: boolean;
    /** With acceptsForm: multipart/form-data too (RFC 8058 one-click unsubscribe posts either form type). */
    acceptsMultipartForm?: boolean;
    /**
     * This route takes a file's raw bytes (application/octet-stream), streamed to the handler
     * unread. Another site's page cannot send that type without the browser asking first (it is
     * not a CORS-safelisted type), so it is as safe from forged posts as JSON.
     */
    rawUpload?: boolean;
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Request bodies are JSON, on every route: a page on another site can post a form (or
 * text/plain) without asking first, but not JSON. The one exception is a route whose config
 * says `acceptsForm` (the contact form, which works without JavaScript), and an upload route
 * (`rawUpload`), which takes only application/octet-stream. Decided on the matched route,
 * before the body is read.
 */
async function bodyTypesPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.url === undefined) return;
    const type = request.headers['content-type'];
    if (type === undefined && !hasBody(request)) return;
    const mime = (type ?? '').split(';')[0]!.trim().toLowerCase();
    const { acceptsForm, acceptsMultipartForm, rawUpload } = request.routeOptions.config;
    if (rawUpload) {
      if (mime === 'application/octet-stream') return;
      throw new HttpError(415, 'unsupported_media_type', "Send the file's bytes with Content-Type: application/octet-stream.");
    }
    if (mime === 'application/json') return;
    const form = acceptsForm === true;
    if (form && mime === 'application/x-www-form-urlencoded') return;
    if (form && acceptsMultipartForm === true && mime === 'multipart/form-data') return;
    throw new HttpError(
      415,
      'unsupported_media_type',
      form ? 'Send JSON (Content-Type: application/json) or a form.' : 'Send JSON with Content-Type: application/json.',
    );
  });
}
export const bodyTypes = fp(bodyTypesPlugin, { name: 'body-types' });
