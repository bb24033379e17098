import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { fileList, fileQuery, folderBody, folderQuery, renameBody, textFile, writeFileBody } from '../../contracts/panel.ts';
import { maxEditBytes } from '../../contracts/panel-rules.ts';
import { HttpError } from '../lib/http-error.ts';
import { sendDownload } from './download-headers.ts';
import { noContent, panelErrors, type PanelRequests } from './panel-routes.ts';
import type { PanelService } from './panel-service.ts';

const errors = panelErrors;
const uploadErrors = { ...panelErrors, ...errorResponses(411, 413) };

/** The JSON of a 1 MiB text can be six times as long when every character is escaped (\u0000). */
const editBodyLimit = maxEditBytes * 6 + 1024;

/** The declared length of a request body, or undefined when it has none (chunked) or it is malformed. */
function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return typeof header === 'string' && /^\d{1,16}$/.test(header) ? Number(header) : undefined;
}

function interrupted(): HttpError {
  return new HttpError(400, 'upload_incomplete', 'The upload was interrupted before the whole file arrived. Nothing was changed.');
}

/**
 * The file manager's routes (docs/decisions.md 13): list, read and write text, upload, download,
 * rename, create a folder, delete. Paths are relative to the server's root; the service checks
 * each one (400 naming the field) before the engine is asked.
 */
export function panelFileRoutes(app: FastifyInstance, service: PanelService, requests: PanelRequests): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/files', { schema: { querystring: folderQuery, response: { 200: fileList, ...errors } } }, async (request, reply) => {
    const session = await requests.session(request);
    const entries = await service.listFiles(session, request.query.path, requests.ended(reply));
    return { path: request.query.path.replace(/\/$/, ''), entries };
  });

  api.delete('/files', { schema: { querystring: fileQuery, response: { 204: noContent, ...errors } } }, async (request, reply) => {
    await service.deleteFile(await requests.session(request), request.query.path, requests.caller(request, reply));
    return reply.status(204).send();
  });

  api.get('/files/content', { schema: { querystring: fileQuery, response: { 200: textFile, ...errors } } }, async (request, reply) =>
    service.readFile(await requests.session(request), request.query.path, requests.ended(reply)),
  );

  api.put(
    '/files/content',
    { bodyLimit: editBodyLimit, schema: { querystring: fileQuery, body: writeFileBody, response: { 204: noContent, ...errors, ...errorResponses(413) } } },
    async (request, reply) => {
      await service.writeFile(await requests.session(request), request.query.path, request.body.content, requests.caller(request, reply));
      return reply.status(204).send();
    },
  );

  // The file's bytes as the body (application/octet-stream), streamed to the engine unread by
  // Fastify: its declared length is checked first (411 without one, 413 over 100 MiB), and an
  // answer given before the body has all arrived closes the connection rather than read the rest.
  api.post(
    '/files/upload',
    {
      config: { rawUpload: true },
      schema: { querystring: fileQuery, response: { 204: noContent, ...uploadErrors } },
      onSend: async (request, reply, payload) => {
        if (reply.statusCode >= 400 && !request.raw.complete) void reply.header('connection', 'close');
        return payload;
      },
    },
    async (request, reply) => {
      const session = await requests.session(request);
      try {
        await service.uploadFile(session, { path: request.query.path, size: declaredLength(request), stream: request.raw }, requests.caller(request, reply));
      } catch (error) {
        if (!(error instanceof HttpError) && (request.raw.readableAborted || request.raw.destroyed)) throw interrupted();
        throw error;
      }
      return reply.status(204).send();
    },
  );

  // No HEAD: it would open the file (or ask Wings for it) and record a download for nothing.
  api.get('/files/download', { exposeHeadRoute: false, schema: { querystring: fileQuery, response: errors } }, async (request, reply) => {
    const file = await service.downloadFile(await requests.session(request), request.query.path, requests.caller(request, reply));
    return sendDownload(reply, file);
  });

  api.post('/files/rename', { schema: { body: renameBody, response: { 204: noContent, ...errors } } }, async (request, reply) => {
    await service.renameFile(await requests.session(request), request.body.from, request.body.to, requests.caller(request, reply));
    return reply.status(204).send();
  });

  api.post('/files/folder', { schema: { body: folderBody, response: { 204: noContent, ...errors } } }, async (request, reply) => {
    await service.createFolder(await requests.session(request), request.body.path, requests.caller(request, reply));
    return reply.status(204).send();
  });
}
