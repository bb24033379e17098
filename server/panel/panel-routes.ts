import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { commandBody, connectAnswer, connectBody, powerBody, serverDetails, serverResources, sessionAnswer } from '../../contracts/panel.ts';
import { HttpError } from '../lib/http-error.ts';
import type { PanelService } from './panel-service.ts';
import { sessionLifetimeMs } from './session-store.ts';

export const sessionCookie = 'hf_panel';
const cookiePath = '/api/panel';

/** The engine's and our refusals, as every panel route may answer them. */
const errors = errorResponses(400, 401, 403, 404, 409, 415, 429, 502, 504);
const noContent = z.undefined();

function clearCookie(reply: FastifyReply): void {
  void reply.clearCookie(sessionCookie, { path: cookiePath, httpOnly: true, sameSite: 'strict', secure: reply.request.protocol === 'https' });
}

/** The panel's browser API: connect, disconnect, details, resources, power and commands. */
export function panelRoutes(app: FastifyInstance, service: PanelService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // State-changing requests carry JSON (a cross-site form cannot send it without a preflight).
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const type = request.headers['content-type'];
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const isJson = typeof type === 'string' && /^application\/json\s*(;|$)/i.test(type);
    if (isJson || (!hasBody && type === undefined && request.method === 'DELETE')) return;
    throw new HttpError(415, 'unsupported_media_type', 'Send JSON with Content-Type: application/json.');
  });

  api.post('/session', { schema: { body: connectBody, response: { 200: connectAnswer, ...errors } } }, async (request, reply) => {
    const { serverId, key } = request.body;
    const { cookie, server } = await service.connect({ serverId, key, clientIp: request.ip, previousCookie: request.cookies[sessionCookie] });
    void reply.setCookie(sessionCookie, cookie, {
      path: cookiePath,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: sessionLifetimeMs / 1000,
    });
    return { server };
  });

  // Whether this browser is connected, without a 401 (and a console error) for every visitor.
  api.get('/session', { schema: { response: { 200: sessionAnswer, ...errors } } }, async (request, reply) => {
    const session = await service.find(request.cookies[sessionCookie]);
    if (!session) return { connected: false };
    try {
      return { connected: true, server: await service.server(session, () => clearCookie(reply)) };
    } catch (error) {
      // The engine no longer takes the key (revoked, server gone): the session has just ended.
      if (error instanceof HttpError && error.statusCode === 401) return { connected: false };
      throw error;
    }
  });

  api.delete('/session', { schema: { response: { 204: noContent, ...errors } } }, async (request, reply) => {
    const session = await service.find(request.cookies[sessionCookie]);
    if (session) await service.end(session);
    clearCookie(reply);
    return reply.status(204).send();
  });

  api.get('/server', { schema: { response: { 200: serverDetails, ...errors } } }, async (request, reply) => {
    const session = await service.require(request.cookies[sessionCookie]);
    return service.server(session, () => clearCookie(reply));
  });

  api.get('/resources', { schema: { response: { 200: serverResources, ...errors } } }, async (request, reply) => {
    const session = await service.require(request.cookies[sessionCookie]);
    return service.resources(session, () => clearCookie(reply));
  });

  api.post('/power', { schema: { body: powerBody, response: { 204: noContent, ...errors } } }, async (request, reply) => {
    const session = await service.require(request.cookies[sessionCookie]);
    await service.power(session, request.body.signal, request.ip, () => clearCookie(reply));
    return reply.status(204).send();
  });

  api.post('/command', { schema: { body: commandBody, response: { 204: noContent, ...errors } } }, async (request, reply) => {
    const session = await service.require(request.cookies[sessionCookie]);
    const command = request.body.command.trim();
    if (!command) throw new HttpError(400, 'invalid', 'Type a command to send.', { fields: { command: 'must not be blank' } });
    await service.command(session, command, request.ip, () => service.withEngine(session, (c) => service.driver.sendCommand(c, command), () => clearCookie(reply)));
    return reply.status(204).send();
  });
}
