import http from 'node:http';
import type { FakeGameServers, FakeKey, FakeServer } from './fake-game-server.ts';
import type { FakeTokens } from './fake-tokens.ts';
import { handleApplication, handleSubusers, type FakePanelAccounts } from './fake-panel-accounts.ts';
import { handleServerSchedules } from './fake-panel-schedules.ts';
import { handleServerStartup } from './fake-panel-startup.ts';
import { handleServerFiles, type FakeBackupThrottle } from './fake-panel-files.ts';
import { handlePull } from './fake-panel-pull.ts';
import { daemonDown, notFound, PanelAnswer, type FakeAnswer } from './fake-panel-answer.ts';

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

/** A sliding one-minute window of request times per name. */
class MinuteWindow {
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

function serverAttributes(server: FakeServer) {
  return {
    server_owner: true,
    identifier: server.identifier,
    internal_id: 1,
    uuid: server.uuid,
    name: server.name,
    node: 'Fake Node',
    is_node_under_maintenance: false,
    sftp_details: { ip: '127.0.0.1', port: 2022 },
    description: server.description,
    limits: { memory: server.limits.memory, swap: 0, disk: server.limits.disk, io: 500, cpu: server.limits.cpu, threads: null, oom_disabled: true },
    invocation: 'java -jar server.jar',
    docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
    egg_features: ['eula', 'java_version'],
    feature_limits: { databases: 0, allocations: 1, backups: server.backupLimit },
    status: server.status ?? (server.suspended ? 'suspended' : server.installing ? 'installing' : null),
    is_suspended: server.suspended,
    is_installing: server.installing,
    is_transferring: server.transferring,
    relationships: {
      allocations: {
        object: 'list',
        data: server.allocation ? [{ object: 'allocation', attributes: { id: 1, ...server.allocation, notes: null, is_default: true } }] : [],
      },
      variables: { object: 'list', data: [] },
    },
  };
}

export function createPanelServer(options: {
  panelUrl: () => string;
  wingsUrl: () => string;
  game: FakeGameServers;
  tokens: FakeTokens;
  behaviour: FakePanelBehaviour;
  requests: RecordedRequest[];
  accounts: FakePanelAccounts;
}): http.Server {
  const { game, tokens, behaviour, requests } = options;
  const perKey = new MinuteWindow();
  const perServerTokens = new MinuteWindow();

  function authenticate(req: http.IncomingMessage): FakeKey {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const key = match && game.keys.find((k) => k.key === match[1]);
    if (!key) throw new PanelAnswer(401, 'AuthenticationException', 'Unauthenticated.');
    if (key.type !== 'client') {
      throw new PanelAnswer(
        403,
        'AccessDeniedHttpException',
        'You are attempting to use an application API key on an endpoint that requires a client API key.',
      );
    }
    return key;
  }

  function serverFor(key: FakeKey, id: string, route: string): FakeServer {
    const server = game.find(id);
    if (!server || (key.servers !== '*' && !key.servers.includes(server.identifier))) throw notFound();
    // Every route but "view server" refuses a server that is not in a normal state.
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

  function throttled(seconds: number): PanelAnswer {
    return new PanelAnswer(429, 'TooManyRequestsHttpException', 'Too Many Attempts.', {
      headers: { 'Retry-After': String(seconds), 'X-RateLimit-Limit': String(behaviour.requestsPerMinute || 720), 'X-RateLimit-Remaining': '0' },
    });
  }

  function parseJson(body: string): Record<string, unknown> {
    try {
      const value = JSON.parse(body || '{}') as unknown;
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  function handle(req: http.IncomingMessage, body: string): FakeAnswer {
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
    const key = authenticate(req);
    if (behaviour.throttle.remaining > 0) {
      behaviour.throttle.remaining -= 1;
      throw throttled(behaviour.throttle.retryAfterSeconds);
    }
    const wait = perKey.hit(key.key, behaviour.requestsPerMinute);
    if (wait > 0) throw throttled(wait);

    if (method === 'GET' && url.pathname === '/api/client') {
      const data = [...game.servers.values()]
        .filter((s) => key.servers === '*' || key.servers.includes(s.identifier))
        .map((s) => ({ object: 'server', attributes: serverAttributes(s) }));
      return {
        status: 200,
        body: {
          object: 'list',
          data,
          meta: { pagination: { total: data.length, count: data.length, per_page: 50, current_page: 1, total_pages: 1, links: {} } },
        },
      };
    }
    const extended = /^\/api\/client\/servers\/([^/]+)(\/(?:files|backups)(?:\/.*)?)$/.exec(url.pathname);
    if (extended) {
      const server = serverFor(key, extended[1]!, 'files');
      if (behaviour.remoteDownloads && method === 'POST' && extended[2] === '/files/pull') return { status: 202, later: handlePull(key, server, body) };
      const context = { game, tokens, wingsUrl: options.wingsUrl, backupThrottle: behaviour.backupThrottle };
      return handleServerFiles(context, key, server, method, extended[2]!, url, body);
    }
    const scheduled = /^\/api\/client\/servers\/([^/]+)(\/schedules(?:\/.*)?)$/.exec(url.pathname);
    if (scheduled) return handleServerSchedules(game, key, serverFor(key, scheduled[1]!, 'schedules'), method, scheduled[2]!, body);
    const startup = /^\/api\/client\/servers\/([^/]+)(\/startup(?:\/variable)?|\/settings\/reinstall)$/.exec(url.pathname);
    if (startup) return handleServerStartup(game, key, serverFor(key, startup[1]!, 'startup'), method, startup[2]!, body);
    const users = /^\/api\/client\/servers\/([^/]+)\/users(\/.*)?$/.exec(url.pathname);
    if (users) return handleSubusers(options.accounts, serverFor(key, users[1]!, 'users'), method, users[2] ?? '', parseJson(body));
    const match = /^\/api\/client\/servers\/([^/]+)(\/[a-z]+)?$/.exec(url.pathname);
    if (!match) throw notFound();
    const [, id = '', sub = ''] = match;
    const route = `${method} ${sub}`;
    switch (route) {
      case 'GET ': {
        const server = serverFor(key, id, 'view');
        const permissions = key.permissions ?? ['*'];
        return {
          status: 200,
          body: { object: 'server', attributes: serverAttributes(server), meta: { is_server_owner: permissions.includes('*'), user_permissions: permissions } },
        };
      }
      case 'GET /resources': {
        const server = serverFor(key, id, 'resources');
        if (server.wingsDown) throw daemonDown();
        const on = server.state !== 'offline';
        return {
          status: 200,
          body: {
            object: 'stats',
            attributes: {
              current_state: server.state,
              is_suspended: server.suspended,
              resources: {
                memory_bytes: on ? server.resources.memory_bytes : 0,
                cpu_absolute: on ? server.resources.cpu_absolute : 0,
                disk_bytes: server.resources.disk_bytes,
                network_rx_bytes: on ? 1024 : 0,
                network_tx_bytes: on ? 2048 : 0,
                uptime: on ? Date.now() - server.startedAt : 0,
              },
            },
          },
        };
      }
      case 'POST /power': {
        const server = serverFor(key, id, 'power');
        const signal = parseJson(body).signal;
        if (signal !== 'start' && signal !== 'stop' && signal !== 'restart' && signal !== 'kill') {
          throw new PanelAnswer(422, 'in', 'The selected signal is invalid.', { meta: { source_field: 'signal', rule: 'in' } });
        }
        if (server.wingsDown) throw daemonDown();
        game.power(server, signal);
        return { status: 204 };
      }
      case 'POST /command': {
        const server = serverFor(key, id, 'command');
        const command = parseJson(body).command;
        if (typeof command !== 'string' || command.trim() === '') {
          throw new PanelAnswer(422, 'required', 'The command field is required.', { meta: { source_field: 'command', rule: 'required' } });
        }
        if (server.wingsDown) throw daemonDown();
        if (server.state === 'offline') throw new PanelAnswer(502, 'HttpException', 'Server must be online in order to send commands.');
        game.command(server, command);
        return { status: 204 };
      }
      case 'GET /websocket': {
        const server = serverFor(key, id, 'websocket');
        const tokenWait = perServerTokens.hit(server.uuid, behaviour.websocketTokensPerMinute);
        if (tokenWait > 0) throw throttled(tokenWait);
        const token = tokens.sign({
          server_uuid: server.uuid,
          user_uuid: key.userUuid,
          permissions: ['*'],
          exp: (Date.now() + behaviour.tokenTtlMs) / 1000,
        });
        const socket = `${options.wingsUrl().replace(/^http/, 'ws')}/api/servers/${server.uuid}/ws`;
        return { status: 200, body: { data: { token, socket } } };
      }
      default:
        throw notFound();
    }
  }

  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, at: Date.now() });
      if (requests.length > 10_000) requests.splice(0, requests.length - 5_000);
      let answer: FakeAnswer;
      try {
        answer = handle(req, body);
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
