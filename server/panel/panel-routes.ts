import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../contracts/http-error.ts';
import { commandBody, connectAnswer, connectBody, powerBody, serverDetails, serverResources, sessionAnswer } from '../../contracts/panel.ts';
import { checkCommand } from '../../contracts/panel-rules.ts';
import { HttpError } from '../lib/http-error.ts';
import { cookieOptions } from '../lib/session-cookie.ts';
import type { PanelService } from './panel-service.ts';
import { sessionLifetimeMs } from './session-store.ts';

/** The panel session cookie's base name (`__Host-hf_panel` over HTTPS). */
export const panelCookieBase = 'hf_panel';

/** The engine's and our refusals, as every panel route may answer them. */
const errors = errorResponses(400, 401, 403, 404, 409, 415, 429, 502, 504);
const noContent = z.undefined();

/** The panel's browser API: connect, disconnect, details, resources, power and commands. */
export function panelRoutes(app: FastifyInstance, service: PanelService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cookie = cookieOptions(app.config, panelCookieBase);
  const sessionCookie = cookie.name;
  const clearCookie = (reply: FastifyReply): void => void reply.clearCookie(cookie.name, cookie.options);

  api.post('/session', { schema: { body: connectBody, response: { 200: connectAnswer, ...errors } } }, async (request, reply) => {
    const { serverId, key } = request.body;
    const { cookie: id, server } = await service.connect({ serverId, key, clientIp: request.ip, previousCookie: request.cookies[sessionCookie] });
    void reply.setCookie(cookie.name, id, { ...cookie.options, maxAge: sessionLifetimeMs / 1000 });
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
    const checked = checkCommand(request.body.command);
    if (!checked.ok) throw new HttpError(400, 'invalid', checked.message, { fields: { command: checked.message } });
    const { command } = checked;
    await service.command(session, command, request.ip, () => service.withEngine(session, (c) => service.driver.sendCommand(c, command), () => clearCookie(reply)));
    return reply.status(204).send();
  });
}
