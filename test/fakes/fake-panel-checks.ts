import type http from 'node:http';
import type { FakeGameServers, FakeKey, FakeServer } from './fake-game-server.ts';
import { notFound, PanelAnswer } from './fake-panel-answer.ts';

/**
 * The fake panel's checks on a client API call, as docs/pterodactyl.md describes them: the key
 * and its type, the rate limit's answer, and then the server's access and state.
 */

/** A sliding one-minute window of request times per name. */
export class MinuteWindow {
  readonly #hits = new Map<string, number[]>();
  /** Seconds to wait, or 0 when this hit is allowed (and counted). */
  hit(name: string, limit: number): number {
    if (limit <= 0) return 0;
    const now = Date.now();
    const recent = (this.#hits.get(name) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= limit) {
      this.#hits.set(name, recent);
      return Math.max(1, Math.ceil((60_000 - (now - recent[0]!)) / 1000));
    }
    recent.push(now);
    this.#hits.set(name, recent);
    return 0;
  }
}

/** The client key a request brings (401 without one, 403 for an application key). */
export function authenticate(game: FakeGameServers, req: http.IncomingMessage): FakeKey {
  const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
  const key = match && game.keys.find((k) => k.key === match[1]);
  if (!key) throw new PanelAnswer(401, 'AuthenticationException', 'Unauthenticated.');
  if (key.type !== 'client') {
    throw new PanelAnswer(403, 'AccessDeniedHttpException', 'You are attempting to use an application API key on an endpoint that requires a client API key.');
  }
  return key;
}

/** The server a key may reach (404 otherwise); every route but "view server" refuses one that is not in a normal state (409). */
export function serverFor(game: FakeGameServers, key: FakeKey, id: string, route: string): FakeServer {
  const server = game.find(id);
  if (!server || (key.servers !== '*' && !key.servers.includes(server.identifier))) throw notFound();
  if (route !== 'view') {
    if (server.suspended || server.status === 'suspended') {
      throw new PanelAnswer(409, 'ServerStateConflictException', 'This server is currently suspended and the functionality requested is unavailable.');
    }
    if (server.installing || server.status === 'installing' || server.status === 'install_failed' || server.status === 'reinstall_failed') {
      throw new PanelAnswer(409, 'ServerStateConflictException', 'This server has not yet completed its installation process, please try again later.');
    }
    if (server.transferring) {
      throw new PanelAnswer(409, 'ServerStateConflictException', 'This server is currently being transferred to a new machine, please try again later.');
    }
    if (server.status === 'restoring_backup') {
      throw new PanelAnswer(409, 'ServerStateConflictException', 'This server is currently restoring from a backup, please try again later.');
    }
  }
  return server;
}

/** The panel's 429, with its Retry-After and rate limit headers. */
export function throttled(seconds: number, requestsPerMinute: number): PanelAnswer {
  return new PanelAnswer(429, 'TooManyRequestsHttpException', 'Too Many Attempts.', {
    headers: { 'Retry-After': String(seconds), 'X-RateLimit-Limit': String(requestsPerMinute || 720), 'X-RateLimit-Remaining': '0' },
  });
}
