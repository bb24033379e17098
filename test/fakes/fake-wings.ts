import http from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { FakeGameServers, FakeServer } from './fake-game-server.ts';
import type { FakeTokens } from './fake-tokens.ts';
import { acceptConnection, type Connection, deauthenticate, type FakeWingsBehaviour, type FakeWingsSocket, frame } from './fake-wings-connection.ts';
import { createTransferHandler, type FakeTransfers } from './fake-wings-transfers.ts';

/**
 * The Wings console socket as docs/pterodactyl.md describes it ("Power and console websocket"):
 * `/api/servers/{uuid}/ws`, the upgrade refused with 403 unless `Origin` is the panel URL
 * exactly; each socket's frames (fake-wings-connection.ts): JSON frames `{"event","args"}`,
 * `auth` → `auth success` + `status`, `send logs` (only while running), `send stats`, `send command`, `set state`, `token expiring` 60 s before
 * the token's end and `token expired` at it, `jwt error` for a refused token or any frame after
 * expiry, and Pelican's `throttled`.
 */

export type { FakeWingsBehaviour, FakeWingsSocket } from './fake-wings-connection.ts';

export interface FakeWingsControl {
  /** Every socket that got past the upgrade (closed ones too), oldest first. */
  sockets(): FakeWingsSocket[];
  /** Upgrades refused (wrong Origin or path), with the Origin presented. */
  refusedUpgrades: { origin: string | undefined; path: string }[];
  /** Sends `token expiring` now to every authenticated socket. */
  tokenExpiring(): void;
  /** Sends `jwt error` now and drops the authentication of every socket, as when the token is refused. */
  jwtError(): void;
  /** A Wings restart: every socket is dropped and tokens issued before now are refused. */
  restart(): void;
  /** Drops every socket without a close frame. */
  dropConnections(): void;
  /** Pelican's `throttled` frame to every socket. */
  throttled(): void;
  /** The signed-link endpoints: uploads received, tokens presented, the upload limit. */
  transfers: FakeTransfers;
}

export function createWings(options: { panelUrl: () => string; game: FakeGameServers; tokens: FakeTokens; behaviour: FakeWingsBehaviour }): {
  server: http.Server;
  control: FakeWingsControl;
  connections: () => Iterable<{ ws: WebSocket; server: FakeServer; authenticated: boolean }>;
} {
  const { game, tokens } = options;
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const connections = new Set<Connection>();
  const history: FakeWingsSocket[] = [];
  const refusedUpgrades: FakeWingsControl['refusedUpgrades'] = [];
  let nextId = 1;

  // Signed downloads and uploads; the console socket comes in as an upgrade.
  const transfers = createTransferHandler(game, tokens);
  const server = http.createServer(transfers.handle);

  function refuse(socket: Duplex, status: number, text: string): void {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  server.on('upgrade', (req, socket, head) => {
    const path = req.url ?? '';
    const match = /^\/api\/servers\/([0-9a-f-]{36})\/ws$/.exec(path);
    const origin = req.headers.origin;
    const target = match ? game.find(match[1]!) : undefined;
    if (!target) {
      refusedUpgrades.push({ origin, path });
      return refuse(socket, 404, 'Not Found');
    }
    // The node is down: nothing answers.
    if (target.wingsDown) return socket.destroy();
    // Wings compares Origin with the panel's configured URL, exactly.
    if (origin !== options.panelUrl()) {
      refusedUpgrades.push({ origin, path });
      return refuse(socket, 403, 'Forbidden');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = acceptConnection(options, ws, target, nextId++, origin, (closed) => connections.delete(closed));
      connections.add(connection);
      history.push(connection.info);
    });
  });

  const control: FakeWingsControl = {
    sockets: () => [...history],
    refusedUpgrades,
    tokenExpiring() {
      for (const c of connections) if (c.claims) frame(c.ws, 'token expiring');
    },
    jwtError() {
      for (const c of connections) {
        deauthenticate(c);
        frame(c.ws, 'jwt error', ['jwt: token is not valid']);
      }
    },
    restart() {
      tokens.notBefore = Date.now() + 1;
      for (const c of connections) c.ws.terminate();
    },
    dropConnections() {
      for (const c of connections) c.ws.terminate();
    },
    throttled() {
      for (const c of connections) frame(c.ws, 'throttled', ['global']);
    },
    transfers: transfers.control,
  };

  return {
    server,
    control,
    connections: () => [...connections].map((c) => ({ ws: c.ws, server: game.find(c.info.serverUuid)!, authenticated: c.claims !== undefined })),
  };
}
