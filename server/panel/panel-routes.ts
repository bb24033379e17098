import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { HttpError } from '../lib/http-error.ts';
import { isSameOrigin } from '../plugins/same-origin.ts';
import type { ConsoleHub, Membership } from './console-hub.ts';
import type { GameServerDriver, PowerSignal, ServerCredentials } from './driver.ts';
import type { PanelRepository } from './panel-repository.ts';
import { commandBodySchema, connectBodySchema, errors, powerBodySchema, resourcesSchema, serverDetailsSchema } from './panel-schemas.ts';
import { sessionLifetimeMs, type PanelSession, type SessionStore } from './session-store.ts';

export const sessionCookie = 'hf_panel';
const cookiePath = '/api/panel';
/** Failed connect attempts allowed per client address in the window. */
export const connectFailureLimit = 10;
export const connectWindowMs = 10 * 60 * 1000;

export interface PanelRouteDeps {
  driver: GameServerDriver;
  sessions: SessionStore;
  repository: PanelRepository;
  hub: ConsoleHub;
}

declare module 'fastify' {
  interface FastifyRequest {
    panelSession?: PanelSession;
  }
}

const notConnected = () => new HttpError(401, 'not_connected', 'Connect to your server first.');
const wrongCredentials = () => new HttpError(401, 'invalid_credentials', 'The server ID or access key is not correct.');

/**
 * The TCP socket under a WebSocket, when pre-built frames may be written to it directly: no
 * extension (permessage-deflate) negotiated and ws's sender idle (nothing queued).
 */
function rawSocketOf(socket: WebSocket): Duplex | undefined {
  const internals = socket as unknown as { _socket?: Duplex; _sender?: { _state?: number; _queue?: unknown[] } };
  if (socket.extensions !== '' || !internals._socket || internals._sender?._state !== 0 || internals._sender._queue?.length) return undefined;
  return internals._socket;
}

function credentialsOf(session: PanelSession): ServerCredentials {
  return { serverId: session.serverId, key: session.key };
}

/** The panel's browser API: connect, disconnect, details, resources, power, commands, console. */
export async function panelRoutes(app: FastifyInstance, { driver, sessions, repository, hub }: PanelRouteDeps): Promise<void> {
  /** Open console sockets per session, closed when the session ends. */
  const socketsBySession = new Map<string, Set<WebSocket>>();
  /** Connect attempts in progress per address: counted with the failures, so a burst cannot slip past. */
  const inFlight = new Map<string, number>();

  // State-changing requests carry JSON (a cross-site form cannot send it without a preflight).
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const type = request.headers['content-type'];
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const isJson = typeof type === 'string' && /^application\/json\s*(;|$)/i.test(type);
    if (isJson || (!hasBody && type === undefined && request.method === 'DELETE')) return;
    throw new HttpError(415, 'unsupported_media_type', 'Send JSON with Content-Type: application/json.');
  });

  async function requireSession(request: FastifyRequest): Promise<PanelSession> {
    const session = await sessions.find(request.cookies[sessionCookie]);
    if (!session) throw notConnected();
    request.panelSession = session;
    return session;
  }

  function clearCookie(reply: FastifyReply): void {
    void reply.clearCookie(sessionCookie, { path: cookiePath, httpOnly: true, sameSite: 'strict', secure: reply.request.protocol === 'https' });
  }

  async function endSession(session: PanelSession): Promise<void> {
    await sessions.destroy(session.idHash);
    for (const socket of socketsBySession.get(session.idHash) ?? []) socket.close(4401, 'Disconnected');
    socketsBySession.delete(session.idHash);
  }

  /**
   * Calls the engine for a session. When the engine no longer accepts the key (revoked in the
   * panel, or the server removed), the session is ended too.
   */
  async function withEngine<T>(session: PanelSession, reply: FastifyReply, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) {
        await endSession(session);
        clearCookie(reply);
      }
      throw error;
    }
  }

  async function audited(request: FastifyRequest, session: PanelSession, kind: 'power' | 'command', action: string, call: () => Promise<void>): Promise<void> {
    let outcome = 'ok';
    try {
      await call();
    } catch (error) {
      outcome = error instanceof HttpError ? error.code : 'internal';
      throw error;
    } finally {
      await repository.audit({
        at: Date.now(),
        server_id: session.serverId,
        driver: session.driver,
        kind,
        action,
        outcome,
        client_ip: request.ip,
      });
    }
  }

  app.post<{ Body: { serverId: string; key: string } }>(
    '/session',
    { schema: { body: connectBodySchema, response: { 200: { type: 'object', properties: { server: serverDetailsSchema }, required: ['server'] }, ...errors } } },
    async (request, reply) => {
      const ip = request.ip;
      const now = Date.now();
      const windowStart = now - connectWindowMs;
      const pending = inFlight.get(ip) ?? 0;
      inFlight.set(ip, pending + 1);
      try {
        const failures = await repository.connectFailures(ip, windowStart);
        if (failures.count + pending >= connectFailureLimit) {
          const retryAfter = Math.max(1, Math.ceil(((failures.oldest ?? now) + connectWindowMs - now) / 1000));
          throw new HttpError(429, 'rate_limited', 'Too many failed attempts. Please wait before trying again.', {
            headers: { 'retry-after': String(retryAfter) },
          });
        }
        const { serverId, key } = request.body;
        let server;
        try {
          server = await driver.getServer({ serverId, key });
        } catch (error) {
          // The engine says "no" in several ways (401 bad key, 403, 404 unknown or not yours):
          // the customer hears one answer, so an id cannot be probed.
          if (error instanceof HttpError && [401, 403, 404].includes(error.statusCode)) {
            await repository.recordConnectFailure(ip, now, windowStart);
            throw wrongCredentials();
          }
          throw error;
        }
        // Connecting again replaces the browser's previous session rather than leaving it alive.
        const previous = await sessions.find(request.cookies[sessionCookie]);
        if (previous) await endSession(previous);
        const { id } = await sessions.create(serverId, key, now);
        void reply.setCookie(sessionCookie, id, {
          path: cookiePath,
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          maxAge: sessionLifetimeMs / 1000,
        });
        return { server };
      } finally {
        const left = (inFlight.get(ip) ?? 1) - 1;
        if (left > 0) inFlight.set(ip, left);
        else inFlight.delete(ip);
      }
    },
  );

  // Whether this browser is connected, without a 401 (and a console error) for every visitor.
  app.get(
    '/session',
    {
      schema: {
        response: {
          200: { type: 'object', properties: { connected: { type: 'boolean' }, server: serverDetailsSchema }, required: ['connected'] },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const session = await sessions.find(request.cookies[sessionCookie]);
      if (!session) return { connected: false };
      try {
        return { connected: true, server: await withEngine(session, reply, () => driver.getServer(credentialsOf(session))) };
      } catch (error) {
        // The engine no longer takes the key (revoked, server gone): the session has just ended.
        if (error instanceof HttpError && error.statusCode === 401) return { connected: false };
        throw error;
      }
    },
  );

  app.delete('/session', { schema: { response: { 204: { type: 'null' }, ...errors } } }, async (request, reply) => {
    const session = await sessions.find(request.cookies[sessionCookie]);
    if (session) await endSession(session);
    clearCookie(reply);
    return reply.status(204).send();
  });

  app.get('/server', { schema: { response: { 200: serverDetailsSchema, ...errors } } }, async (request, reply) => {
    const session = await requireSession(request);
    return withEngine(session, reply, () => driver.getServer(credentialsOf(session)));
  });

  app.get('/resources', { schema: { response: { 200: resourcesSchema, ...errors } } }, async (request, reply) => {
    const session = await requireSession(request);
    return withEngine(session, reply, () => driver.getResources(credentialsOf(session)));
  });

  app.post<{ Body: { signal: PowerSignal } }>(
    '/power',
    { schema: { body: powerBodySchema, response: { 204: { type: 'null' }, ...errors } } },
    async (request, reply) => {
      const session = await requireSession(request);
      const { signal } = request.body;
      await audited(request, session, 'power', signal, () => withEngine(session, reply, () => driver.power(credentialsOf(session), signal)));
      return reply.status(204).send();
    },
  );

  app.post<{ Body: { command: string } }>(
    '/command',
    { schema: { body: commandBodySchema, response: { 204: { type: 'null' }, ...errors } } },
    async (request, reply) => {
      const session = await requireSession(request);
      const command = request.body.command.trim();
      if (!command) throw new HttpError(400, 'invalid', 'Type a command to send.', { fields: { command: 'must not be blank' } });
      await audited(request, session, 'command', command, () => withEngine(session, reply, () => driver.sendCommand(credentialsOf(session), command)));
      return reply.status(204).send();
    },
  );

  app.get(
    '/console',
    {
      websocket: true,
      preValidation: async (request) => {
        // Browsers always send Origin on a WebSocket: another site's page must not ride the cookie.
        if (!isSameOrigin(request)) throw new HttpError(403, 'cross_origin', 'The console opens only from this site.');
        await requireSession(request);
      },
    },
    (socket, request) => {
      const session = request.panelSession!;
      const sockets = socketsBySession.get(session.idHash) ?? new Set<WebSocket>();
      sockets.add(socket);
      socketsBySession.set(session.idHash, sockets);
      const sendJson = (value: object) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(value));
      };
      const expiry = setTimeout(() => socket.close(4401, 'Session expired'), Math.max(0, session.expiresAt - Date.now()));
      expiry.unref();
      // A quiet console still shows traffic, so proxies do not close it as idle.
      const keepAlive = setInterval(() => {
        if (socket.readyState === socket.OPEN) socket.ping();
      }, 30_000);
      keepAlive.unref();

      let membership: Membership | undefined;
      let closed = false;
      const joining = hub
        .join(credentialsOf(session), {
          send: (batch) => {
            if (socket.readyState !== socket.OPEN) return;
            // The frames are built once for all viewers; written as they are when nothing
            // (compression, a queued send) stands between ws and the TCP socket.
            const raw = rawSocketOf(socket);
            if (raw) raw.write(batch.frames);
            else for (const message of batch.messages) socket.send(message, { binary: false });
          },
          bufferedAmount: () => socket.bufferedAmount,
          close: (code, reason) => socket.close(code, reason),
        })
        .then(
          (joined) => {
            membership = joined;
            if (closed) joined.leave();
            return joined;
          },
          (error: unknown) => {
            const message = error instanceof HttpError ? error.message : 'The console is not available right now.';
            if (!(error instanceof HttpError)) request.log.error({ err: error }, 'console upstream failed');
            sendJson({ type: 'error', message });
            socket.close(error instanceof HttpError && error.statusCode === 401 ? 4401 : 1011, 'Console unavailable');
            return undefined;
          },
        );

      socket.on('message', (data, isBinary) => {
        void (async () => {
          let message: { type?: unknown; command?: unknown };
          try {
            if (isBinary) throw new Error('binary');
            message = JSON.parse(String(data));
          } catch {
            return sendJson({ type: 'error', message: 'Messages must be JSON text.' });
          }
          if (message.type !== 'command') return sendJson({ type: 'error', message: 'Unknown message type.' });
          const command = typeof message.command === 'string' ? message.command.trim() : '';
          if (!command || command.length > 1000) return sendJson({ type: 'error', message: 'Type a command to send (at most 1,000 characters).' });
          const current = await sessions.find(request.cookies[sessionCookie]);
          if (!current) return socket.close(4401, 'Session ended');
          const joined = await joining;
          if (!joined) return;
          try {
            await audited(request, current, 'command', command, () => joined.send(command));
          } catch (error) {
            if (!(error instanceof HttpError)) request.log.error({ err: error }, 'console command failed');
            sendJson({ type: 'error', message: error instanceof HttpError ? error.message : 'Failed to send command' });
          }
        })();
      });

      socket.on('close', () => {
        closed = true;
        clearTimeout(expiry);
        clearInterval(keepAlive);
        sockets.delete(socket);
        if (sockets.size === 0) socketsBySession.delete(session.idHash);
        membership?.leave();
      });
    },
  );
}
