import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../contracts/http-error.ts';
import {
  commandBody,
  connectAnswer,
  connectBody,
  historyAnswer,
  historyQuery,
  playerList,
  powerBody,
  serverDetails,
  serverPermissions,
  serverResources,
  sessionAnswer,
} from '../../contracts/panel.ts';
import { checkCommand } from '../../contracts/panel-rules.ts';
import { grantNames, type GrantName as Grant } from '../../contracts/my-servers-rules.ts';
import { HttpError } from '../lib/http-error.ts';
import { cookieOptions } from '../lib/session-cookie.ts';
import { attachment } from './download-headers.ts';
import { notConnected, type Caller, type PanelService } from './panel-service.ts';
import { sessionLifetimeMs } from './session-store.ts';
import type { PanelSession } from './session-store.ts';

/** The panel session cookie's base name (`__Host-hf_panel` over HTTPS). */
export const panelCookieBase = 'hf_panel';

/** The engine's and our refusals, as every panel route may answer them. */
export const panelErrors = errorResponses(400, 401, 403, 404, 409, 415, 422, 429, 502, 503, 504, 507);
export const noContent = z.undefined();

/** What every panel route needs of a request: its session, and who is calling for the audit log. */
export interface PanelRequests {
  session(request: FastifyRequest): Promise<PanelSession>;
  caller(request: FastifyRequest, reply: FastifyReply): Caller;
  /** Clears the cookie: the engine no longer takes the session's key. */
  ended(reply: FastifyReply): () => void;
}

/** Checks a session opened from "My servers" on every request (server/panel/accounts/my-servers-service.ts). */
export type AccountCheck = (request: FastifyRequest, session: PanelSession) => Promise<PanelSession>;

export function panelRequests(app: FastifyInstance, service: PanelService, accountCheck?: AccountCheck): PanelRequests {
  const cookie = cookieOptions(app.config, panelCookieBase);
  const ended = (reply: FastifyReply) => () => void reply.clearCookie(cookie.name, cookie.options);
  return {
    session: async (request) => {
      const session = await service.require(request.cookies[cookie.name]);
      if (session.customerId === undefined) return session;
      // A customer's session is only as good as their access now (docs/decisions.md 80); without accounts in the app it is void.
      if (!accountCheck) throw notConnected();
      return accountCheck(request, session);
    },
    caller: (request, reply) => ({ clientIp: request.ip, onEnded: ended(reply) }),
    ended,
  };
}

/**
 * The panel's browser API: connect, disconnect, details, resources, players, history,
 * permissions, power, commands and the kept console log. Files and backups are in
 * panel-file-routes.ts and panel-backup-routes.ts.
 */
export function panelRoutes(app: FastifyInstance, service: PanelService, requests: PanelRequests): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cookie = cookieOptions(app.config, panelCookieBase);
  const errors = panelErrors;

  api.post('/session', { schema: { body: connectBody, response: { 200: connectAnswer, ...errors } } }, async (request, reply) => {
    const { serverId, key } = request.body;
    const { cookie: id, server } = await service.connect({ serverId, key, clientIp: request.ip, previousCookie: request.cookies[cookie.name] });
    void reply.setCookie(cookie.name, id, { ...cookie.options, maxAge: sessionLifetimeMs / 1000 });
    return { server };
  });

  // Whether this browser is connected, without a 401 (and a console error) for every visitor.
  api.get('/session', { schema: { response: { 200: sessionAnswer, ...errors } } }, async (request, reply) => {
    const found = await service.find(request.cookies[cookie.name]);
    if (!found) return { connected: false };
    try {
      // A customer's session is checked like every other request: their access may be gone.
      const session = found.customerId === undefined ? found : await requests.session(request);
      const account =
        session.customerId === undefined
          ? undefined
          : { role: session.grants ? ('shared' as const) : ('owner' as const), grants: [...(session.grants ?? grantNames)] as Grant[] };
      return { connected: true, server: await service.server(session, requests.ended(reply)), ...(account ? { account } : {}) };
    } catch (error) {
      // The engine no longer takes the key (revoked, server gone), or the customer's access ended: the session has just ended.
      if (error instanceof HttpError && [401, 404].includes(error.statusCode)) {
        requests.ended(reply)();
        return { connected: false };
      }
      throw error;
    }
  });

  api.delete('/session', { schema: { response: { 204: noContent, ...errors } } }, async (request, reply) => {
    const session = await service.find(request.cookies[cookie.name]);
    if (session) await service.end(session);
    requests.ended(reply)();
    return reply.status(204).send();
  });

  api.get('/server', { schema: { response: { 200: serverDetails, ...errors } } }, async (request, reply) =>
    service.server(await requests.session(request), requests.ended(reply)),
  );

  api.get('/resources', { schema: { response: { 200: serverResources, ...errors } } }, async (request, reply) =>
    service.resources(await requests.session(request), requests.ended(reply)),
  );

  api.get('/players', { schema: { response: { 200: playerList, ...errors } } }, async (request, reply) =>
    service.players(await requests.session(request), requests.ended(reply)),
  );

  api.get('/permissions', { schema: { response: { 200: serverPermissions, ...errors } } }, async (request, reply) =>
    service.permissions(await requests.session(request), requests.ended(reply)),
  );

  api.get('/history', { schema: { querystring: historyQuery, response: { 200: historyAnswer, ...errors } } }, async (request) =>
    service.resourceHistory(await requests.session(request), request.query.range),
  );

  // The kept lines as a text file: the browser saves it under the name given.
  api.get(
    '/console/log',
    { schema: { response: { 200: z.string().describe('The kept console lines as plain text (text/plain), one per line.'), ...errors } } },
    async (request, reply) => {
      const session = await requests.session(request);
      const text = await service.consoleLog(session, requests.ended(reply));
      const day = new Date(app.clock()).toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachment(`${session.serverId}-console-${day}.log`))
        .header('cache-control', 'no-store')
        .send(text);
    },
  );

  api.post('/power', { schema: { body: powerBody, response: { 204: noContent, ...errors } } }, async (request, reply) => {
    const session = await requests.session(request);
    await service.power(session, request.body.signal, requests.caller(request, reply));
    return reply.status(204).send();
  });

  api.post('/command', { schema: { body: commandBody, response: { 204: noContent, ...errors } } }, async (request, reply) => {
    const session = await requests.session(request);
    const checked = checkCommand(request.body.command);
    if (!checked.ok) throw new HttpError(400, 'invalid', checked.message, { fields: { command: checked.message } });
    const { command } = checked;
    await service.command(session, command, request.ip, () =>
      service.withEngine(session, (c) => service.driver.sendCommand(c, command), requests.ended(reply)),
    );
    return reply.status(204).send();
  });
}
