import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertAckLinkBody,
  alertAckLinkResult,
  alertChannelKindList,
  alertChannelParams,
  alertParams,
  alertSettingsBody,
  alertTestResult,
  staffAlert,
  staffAlertChannel,
  staffAlertChannelList,
  staffAlertList,
} from '../../contracts/alerts.ts';
import { errorResponses, noContent } from '../../contracts/http-error.ts';
import type { AlertChannelsService } from './alert-channels-service.ts';
import { alertChannelSchemas, alertChannelKinds } from './channel-kinds/index.ts';
import { settingFieldsOf } from '../lib/setting-fields.ts';
import type { AlertsService } from './alerts-service.ts';

/**
 * /api/staff/alerts. HTTP only. Channels and settings are admins' (monitors.manage); admins and
 * support acknowledge (alerts.handle); publishing a draft incident is incidents.manage. The
 * signed link's acknowledgement needs no sign-in: its token is the permission.
 */
export function alertsRoutes(app: FastifyInstance, services: { alerts: AlertsService; channels: AlertChannelsService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.staffAccess.require('monitors.manage');
  // Editors are not on call (docs/decisions.md 98): the alerts are for admins and support.
  const team = app.staffAccess.require('alerts.handle');
  const incidents = app.staffAccess.require('incidents.manage');
  const { alerts, channels } = services;

  api.get('/', { preHandler: team, schema: { response: { 200: staffAlertList, ...errorResponses(401, 403) } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return alerts.list();
  });

  api.post(
    '/:id/acknowledge',
    { preHandler: team, schema: { params: alertParams, response: { 200: staffAlert, ...errorResponses(401, 403, 404, 409) } } },
    async (request) => alerts.acknowledge(request.params.id, request.acting!),
  );

  api.post(
    '/:id/publish',
    { preHandler: incidents, schema: { params: alertParams, response: { 200: staffAlert, ...errorResponses(401, 403, 404, 409) } } },
    async (request) => alerts.publishDraft(request.params.id, request.acting!),
  );

  api.post(
    '/:id/dismiss',
    { preHandler: incidents, schema: { params: alertParams, response: { 200: staffAlert, ...errorResponses(401, 403, 404, 409) } } },
    async (request) => alerts.dismissDraft(request.params.id, request.acting!),
  );

  api.put(
    '/settings',
    { preHandler: admin, schema: { body: alertSettingsBody, response: { 204: noContent, ...errorResponses(400, 401, 403) } } },
    async (request, reply) => {
      await alerts.setAutoPublish(request.body.autoPublishMinutes, request.acting!);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/acknowledge-link',
    {
      // No session: the link's token is the permission (noStaffSession opens the route to the signed-out).
      config: { noStaffSession: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { body: alertAckLinkBody, response: { 200: alertAckLinkResult, ...errorResponses(400, 404, 410, 429) } },
    },
    async (request) => alerts.acknowledgeByLink(request.body, request.ip),
  );

  // The registered kinds with their form's words and settings (docs/decisions.md 114).
  const kinds = alertChannelKinds.map((k) => ({ kind: k.kind, label: k.label, target: k.target, token: k.token ?? null, fields: settingFieldsOf(k.settings) }));
  api.get('/kinds', { preHandler: admin, schema: { response: { 200: alertChannelKindList, ...errorResponses(401, 403) } } }, async () => ({ kinds }));

  api.get('/channels', { preHandler: admin, schema: { response: { 200: staffAlertChannelList, ...errorResponses(401, 403) } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { channels: await channels.list() };
  });

  api.post(
    '/channels',
    { preHandler: admin, schema: { body: alertChannelSchemas.input, response: { 201: staffAlertChannel, ...errorResponses(400, 401, 403, 409) } } },
    async (request, reply) => reply.status(201).send(await channels.create(request.body, request.acting!)),
  );

  api.put(
    '/channels/:id',
    {
      preHandler: admin,
      schema: { params: alertChannelParams, body: alertChannelSchemas.edit, response: { 200: staffAlertChannel, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => channels.edit(request.params.id, request.body, request.acting!),
  );

  api.delete(
    '/channels/:id',
    { preHandler: admin, schema: { params: alertChannelParams, response: { 204: noContent, ...errorResponses(401, 403, 404) } } },
    async (request, reply) => {
      await channels.remove(request.params.id, request.acting!);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/channels/:id/test',
    { preHandler: admin, schema: { params: alertChannelParams, response: { 200: alertTestResult, ...errorResponses(401, 403, 404) } } },
    async (request) => channels.test(request.params.id, request.acting!),
  );
}
