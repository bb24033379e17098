import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogDraftBody, catalogPreview, catalogPublished, catalogPublishBody, catalogView } from '../../contracts/catalog.ts';
import { errorResponses } from '../../contracts/http-error.ts';
import { HttpError } from '../lib/http-error.ts';
import { loadSite, type LoadedSite } from '../plugins/static-site.ts';
import type { CatalogService } from './catalog-service.ts';

/** The catalog document grows with the content; it is larger than the API's usual bodies. */
const catalogBodyLimitBytes = 1024 * 1024;
/**
 * A publish, a restore and a preview answer once the pages are built (docs/decisions.md 97),
 * which can take longer than the server's idle limit on a busy machine: their socket waits up to
 * the rebuild's own limit instead (server/catalog/site-rebuilder.ts).
 */
const rebuildAnswerMs = 200_000;
const waitForBuild = async (request: FastifyRequest) => {
  // An injected request (tests, the app's own calls) has a socket without timers.
  const socket: { setTimeout?: (ms: number) => unknown } | undefined = request.raw.socket;
  if (typeof socket?.setTimeout === 'function') socket.setTimeout(rebuildAnswerMs);
};

/** Built previews kept in memory, newest last. */
const previewsKept = 2;

/**
 * /api/staff/catalog (permission catalog.edit: admins and editors, docs/decisions.md 98). HTTP
 * only: the view, the draft, publish, restore, and a draft's preview served as the real pages
 * under /api/staff/catalog/preview/<draft>/… (so only staff see them).
 */
export function catalogRoutes(app: FastifyInstance, service: CatalogService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guarded = { preHandler: app.staffAccess.require('catalog.edit') };
  const previews = new Map<number, LoadedSite>();

  api.get('/', { ...guarded, schema: { response: { 200: catalogView, ...errorResponses(401, 403) } } }, async () => service.view());
  api.put(
    '/draft',
    {
      ...guarded,
      bodyLimit: catalogBodyLimitBytes,
      schema: { body: catalogDraftBody, response: { 200: catalogView, ...errorResponses(400, 401, 403, 409, 413) } },
    },
    async (request) => service.saveDraft(request.body, request.acting!),
  );
  api.post(
    '/publish',
    {
      ...guarded,
      onRequest: waitForBuild,
      schema: { body: catalogPublishBody, response: { 200: catalogPublished, ...errorResponses(400, 401, 403, 404, 409, 422) } },
    },
    async (request) => service.publish(request.body.draftId, request.acting!),
  );
  api.post(
    '/versions/:id/restore',
    {
      ...guarded,
      onRequest: waitForBuild,
      schema: { params: z.object({ id: z.coerce.number().int().min(0) }), response: { 200: catalogPublished, ...errorResponses(400, 401, 403, 404, 422) } },
    },
    async (request) => service.restore(request.params.id, request.acting!),
  );
  api.post(
    '/preview',
    {
      ...guarded,
      onRequest: waitForBuild,
      schema: { body: catalogPublishBody, response: { 200: catalogPreview, ...errorResponses(400, 401, 403, 404, 422) } },
    },
    async (request) => {
      const built = await service.preview(request.body.draftId, request.acting!);
      previews.delete(request.body.draftId);
      previews.set(request.body.draftId, loadSite(app, built.dir));
      for (const old of [...previews.keys()].slice(0, -previewsKept)) previews.delete(old);
      return { path: `/api/staff/catalog/preview/${request.body.draftId}/`, buildMs: built.ms };
    },
  );
  api.get(
    '/preview/:id/*',
    // Pages, not API answers: left out of the OpenAPI description as the site's pages are.
    { ...guarded, schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive(), '*': z.string() }) } },
    async (request, reply) => {
      const site = previews.get(request.params.id);
      if (!site) throw new HttpError(404, 'not_found', 'This preview is not built (any more): press Preview in the Catalog again.');
      const page = `/${request.params['*']}`.replace(/\/$/, '') || '/';
      const file = site.files.files.get(page);
      if (!file) throw new HttpError(404, 'not_found', `The preview has no page ${page}.`);
      reply.hijack();
      site.answers.write(request.raw, reply.raw, file, 200, request.id);
    },
  );
}
