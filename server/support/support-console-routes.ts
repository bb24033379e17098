import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, noContent } from '../../contracts/http-error.ts';
import {
  assigneeBody,
  availabilityAnswer,
  availabilityBody,
  conversationCounts,
  conversationDetail,
  conversationPage,
  conversationQuery,
  conversationSummary,
  savedReply,
  savedReplyBody,
  savedReplyList,
  savedReplyParams,
  staffFigures,
  staffFiguresQuery,
  staffMessage,
  staffMessageBody,
} from '../../contracts/support-staff-api.ts';
import { conversationParams, readBody, typingBody } from '../../contracts/support.ts';
import { supportBodyLimitBytes } from '../../contracts/support-rules.ts';
import type { DeskActor } from './support-console.ts';
import type { SupportDesk } from './support-desk.ts';
import { eventFrame } from './support-streams.ts';
/** What every route group of the Conversations section shares. */
interface ConsoleRouteContext {
  app: FastifyInstance;
  desk: SupportDesk;
  guarded: { preHandler: ReturnType<FastifyInstance['staffAccess']['require']> };
  actor: (request: FastifyRequest) => DeskActor;
}

/**
 * /api/staff/conversations: the console's Conversations section (permission contact.handle).
 * HTTP only: schemas from contracts/support.ts, then one call to the console service.
 */
export function supportConsoleRoutes(app: FastifyInstance, desk: SupportDesk): void {
  const context: ConsoleRouteContext = {
    app,
    desk,
    guarded: { preHandler: app.staffAccess.require('contact.handle') },
    actor: (request) => ({
      id: request.staff!.id,
      name: request.staff!.displayName || request.staff!.email,
      acting: request.acting!,
    }),
  };
  inboxRoutes(context);
  savedReplyRoutes(context);
  streamRoute(context);
  conversationRoutes(context);
}

/** The list, its counts, the staff figures and the handler's own availability. */
function inboxRoutes({ app, desk, guarded, actor }: ConsoleRouteContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { console: inbox, figures } = desk;
  api.get(
    '/',
    { ...guarded, schema: { querystring: conversationQuery, response: { 200: conversationPage, ...errorResponses(400, 401, 403) } } },
    async (request) => inbox.list(request.query, request.staff!.id),
  );

  api.get('/counts', { ...guarded, schema: { response: { 200: conversationCounts, ...errorResponses(401, 403) } } }, async (request) =>
    inbox.counts(request.staff!.id),
  );

  api.get(
    '/figures',
    { ...guarded, schema: { querystring: staffFiguresQuery, response: { 200: staffFigures, ...errorResponses(400, 401, 403) } } },
    async (request) => figures.staff(request.query.weeks),
  );

  api.get('/availability', { ...guarded, schema: { response: { 200: availabilityAnswer, ...errorResponses(401, 403) } } }, async (request) =>
    inbox.availability(request.staff!.id),
  );

  api.put(
    '/availability',
    { ...guarded, schema: { body: availabilityBody, response: { 200: availabilityAnswer, ...errorResponses(400, 401, 403) } } },
    async (request) => inbox.setAvailable(request.body.available, actor(request)),
  );
}

/** The team's saved replies. */
function savedReplyRoutes({ app, desk, guarded, actor }: ConsoleRouteContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const inbox = desk.console;
  api.get('/saved-replies', { ...guarded, schema: { response: { 200: savedReplyList, ...errorResponses(401, 403) } } }, async () => ({
    replies: await inbox.savedReplies(),
  }));

  api.post(
    '/saved-replies',
    { ...guarded, bodyLimit: supportBodyLimitBytes, schema: { body: savedReplyBody, response: { 201: savedReply, ...errorResponses(400, 401, 403, 413) } } },
    async (request, reply) => reply.status(201).send(await inbox.addSavedReply(request.body, actor(request))),
  );

  api.put(
    '/saved-replies/:id',
    {
      ...guarded,
      bodyLimit: supportBodyLimitBytes,
      schema: { params: savedReplyParams, body: savedReplyBody, response: { 200: savedReply, ...errorResponses(400, 401, 403, 404, 413) } },
    },
    async (request) => inbox.editSavedReply(request.params.id, request.body, actor(request)),
  );

  api.delete(
    '/saved-replies/:id',
    { ...guarded, schema: { params: savedReplyParams, response: { 204: noContent, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await inbox.removeSavedReply(request.params.id, actor(request));
      return reply.status(204).send(null);
    },
  );
}

/** The console's live event stream, which also marks its handler present. */
function streamRoute({ app, desk, guarded }: ConsoleRouteContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { presence, events } = desk;
  api.get(
    '/stream',
    // The answer is an event stream (contracts/support.ts staffStreamEvents), or a 401/403/429/503.
    { ...guarded, schema: { response: errorResponses(401, 403, 429, 503) } },
    async (request, reply) => {
      const staffId = request.staff!.id;
      await presence.opened(staffId);
      const now = await presence.current();
      reply.hijack();
      const opened = desk.staffStreams.open(
        request.raw,
        reply.raw,
        staffId,
        request.ip,
        [eventFrame('presence', { staffed: now.status.staffed, team: now.team })],
        () => {
          // A server stopping ends every stream: nobody closed a console, and the database is closing.
          if (desk.staffStreams.closed) return;
          void presence
            .closed(staffId)
            .then(() => events.presenceChanged())
            .catch((error) => app.log.error({ err: error }, 'support: could not record a console closing'));
        },
      );
      if (opened) await events.presenceChanged();
    },
  );
}

/** One conversation: its detail, answers, typing and read marks, resolving, reopening and assigning. */
function conversationRoutes({ app, desk, guarded, actor }: ConsoleRouteContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const inbox = desk.console;
  api.get(
    '/:id',
    { ...guarded, schema: { params: conversationParams, response: { 200: conversationDetail, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => inbox.detail(request.params.id),
  );

  api.post(
    '/:id/messages',
    {
      ...guarded,
      bodyLimit: supportBodyLimitBytes,
      schema: {
        params: conversationParams,
        body: staffMessageBody,
        response: { 200: staffMessage, 201: staffMessage, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const { created, message } = await inbox.write(request.params.id, request.body, actor(request));
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  api.post(
    '/:id/typing',
    { ...guarded, schema: { params: conversationParams, body: typingBody, response: { 204: noContent, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await inbox.typing(request.params.id, request.body.typing, actor(request));
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/:id/read',
    { ...guarded, schema: { params: conversationParams, body: readBody, response: { 204: noContent, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      await inbox.read(request.params.id, request.body.upTo);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/:id/resolve',
    { ...guarded, schema: { params: conversationParams, response: { 200: conversationSummary, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => inbox.resolve(request.params.id, actor(request)),
  );

  api.post(
    '/:id/reopen',
    { ...guarded, schema: { params: conversationParams, response: { 200: conversationSummary, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request) => inbox.reopen(request.params.id, actor(request)),
  );

  api.put(
    '/:id/assignee',
    { ...guarded, schema: { params: conversationParams, body: assigneeBody, response: { 200: conversationSummary, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => inbox.assign(request.params.id, request.body.staffId, actor(request)),
  );
}
