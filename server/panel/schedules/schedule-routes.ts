import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schedule, scheduleInput, scheduleList, scheduleParams } from '../../../contracts/panel.ts';
import { noContent, panelErrors, type PanelRequests } from '../panel-routes.ts';
import type { ScheduleService } from './schedule-service.ts';

const errors = panelErrors;

/**
 * The schedules' routes beside the panel's others (same session cookie, same errors): list,
 * create, read, change, delete, Run now. Each schedule's answer carries its next runs and last runs.
 */
export function scheduleRoutes(app: FastifyInstance, service: ScheduleService, requests: PanelRequests): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/schedules', { schema: { response: { 200: scheduleList, ...errors } } }, async (request, reply) =>
    service.list(await requests.session(request), requests.ended(reply)),
  );

  api.post('/schedules', { schema: { body: scheduleInput, response: { 201: schedule, ...errors } } }, async (request, reply) => {
    const created = await service.create(await requests.session(request), request.body, requests.caller(request, reply));
    return reply.status(201).send(created);
  });

  api.get('/schedules/:id', { schema: { params: scheduleParams, response: { 200: schedule, ...errors } } }, async (request, reply) =>
    service.get(await requests.session(request), request.params.id, requests.ended(reply)),
  );

  api.put('/schedules/:id', { schema: { params: scheduleParams, body: scheduleInput, response: { 200: schedule, ...errors } } }, async (request, reply) =>
    service.update(await requests.session(request), request.params.id, request.body, requests.caller(request, reply)),
  );

  api.delete('/schedules/:id', { schema: { params: scheduleParams, response: { 204: noContent, ...errors } } }, async (request, reply) => {
    await service.remove(await requests.session(request), request.params.id, requests.caller(request, reply));
    return reply.status(204).send();
  });

  // Answers once the run is under way (202), with the schedule: its runs show how it goes.
  api.post('/schedules/:id/run', { schema: { params: scheduleParams, response: { 202: schedule, ...errors } } }, async (request, reply) => {
    const started = await service.runNow(await requests.session(request), request.params.id, requests.caller(request, reply));
    return reply.status(202).send(started);
  });
}
