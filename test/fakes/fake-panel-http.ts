import http from 'node:http';
import type { FakeGameServers, FakeKey } from './fake-game-server.ts';
import type { FakeTokens } from './fake-tokens.ts';
import { handleApplication, handleSubusers, type FakePanelAccounts } from './fake-panel-accounts.ts';
import { handleServerSchedules } from './fake-panel-schedules.ts';
import { handleServerStartup } from './fake-panel-startup.ts';
import { handleServerFiles, type FakeBackupThrottle } from './fake-panel-files.ts';
import { handlePull } from './fake-panel-pull.ts';
import { notFound, PanelAnswer, type FakeAnswer } from './fake-panel-answer.ts';
import { authenticate, MinuteWindow, serverFor, throttled } from './fake-panel-checks.ts';
import { json } from './fake-panel-guards.ts';
import { handleServer, serverList } from './fake-panel-server.ts';

/**
 * The panel's client API as docs/pterodactyl.md describes it: the routes, its checks (Accept,
 * CSRF for a browser-looking call, key, key type, rate limit, then server access and server
 * state, in that order here) and its error bodies `{"errors":[{code,status,detail}]}`.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface FakePanelBehaviour {
  /** Added before every answer, for timeout tests. */
  delayMs: number;
  /** The next N requests get 429 with this Retry-After (seconds). */
  throttle: { remaining: number; retryAfterSeconds: number };
  /** Per key and minute, as the panel's throttle middleware (0 = unlimited). */
  requestsPerMinute: number;
  /** `/websocket` token requests per server and minute (Pelican, newer Pterodactyl; 0 = unlimited). */
  websocketTokensPerMinute: number;
  /** Lifetime of console tokens (the panel's is 10 minutes). */
  tokenTtlMs: number;
  /** Backups a server may start per period (the panel's default: 2 per 600 s). */
  backupThrottle: FakeBackupThrottle;
  /** `POST /files/pull` is offered (test/fakes/fake-panel-pull.ts); off: 404, as a panel without it. */
  remoteDownloads?: boolean;
}

export interface PanelServerOptions {
  panelUrl: () => string;
  wingsUrl: () => string;
  game: FakeGameServers;
  tokens: FakeTokens;
  behaviour: FakePanelBehaviour;
  requests: RecordedRequest[];
  accounts: FakePanelAccounts;
}

/** A request's route: the panel's own checks first (Accept, CSRF, key, rate limit), then the route's handler. */
function handle(options: PanelServerOptions, perKey: MinuteWindow, perServerTokens: MinuteWindow, req: http.IncomingMessage, body: string): FakeAnswer {
  const { game, tokens, behaviour } = options;
  const serverOf = (key: FakeKey, id: string, route: string) => serverFor(game, key, id, route);
  const tooMany = (seconds: number) => throttled(seconds, behaviour.requestsPerMinute);
  const url = new URL(req.url ?? '/', 'http://panel');
  const method = req.method ?? 'GET';
  // Without Accept: application/json the panel answers like a web page: a redirect to its login.
  if (!(req.headers.accept ?? '').includes('application/json')) return { status: 302, headers: { Location: `${options.panelUrl()}/auth/login` } };
  // A call that looks like the panel's own frontend (its Origin or Referer, or a session cookie) needs a CSRF token.
  const own = options.panelUrl();
  const looksLikeFrontend =
    req.headers.origin === own || (req.headers.referer ?? '').startsWith(own) || (req.headers.cookie ?? '').includes('pterodactyl_session');
  if (looksLikeFrontend && method !== 'GET') throw new PanelAnswer(419, 'TokenMismatchException', 'CSRF token mismatch.');

  if (url.pathname.startsWith('/api/application/')) {
    // The application API takes only application keys (docs/pterodactyl.md).
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const appKey = match && game.keys.find((k) => k.key === match[1]);
    if (!appKey) throw new PanelAnswer(401, 'AuthenticationException', 'Unauthenticated.');
    if (appKey.type !== 'application') throw new PanelAnswer(403, 'AccessDeniedHttpException', 'This action is unauthorized.');
    return handleApplication(options.accounts, game, method, url);
  }
  const key = authenticate(game, req);
  if (behaviour.throttle.remaining > 0) {
    behaviour.throttle.remaining -= 1;
    throw tooMany(behaviour.throttle.retryAfterSeconds);
  }
  const wait = perKey.hit(key.key, behaviour.requestsPerMinute);
  if (wait > 0) throw tooMany(wait);

  if (method === 'GET' && url.pathname === '/api/client') return serverList(game, key);
  const extended = /^\/api\/client\/servers\/([^/]+)(\/(?:files|backups)(?:\/.*)?)$/.exec(url.pathname);
  if (extended) {
    const server = serverOf(key, extended[1]!, 'files');
    if (behaviour.remoteDownloads && method === 'POST' && extended[2] === '/files/pull') return { status: 202, later: handlePull(key, server, body) };
    const context = { game, tokens, wingsUrl: options.wingsUrl, backupThrottle: behaviour.backupThrottle };
    return handleServerFiles(context, key, server, method, extended[2]!, url, body);
  }
  const scheduled = /^\/api\/client\/servers\/([^/]+)(\/schedules(?:\/.*)?)$/.exec(url.pathname);
  if (scheduled) return handleServerSchedules(game, key, serverOf(key, scheduled[1]!, 'schedules'), method, scheduled[2]!, body);
  const startup = /^\/api\/client\/servers\/([^/]+)(\/startup(?:\/variable)?|\/settings\/reinstall)$/.exec(url.pathname);
  if (startup) return handleServerStartup(game, key, serverOf(key, startup[1]!, 'startup'), method, startup[2]!, body);
  const users = /^\/api\/client\/servers\/([^/]+)\/users(\/.*)?$/.exec(url.pathname);
  if (users) return handleSubusers(options.accounts, serverOf(key, users[1]!, 'users'), method, users[2] ?? '', json(body));
  const match = /^\/api\/client\/servers\/([^/]+)(\/[a-z]+)?$/.exec(url.pathname);
  if (!match) throw notFound();
  const [, id = '', sub = ''] = match;
  return handleServer({ game, tokens, wingsUrl: options.wingsUrl, behaviour, perServerTokens }, key, id, method, sub, body);
}

export function createPanelServer(options: PanelServerOptions): http.Server {
  const { behaviour, requests } = options;
  const perKey = new MinuteWindow();
  const perServerTokens = new MinuteWindow();

  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, at: Date.now() });
      if (requests.length > 10_000) requests.splice(0, requests.length - 5_000);
      let answer: FakeAnswer;
      try {
        answer = handle(options, perKey, perServerTokens, req, body);
      } catch (error) {
        if (!(error instanceof PanelAnswer)) throw error;
        answer = { status: error.status, body: error.body, headers: error.headers };
      }
      const send = async () => {
        if (answer.later) {
          answer = await answer.later.catch((error: unknown) => {
            if (!(error instanceof PanelAnswer)) return { status: 500, body: { errors: [{ code: 'HttpException', status: '500', detail: String(error) }] } };
            return { status: error.status, body: error.body, headers: error.headers };
          });
        }
        if (res.destroyed) return;
        if (answer.raw) {
          res.writeHead(answer.status, { 'Content-Type': answer.raw.contentType, 'Content-Length': answer.raw.bytes.length, ...answer.headers });
          res.end(answer.raw.bytes);
          return;
        }
        const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
        res.writeHead(answer.status, {
          ...(text ? { 'Content-Type': 'application/json' } : {}),
          ...answer.headers,
        });
        res.end(text);
      };
      if (behaviour.delayMs > 0) setTimeout(() => void send(), behaviour.delayMs);
      else void send();
    });
  });
}
