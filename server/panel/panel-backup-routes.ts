import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backup, backupList, backupParams, createBackupBody, lockBody } from '../../contracts/panel.ts';
import { sendDownload } from './download-headers.ts';
import { noContent, panelErrors, type PanelRequests } from './panel-routes.ts';
import type { PanelService } from './panel-service.ts';

const errors = panelErrors;

/**
 * The backups' routes: list (with the plan's limit), create with a name, download, restore
 * (the server is stopped and started again), lock or unlock, delete.
 */
export function panelBackupRoutes(app: FastifyInstance, service: PanelService, requests: PanelRequests): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/backups', { schema: { response: { 200: backupList, ...errors } } }, async (request, reply) =>
    service.listBackups(await requests.session(request), requests.ended(reply)),
  );

  api.post('/backups', { schema: { body: createBackupBody, response: { 201: backup, ...errors } } }, async (request, reply) => {
    const created = await service.createBackup(await requests.session(request), request.body.name, requests.caller(request, reply));
    return reply.status(201).send(created);
  });

  api.get('/backups/:id/download', { exposeHeadRoute: false, schema: { params: backupParams, response: errors } }, async (request, reply) => {
    const file = await service.downloadBackup(await requests.session(request), request.params.id, requests.caller(request, reply));
    return sendDownload(reply, file);
  });

  // Answers once the restore is under way (202); the list says `restoring` until it is done.
  api.post('/backups/:id/restore', { schema: { params: backupParams, response: { 202: noContent, ...errors } } }, async (request, reply) => {
    await service.restoreBackup(await requests.session(request), request.params.id, requests.caller(request, reply));
    return reply.status(202).send();
  });

  api.post('/backups/:id/lock', { schema: { params: backupParams, body: lockBody, response: { 200: backup, ...errors } } }, async (request, reply) =>
    service.setBackupLocked(await requests.session(request), request.params.id, request.body.locked, requests.caller(request, reply)),
  );

  api.delete('/backups/:id', { schema: { params: backupParams, response: { 204: noContent, ...errors } } }, async (request, reply) => {
    await service.deleteBackup(await requests.session(request), request.params.id, requests.caller(request, reply));
    return reply.status(204).send();
  });
}
