import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { consoleCommand, type ConsoleMessage } from '../../contracts/panel.ts';
import { checkCommand } from '../../contracts/panel-rules.ts';
import { clientKey } from '../lib/client-key.ts';
import { HttpError } from '../lib/http-error.ts';
import { isSameOrigin } from '../plugins/same-origin.ts';
import type { Membership } from './console-hub.ts';
import { credentialsOf, type PanelService } from './panel-service.ts';
import { AccountConsoles } from './accounts/account-consoles.ts';
import type { PanelRequests } from './panel-routes.ts';
import type { PanelSession } from './session-store.ts';
import { SocketLimits } from './socket-limits.ts';

declare module 'fastify' {
  interface FastifyRequest {
    panelSession?: PanelSession;
    /** Gives back the console's place among the caps (server/panel/socket-limits.ts). */
    releaseSocketPlace?: () => void;
  }
}

/**
 * The socket's request, seen anew: the accounts capability remembers a request's customer for the
 * request's life, and a console lives for hours, so each later check asks with a view of its own
 * (the same cookies and route) and a sign-out is seen.
 */
const freshView = (request: FastifyRequest): FastifyRequest => Object.create(request) as FastifyRequest;

/** How often a customer's open console checks their access again. */
export const accountRecheckMs = 15_000;

/** A quiet console still shows traffic, so proxies do not close it as idle. */
const keepAliveMs = 30_000;

/**
 * GET /api/panel/console: the live console as a WebSocket. The server sends JSON arrays of
 * console messages (contracts/panel.ts); the browser sends `{"type":"command","command"}`.
 */
export function consoleRoutes(
  app: FastifyInstance,
  service: PanelService,
  requests: PanelRequests,
  accountConsoles: AccountConsoles = new AccountConsoles(),
  limits: SocketLimits = new SocketLimits(),
): void {
  app.get(
    '/console',
    {
      websocket: true,
      preValidation: async (request) => {
        // Browsers always send Origin on a WebSocket: another site's page must not ride the cookie.
        if (!isSameOrigin(request)) throw new HttpError(403, 'cross_origin', 'The console opens only from this site.');
        request.panelSession = await requests.session(request);
        const release = limits.acquire(request.panelSession.idHash, clientKey(request.ip));
        request.releaseSocketPlace = release;
        // Given back when the socket closes, also when the upgrade never completes.
        request.raw.socket.once('close', release);
      },
    },
    (socket: WebSocket, request) => {
      const session = request.panelSession!;
      const releasePlace = request.releaseSocketPlace!;
      service.sockets.add(session.idHash, socket);
      const sendMessages = (messages: ConsoleMessage[]) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(messages));
      };
      const sendError = (message: string) => sendMessages([{ type: 'error', message }]);
      const expiry = setTimeout(() => socket.close(4401, 'Session expired'), Math.max(0, session.expiresAt - Date.now()));
      expiry.unref();
      const keepAlive = setInterval(() => {
        if (socket.readyState === socket.OPEN) socket.ping();
      }, keepAliveMs);
      keepAlive.unref();
      // A customer's console is checked again now and then (docs/decisions.md 80): access removed
      // on another instance, or in the game panel itself, closes it within accountRecheckMs; a
      // sign-out here checks it at once.
      const checkAgain = () => {
        requests.session(freshView(request)).catch((error: unknown) => {
          if (socket.readyState !== socket.OPEN) return;
          sendError(error instanceof HttpError ? error.message : 'Your access to this console ended.');
          socket.close(4401, 'Access ended');
        });
      };
      const recheck = session.customerId === undefined ? undefined : setInterval(checkAgain, accountRecheckMs);
      recheck?.unref();
      const unwatch = session.customerId === undefined ? undefined : accountConsoles.watch(session.customerId, checkAgain);

      let membership: Membership | undefined;
      let closed = false;
      const joining = service.hub
        .join(credentialsOf(session), {
          send: (message) => {
            if (socket.readyState === socket.OPEN) socket.send(message, { binary: false });
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
            if (!(error instanceof HttpError)) request.log.error({ err: error }, 'console upstream failed');
            sendError(error instanceof HttpError ? error.message : 'The console is not available right now.');
            socket.close(error instanceof HttpError && error.statusCode === 401 ? 4401 : 1011, 'Console unavailable');
            return undefined;
          },
        );

      socket.on('message', (data, isBinary) => {
        void (async () => {
          let parsed: unknown;
          try {
            if (isBinary) throw new Error('binary');
            parsed = JSON.parse(String(data));
          } catch {
            return sendError('Messages must be JSON text.');
          }
          const message = consoleCommand.safeParse(parsed);
          if (!message.success) return sendError('Unknown message type.');
          const checked = checkCommand(message.data.command);
          if (!checked.ok) return sendError(checked.message);
          const { command } = checked;
          let current: PanelSession;
          try {
            current = await requests.session(freshView(request));
          } catch (error) {
            if (error instanceof HttpError && error.statusCode < 500) {
              sendError(error.message);
              return socket.close(4401, 'Session ended');
            }
            return sendError('The console is not available right now.');
          }
          const joined = await joining;
          if (!joined) return;
          try {
            await service.command(current, command, request.ip, () => joined.send(command));
          } catch (error) {
            if (!(error instanceof HttpError)) request.log.error({ err: error }, 'console command failed');
            sendError(error instanceof HttpError ? error.message : 'Failed to send command');
          }
        })();
      });

      socket.on('close', () => {
        closed = true;
        releasePlace();
        clearTimeout(expiry);
        clearInterval(keepAlive);
        clearInterval(recheck);
        unwatch?.();
        service.sockets.remove(session.idHash, socket);
        membership?.leave();
      });
    },
  );
}
