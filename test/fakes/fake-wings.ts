import http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { FakeGameServers, FakePowerState, FakeServer } from './fake-game-server.ts';
import type { FakeTokens, TokenClaims } from './fake-tokens.ts';
import { createTransferHandler, type FakeTransfers } from './fake-wings-transfers.ts';

/**
 * The Wings console socket as docs/pterodactyl.md describes it ("Power and console websocket"):
 * `/api/servers/{uuid}/ws`, the upgrade refused with 403 unless `Origin` is the panel URL
 * exactly, JSON frames `{"event","args"}`, `auth` → `auth success` + `status`, `send logs`
 * (only while running), `send stats`, `send command`, `set state`, `token expiring` 60 s before
 * the token's end and `token expired` at it, `jwt error` for a refused token or any frame after
 * expiry, and Pelican's `throttled`.
 */

export interface FakeWingsBehaviour {
  /** How long before a token's end `token expiring` is sent (Wings: 60 s). */
  tokenWarnMs: number;
  /** Stats frames while a socket is authenticated and the server is not offline (Wings: about every second). */
  statsIntervalMs: number;
  /** Frames a socket may send per second before Pelican-style `throttled` (0 = unlimited). */
  framesPerSecond: number;
}

export interface FakeWingsSocket {
  id: number;
  serverUuid: string;
  origin: string | undefined;
  /** How many times `auth` succeeded on this socket (re-auth on the same socket counts up). */
  auths: number;
  /** Every token presented, in order. */
  tokens: string[];
  /** Every frame received, in order. */
  received: { event: string; args: unknown[] }[];
  /** `token expired` frames sent: a client that renews on `token expiring` never sees one. */
  expiries: number;
  authenticated: boolean;
  open: boolean;
}

interface Connection {
  info: FakeWingsSocket;
  ws: WebSocket;
  claims: TokenClaims | undefined;
  timers: NodeJS.Timeout[];
  statsTimer: NodeJS.Timeout | undefined;
  frameWindow: { start: number; count: number };
  unlisten: () => void;
}

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

function frame(ws: WebSocket, event: string, args: unknown[] = []): void {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ event, args }));
}

export function createWings(options: { panelUrl: () => string; game: FakeGameServers; tokens: FakeTokens; behaviour: FakeWingsBehaviour }): {
  server: http.Server;
  control: FakeWingsControl;
  connections: () => Iterable<{ ws: WebSocket; server: FakeServer; authenticated: boolean }>;
} {
  const { game, tokens, behaviour } = options;
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
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, target, origin));
  });

  function clearTokenTimers(connection: Connection): void {
    for (const timer of connection.timers) clearTimeout(timer);
    connection.timers = [];
  }

  function deauthenticate(connection: Connection): void {
    connection.claims = undefined;
    connection.info.authenticated = false;
    clearTokenTimers(connection);
    clearInterval(connection.statsTimer);
  }

  function accept(ws: WebSocket, target: FakeServer, origin: string): void {
    const info: FakeWingsSocket = {
      id: nextId++,
      serverUuid: target.uuid,
      origin,
      auths: 0,
      tokens: [],
      received: [],
      expiries: 0,
      authenticated: false,
      open: true,
    };
    const connection: Connection = {
      info,
      ws,
      claims: undefined,
      timers: [],
      statsTimer: undefined,
      frameWindow: { start: Date.now(), count: 0 },
      unlisten: game.listen(target.uuid, {
        line: (text) => connection.claims && frame(ws, 'console output', [text]),
        status: (state: FakePowerState) => connection.claims && frame(ws, 'status', [state]),
      }),
    };
    connections.add(connection);
    history.push(info);
    ws.on('close', () => {
      info.open = false;
      deauthenticate(connection);
      connection.unlisten();
      connections.delete(connection);
    });
    ws.on('error', () => ws.terminate());
    ws.on('message', (data: Buffer) => {
      let event = '';
      let args: unknown[] = [];
      try {
        const parsed = JSON.parse(data.toString()) as { event?: unknown; args?: unknown };
        event = typeof parsed.event === 'string' ? parsed.event : '';
        args = Array.isArray(parsed.args) ? parsed.args : [];
      } catch {
        return;
      }
      info.received.push({ event, args });
      if (behaviour.framesPerSecond > 0) {
        const now = Date.now();
        if (now - connection.frameWindow.start >= 1000) connection.frameWindow = { start: now, count: 0 };
        connection.frameWindow.count += 1;
        if (connection.frameWindow.count > behaviour.framesPerSecond) return frame(ws, 'throttled', [event]);
      }
      onFrame(connection, target, event, args);
    });
  }

  function onFrame(connection: Connection, target: FakeServer, event: string, args: unknown[]): void {
    const { ws, info } = connection;
    if (event === 'auth') {
      const token = typeof args[0] === 'string' ? args[0] : '';
      info.tokens.push(token);
      const claims = tokens.verify(token);
      if ('error' in claims) {
        deauthenticate(connection);
        frame(ws, 'jwt error', [claims.error]);
        return;
      }
      if (claims.server_uuid !== target.uuid) {
        deauthenticate(connection);
        frame(ws, 'jwt error', ['jwt: token is not for this server']);
        return;
      }
      deauthenticate(connection);
      connection.claims = claims;
      info.authenticated = true;
      info.auths += 1;
      const left = claims.exp * 1000 - Date.now();
      connection.timers.push(
        setTimeout(() => frame(ws, 'token expiring'), Math.max(0, left - behaviour.tokenWarnMs)),
        setTimeout(() => {
          deauthenticate(connection);
          info.expiries += 1;
          frame(ws, 'token expired');
        }, left),
      );
      if (behaviour.statsIntervalMs > 0) {
        connection.statsTimer = setInterval(() => {
          if (target.state !== 'offline') frame(ws, 'stats', [game.stats(target)]);
        }, behaviour.statsIntervalMs);
      }
      frame(ws, 'auth success');
      frame(ws, 'status', [target.state]);
      return;
    }
    if (!connection.claims) {
      frame(ws, 'jwt error', ['jwt: no valid token for this socket']);
      return;
    }
    switch (event) {
      case 'send logs':
        if (target.state === 'running') for (const line of game.recentLogs(target)) frame(ws, 'console output', [line]);
        break;
      case 'send stats':
        frame(ws, 'stats', [game.stats(target)]);
        break;
      case 'send command':
        if (typeof args[0] === 'string' && target.state !== 'offline') game.command(target, args[0]);
        break;
      case 'set state':
        if (args[0] === 'start' || args[0] === 'stop' || args[0] === 'restart' || args[0] === 'kill') game.power(target, args[0]);
        break;
      default:
        break;
    }
  }

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
