import type { WebSocket } from 'ws';
import { WebSocket as Socket } from 'ws';
import type { FakeGameServers, FakePowerState, FakeServer } from './fake-game-server.ts';
import type { FakeTokens, TokenClaims } from './fake-tokens.ts';

/**
 * One Wings console socket (fake-wings.ts) as docs/pterodactyl.md describes it: JSON frames
 * `{"event","args"}`, `auth` → `auth success` + `status`, then `send logs` (only while running),
 * `send stats`, `send command`, `set state`; `token expiring` 60 s before the token's end and
 * `token expired` at it, `jwt error` for a refused token or any frame after expiry, and
 * Pelican's `throttled`.
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

export interface Connection {
  info: FakeWingsSocket;
  ws: WebSocket;
  claims: TokenClaims | undefined;
  timers: NodeJS.Timeout[];
  statsTimer: NodeJS.Timeout | undefined;
  frameWindow: { start: number; count: number };
  unlisten: () => void;
}

export interface WingsContext {
  game: FakeGameServers;
  tokens: FakeTokens;
  behaviour: FakeWingsBehaviour;
}

export function frame(ws: WebSocket, event: string, args: unknown[] = []): void {
  if (ws.readyState === Socket.OPEN) ws.send(JSON.stringify({ event, args }));
}

function clearTokenTimers(connection: Connection): void {
  for (const timer of connection.timers) clearTimeout(timer);
  connection.timers = [];
}

export function deauthenticate(connection: Connection): void {
  connection.claims = undefined;
  connection.info.authenticated = false;
  clearTokenTimers(connection);
  clearInterval(connection.statsTimer);
}

/** A socket past the upgrade: its record, its frames (counted against Pelican's limit), and its end. */
export function acceptConnection(
  context: WingsContext,
  ws: WebSocket,
  target: FakeServer,
  id: number,
  origin: string,
  onClose: (connection: Connection) => void,
): Connection {
  const { game, behaviour } = context;
  const info: FakeWingsSocket = {
    id,
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
  ws.on('close', () => {
    info.open = false;
    deauthenticate(connection);
    connection.unlisten();
    onClose(connection);
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
    onFrame(context, connection, target, event, args);
  });
  return connection;
}

/** `auth`: a token for this server starts the session (timers for its end, stats); any other token ends it. */
function authenticate(context: WingsContext, connection: Connection, target: FakeServer, token: string): void {
  const { game, tokens, behaviour } = context;
  const { ws, info } = connection;
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
}

function onFrame(context: WingsContext, connection: Connection, target: FakeServer, event: string, args: unknown[]): void {
  const { game } = context;
  const { ws } = connection;
  if (event === 'auth') {
    authenticate(context, connection, target, typeof args[0] === 'string' ? args[0] : '');
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
