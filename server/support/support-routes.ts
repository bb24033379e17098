import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, noContent } from '../../contracts/http-error.ts';
import {
  confirmAddressBody,
  continueAnswer,
  continueBody,
  ratingBody,
  startConversationBody,
  transcriptBody,
  visitorContactBody,
  visitorConversationList,
  visitorMessageBody,
} from '../../contracts/support-visitor-api.ts';
import { conversationParams, homeFigures, readBody, supportStatus, typingBody, visitorConversation, visitorMessage } from '../../contracts/support.ts';
import { supportBodyLimitBytes, supportRateLimits, visitorCookieBase } from '../../contracts/support-rules.ts';
import { HttpError } from '../lib/http-error.ts';
import { cookieOptions } from '../lib/session-cookie.ts';
import { panelCookieBase } from '../panel/panel-routes.ts';
import { eventFrame } from './support-streams.ts';
import type { SupportDesk } from './support-desk.ts';
import { SupportService } from './support-service.ts';
import { accountVisitor } from './support-account.ts';

/** The visitor cookie lasts this long after the last conversation started or continued here. */
const visitorCookieDays = 180;

/** A per-address rate limit of @fastify/rate-limit, answered with the error envelope. */
export function perAddress(limit: { max: number; windowMs: number }, sentence: string) {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    // Counted once the body was checked, so typing mistakes do not use up the allowance.
    hook: 'preHandler' as const,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, 'rate_limited', `${sentence} Please try again in ${seconds} s.`, { headers: { 'retry-after': String(seconds) } });
    },
  };
}

/** What every route group of the visitor's side shares. */
interface VisitorRouteContext {
  app: FastifyInstance;
  desk: SupportDesk;
  /** The name of the panel's cookie, whose linked server a new conversation records. */
  panelCookie: string;
  visitorOf: (request: FastifyRequest) => string | undefined;
  setVisitor: (reply: FastifyReply, visitorId: string) => void;
  noStore: (reply: FastifyReply) => FastifyReply;
}

/**
 * /api/support: the visitor's side of the desk (no account). HTTP only: schemas from
 * contracts/support.ts, the signed visitor cookie, then one call to the service.
 */
export function supportRoutes(app: FastifyInstance, desk: SupportDesk): void {
  const { links } = desk;
  const cookie = cookieOptions(app.config, visitorCookieBase);
  const context: VisitorRouteContext = {
    app,
    desk,
    panelCookie: cookieOptions(app.config, panelCookieBase).name,
    visitorOf: (request) => links.visitorOf(request.cookies[cookie.name]),
    setVisitor: (reply, visitorId) => {
      void reply.setCookie(cookie.name, links.visitorCookie(visitorId), { ...cookie.options, maxAge: visitorCookieDays * 24 * 60 * 60 });
    },
    noStore: (reply) => reply.header('cache-control', 'no-store'),
  };
  app.addHook('onRequest', accountVisitor(app, links, cookie.name));
  deskRoutes(context);
  conversationRoutes(context);
  mailRoutes(context);
  streamRoute(context);
  continueRoute(context);
}

/** The desk's status and figures, the visitor's conversations and starting one. */
function deskRoutes({ app, desk, panelCookie, visitorOf, setVisitor, noStore }: VisitorRouteContext): void {
  const { service, figures, presence } = desk;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/status', { schema: { response: { 200: supportStatus } } }, async (_request, reply) => {
    noStore(reply);
    return (await presence.current()).status;
  });

  api.get('/figures', { schema: { response: { 200: homeFigures } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=30');
    return figures.home();
  });

  api.get('/conversations', { schema: { response: { 200: visitorConversationList } } }, async (request, reply) => {
    noStore(reply);
    return service.list(visitorOf(request));
  });

  api.post(
    '/conversations',
    {
      bodyLimit: supportBodyLimitBytes,
      schema: { body: startConversationBody, response: { 201: visitorConversation, ...errorResponses(400, 409, 413, 429) } },
      config: { rateLimit: perAddress(supportRateLimits.start, 'Too many conversations started from your address.') },
    },
    async (request, reply) => {
      const visitorId = visitorOf(request) ?? SupportService.newVisitorId();
      const server = await app.panelLink.serverOf(request.cookies[panelCookie]);
      const conversation = await service.start(visitorId, request.body, { ip: request.ip, userAgent: request.headers['user-agent'], server });
      setVisitor(reply, visitorId);
      noStore(reply);
      return reply.status(201).send(conversation);
    },
  );
}

/** One conversation: reading it, writing, typing and read marks, contact details and the rating. */
function conversationRoutes({ app, desk, visitorOf, noStore }: VisitorRouteContext): void {
  const { service } = desk;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/conversations/:id',
    { schema: { params: conversationParams, response: { 200: visitorConversation, ...errorResponses(400, 404) } } },
    async (request, reply) => {
      noStore(reply);
      return service.get(visitorOf(request), request.params.id);
    },
  );

  api.post(
    '/conversations/:id/messages',
    {
      bodyLimit: supportBodyLimitBytes,
      schema: {
        params: conversationParams,
        body: visitorMessageBody,
        response: { 200: visitorMessage, 201: visitorMessage, ...errorResponses(400, 404, 409, 413, 429) },
      },
      config: { rateLimit: perAddress(supportRateLimits.messagesPerAddress, 'Too many messages from your address.') },
    },
    async (request, reply) => {
      const { created, message } = await service.write(visitorOf(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  const signalLimit = perAddress(supportRateLimits.signals, 'Too many updates from your address.');
  api.post(
    '/conversations/:id/typing',
    {
      schema: { params: conversationParams, body: typingBody, response: { 204: noContent, ...errorResponses(400, 404, 429) } },
      config: { rateLimit: signalLimit },
    },
    async (request, reply) => {
      await service.typing(visitorOf(request), request.params.id, request.body.typing);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/conversations/:id/read',
    {
      schema: { params: conversationParams, body: readBody, response: { 204: noContent, ...errorResponses(400, 404, 429) } },
      config: { rateLimit: signalLimit },
    },
    async (request, reply) => {
      await service.read(visitorOf(request), request.params.id, request.body.upTo);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/conversations/:id/contact',
    { schema: { params: conversationParams, body: visitorContactBody, response: { 200: visitorConversation, ...errorResponses(400, 404) } } },
    async (request) => service.setContact(visitorOf(request), request.params.id, request.body),
  );

  api.post(
    '/conversations/:id/rating',
    { schema: { params: conversationParams, body: ratingBody, response: { 200: visitorConversation, ...errorResponses(400, 404, 409) } } },
    async (request) => service.rate(visitorOf(request), request.params.id, request.body),
  );
}

/** The e-mails a visitor asks for: the transcript and the address confirmation. */
function mailRoutes({ app, desk, visitorOf }: VisitorRouteContext): void {
  const { service } = desk;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const mailLimit = perAddress(supportRateLimits.mailRequests, 'Too many e-mail requests from your address.');
  api.post(
    '/conversations/:id/transcript',
    {
      schema: { params: conversationParams, body: transcriptBody, response: { 202: noContent, ...errorResponses(400, 404, 409, 429, 503) } },
      config: { rateLimit: mailLimit },
    },
    async (request, reply) => {
      await service.transcript(visitorOf(request), request.params.id, { accountAddress: await desk.accountAddress(request) });
      return reply.status(202).send(null);
    },
  );

  api.post(
    '/conversations/:id/confirm-address',
    {
      schema: { params: conversationParams, body: confirmAddressBody, response: { 202: noContent, ...errorResponses(400, 404, 409, 429, 503) } },
      config: { rateLimit: mailLimit },
    },
    async (request, reply) => {
      await service.confirmAddress(visitorOf(request), request.params.id);
      return reply.status(202).send(null);
    },
  );
}

/** A conversation's live event stream. */
function streamRoute({ app, desk, visitorOf }: VisitorRouteContext): void {
  const { service, presence } = desk;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/conversations/:id/stream',
    // The answer is an event stream (contracts/support.ts visitorStreamEvents), or a 404/429/503.
    { schema: { params: conversationParams, response: errorResponses(400, 404, 429, 503) } },
    async (request, reply) => {
      const id = request.params.id;
      await service.check(visitorOf(request), id);
      const now = await presence.current();
      reply.hijack();
      desk.visitorStreams.open(request.raw, reply.raw, id, request.ip, [eventFrame('presence', now.status)]);
    },
  );
}

/** Opening a continue link mailed with a conversation. */
function continueRoute({ app, desk, visitorOf, setVisitor, noStore }: VisitorRouteContext): void {
  const { service, links } = desk;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/continue',
    {
      schema: { body: continueBody, response: { 200: continueAnswer, ...errorResponses(400, 429) } },
      config: { rateLimit: perAddress({ max: 20, windowMs: 60_000 }, 'Too many links opened from your address.') },
    },
    async (request, reply) => {
      // The link grants its conversation to this browser, whose own identity stays (docs/decisions.md 73).
      const grant = links.continueOf(request.body.token, app.clock());
      const visitorId = visitorOf(request) ?? SupportService.newVisitorId();
      const found = grant && (await service.continueWith(visitorId, grant));
      if (!found)
        throw new HttpError(
          400,
          'invalid_link',
          'This link does not work (it may be older than 30 days, or cut short). Start a new conversation from the help assistant.',
        );
      setVisitor(reply, visitorId);
      noStore(reply);
      return found;
    },
  );
}
