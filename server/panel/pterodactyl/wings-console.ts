import WebSocket from 'ws';
import { HttpError } from '../../lib/http-error.ts';
import type { ConsoleEvent, PowerState, ServerResources } from '../driver.ts';
import { capLine } from '../local/console-text.ts';
import { consoleHistoryLines } from '../line-buffer.ts';
import type { DriverLog } from './panel-client.ts';
import { consoleRefused, consoleUnreachable, serverOffline } from './panel-errors.ts';
import { mapWingsStats, powerState, type Limits } from './panel-mapping.ts';

export interface WingsConsoleOptions {
  /** Sent as `Origin`, exactly: Wings refuses the upgrade (403) for any other origin. */
  panelUrl: string;
  /** Limit for the upgrade and for `auth success` after it. */
  timeoutMs: number;
  log: DriverLog;
  /** `GET /websocket`: a fresh token (and the socket address) from the panel. */
  fetchCredentials(): Promise<{ token: string; socket: string }>;
  /** The server's limits, for stats frames (Wings does not send the CPU and disk limits). */
  limits(): Limits | undefined;
  /** The panel's command endpoint, used while the socket is not authenticated. */
  sendCommandOverHttp(command: string): Promise<void>;
  /** Called once when the console ends for good (last viewer gone, or a fatal error). */
  onEnd(): void;
  /** Longest wait between reconnect attempts. */
  maxBackoffMs?: number;
}

/** How many recent lines a viewer joining later is shown first (and the console log offers). */
const recentLinesKept = consoleHistoryLines;
const pingIntervalMs = 30_000;

/** Errors after which retrying cannot help: the key was revoked, or the server is suspended. */
function isFatal(error: unknown): error is HttpError {
  return error instanceof HttpError && [401, 403, 404, 409].includes(error.statusCode);
}

/**
 * One server's console through Wings, shared by every viewer of that server and key: one
 * socket and one token no matter how many browser tabs watch (Pelican allows 5 token requests
 * a minute per server). It connects with `Origin` set to the panel URL, authenticates, asks for
 * the recent lines and stats, renews the token on `token expiring` on the same socket, fetches
 * a new token after `jwt error` / `token expired`, and reconnects with a bounded backoff when
 * the socket closes. Viewers who join later get the recent lines, the state and the last stats first.
 */
export class WingsConsole {
  readonly ready: Promise<void>;
  readonly #options: WingsConsoleOptions;
  readonly #viewers = new Set<(event: ConsoleEvent) => void>();
  #lines: string[] = [];
  #state: PowerState | undefined;
  #stats: ServerResources | undefined;
  #ws: WebSocket | undefined;
  #authenticated = false;
  #ended = false;
  #logsRequested = false;
  #failures = 0;
  #jwtErrors = 0;
  #refreshing = false;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #pingTimer: NodeJS.Timeout | undefined;

  constructor(options: WingsConsoleOptions) {
    this.#options = options;
    this.ready = this.#connect();
    // Callers await ready; a failure there is theirs. This only keeps it from being unhandled.
    this.ready.catch(() => this.#end());
  }

  get viewerCount(): number {
    return this.#viewers.size;
  }

  /** Adds a viewer: the recent lines, the state and the last stats first, then live events. */
  subscribe(onEvent: (event: ConsoleEvent) => void): () => void {
    for (const text of this.#lines.slice(-recentLinesKept)) this.#deliver(onEvent, { type: 'line', text });
    if (this.#state) this.#deliver(onEvent, { type: 'state', state: this.#state });
    if (this.#stats) this.#deliver(onEvent, { type: 'stats', stats: this.#stats });
    this.#viewers.add(onEvent);
    return () => {
      this.#viewers.delete(onEvent);
      if (this.#viewers.size === 0) this.#end();
    };
  }

  /** The recent lines, oldest first. */
  recentLines(): string[] {
    return this.#lines.slice(-recentLinesKept);
  }

  /** Through the socket when it is authenticated; otherwise through the panel's command endpoint. */
  async send(command: string): Promise<void> {
    if (this.#state === 'offline') throw serverOffline();
    const ws = this.#ws;
    if (this.#authenticated && ws?.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ event: 'send command', args: [command] }));
      return;
    }
    await this.#options.sendCommandOverHttp(command);
  }

  /** Closes the socket and stops reconnecting. */
  close(): void {
    this.#end();
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    clearTimeout(this.#reconnectTimer);
    clearInterval(this.#pingTimer);
    this.#authenticated = false;
    const ws = this.#ws;
    this.#ws = undefined;
    if (ws && ws.readyState !== WebSocket.CLOSED) ws.close(1000);
    this.#options.onEnd();
  }

  /** Ends for good after a fatal error, telling the viewers why in the console itself. */
  #fail(error: HttpError): void {
    if (this.#ended) return;
    this.#options.log.warn({ code: error.code }, 'console stopped');
    this.#emit({ type: 'line', text: `[Panel] Console disconnected: ${error.message}` });
    this.#end();
  }

  #deliver(viewer: (event: ConsoleEvent) => void, event: ConsoleEvent): void {
    try {
      viewer(event);
    } catch (error) {
      this.#options.log.warn({ err: error }, 'console viewer failed');
    }
  }

  #emit(event: ConsoleEvent): void {
    for (const viewer of this.#viewers) this.#deliver(viewer, event);
  }

  #line(raw: string): void {
    // As long as the local driver allows (Wings frames may carry up to 4 MiB): what viewers get and what is kept.
    const text = capLine(raw);
    this.#lines.push(text);
    if (this.#lines.length > recentLinesKept * 2) this.#lines = this.#lines.slice(-recentLinesKept);
    this.#emit({ type: 'line', text });
  }

  #frame(ws: WebSocket, event: string, args: string[] = []): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ event, args }));
  }

  /** One connection: a token, the upgrade, `auth`; resolves on `auth success`. */
  async #connect(): Promise<void> {
    const { token, socket } = await this.#options.fetchCredentials();
    if (this.#ended) return;
    const { panelUrl, timeoutMs, log } = this.#options;
    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(socket, {
        origin: panelUrl,
        handshakeTimeout: timeoutMs,
        perMessageDeflate: false,
        maxPayload: 4 * 1024 * 1024,
      });
      this.#ws = ws;
      let settled = false;
      let up = false;
      const settle = (error?: HttpError): void => {
        if (settled) return;
        settled = true;
        up = !error;
        clearTimeout(authTimer);
        if (error) {
          ws.terminate();
          reject(error);
        } else {
          resolve();
        }
      };
      const authTimer = setTimeout(() => settle(consoleUnreachable()), timeoutMs);
      let alive = true;

      ws.on('unexpected-response', (_request, response) => {
        log.warn({ status: response.statusCode }, 'Wings refused the console upgrade');
        response.resume();
        settle(response.statusCode === 403 ? consoleRefused() : consoleUnreachable());
      });
      ws.on('open', () => {
        this.#frame(ws, 'auth', [token]);
        clearInterval(this.#pingTimer);
        this.#pingTimer = setInterval(() => {
          if (!alive) return ws.terminate();
          alive = false;
          ws.ping();
        }, pingIntervalMs);
        this.#pingTimer.unref();
      });
      ws.on('pong', () => (alive = true));
      ws.on('message', (data: WebSocket.RawData) => {
        alive = true;
        if (this.#ws !== ws) return;
        this.#onFrame(ws, data.toString(), () => settle());
      });
      ws.on('error', (error) => {
        log.debug({ err: error }, 'console socket error');
        settle(consoleUnreachable());
      });
      ws.on('close', () => {
        // Refused repeatedly before it ever authenticated: say so rather than "unreachable".
        settle(this.#jwtErrors > 2 ? consoleRefused() : consoleUnreachable());
        if (this.#ws !== ws) return;
        this.#authenticated = false;
        clearInterval(this.#pingTimer);
        // A socket that never authenticated has already failed its caller (first connect or a reconnect attempt).
        if (up && !this.#ended) this.#reconnectLater();
      });
    });
  }

  #onFrame(ws: WebSocket, text: string, authenticated: () => void): void {
    let event: unknown;
    let args: unknown[];
    try {
      const frame = JSON.parse(text) as { event?: unknown; args?: unknown };
      event = frame.event;
      args = Array.isArray(frame.args) ? frame.args : [];
    } catch {
      return;
    }
    const first = typeof args[0] === 'string' ? args[0] : '';
    switch (event) {
      case 'auth success':
        this.#authenticated = true;
        this.#jwtErrors = 0;
        this.#failures = 0;
        // Recent lines once per console: after a reconnect they would repeat what viewers saw.
        if (!this.#logsRequested) this.#frame(ws, 'send logs');
        this.#logsRequested = true;
        this.#frame(ws, 'send stats');
        authenticated();
        break;
      case 'status': {
        const state = powerState(first);
        if (state) {
          this.#state = state;
          this.#emit({ type: 'state', state });
        }
        break;
      }
      case 'console output':
      case 'install output':
        for (const arg of args) if (typeof arg === 'string') this.#line(arg);
        break;
      case 'daemon message':
      case 'daemon error':
        if (first) this.#line(`[Daemon] ${first}`);
        break;
      case 'stats': {
        const stats = mapWingsStats(first, this.#options.limits(), this.#state);
        if (stats) {
          this.#stats = stats;
          this.#emit({ type: 'stats', stats });
        }
        break;
      }
      case 'token expiring':
        void this.#renewToken(ws, false);
        break;
      case 'token expired':
      case 'jwt error':
        this.#authenticated = false;
        // Wings answers every frame sent without a valid token; one renewal covers them all.
        if (this.#refreshing) break;
        this.#jwtErrors += 1;
        // A fresh token on the same socket; if Wings keeps refusing it (it restarted), a new socket.
        if (this.#jwtErrors > 2) ws.terminate();
        else void this.#renewToken(ws, true);
        break;
      case 'throttled':
        // Pelican: we sent too many frames; it drops them until the window passes.
        this.#options.log.warn({ args }, 'Wings throttled the console socket');
        break;
      default:
        break;
    }
  }

  /** A new token from the panel, sent as `auth` on the same socket. */
  async #renewToken(ws: WebSocket, afterRefusal: boolean): Promise<void> {
    if (this.#refreshing) return;
    this.#refreshing = true;
    try {
      const { token } = await this.#options.fetchCredentials();
      this.#frame(ws, 'auth', [token]);
    } catch (error) {
      if (isFatal(error)) return this.#fail(error);
      this.#options.log.warn({ code: error instanceof HttpError ? error.code : undefined }, 'could not renew the console token');
      // Without a valid token this socket is useless; the reconnect backs off and tries again.
      if (afterRefusal) ws.terminate();
    } finally {
      this.#refreshing = false;
    }
  }

  #reconnectLater(): void {
    if (this.#ended || this.#reconnectTimer) return;
    const base = Math.min(this.#options.maxBackoffMs ?? 15_000, 250 * 2 ** this.#failures);
    const delay = base / 2 + Math.random() * (base / 2);
    this.#failures += 1;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      this.#connect().catch((error: unknown) => {
        if (isFatal(error)) return this.#fail(error);
        const wait = error instanceof HttpError ? Number(error.headers?.['Retry-After'] ?? 0) * 1000 : 0;
        this.#options.log.debug({ code: error instanceof HttpError ? error.code : undefined }, 'console reconnect failed');
        if (wait > 0) {
          this.#reconnectTimer = setTimeout(() => {
            this.#reconnectTimer = undefined;
            this.#reconnectLater();
          }, wait);
        } else {
          this.#reconnectLater();
        }
      });
    }, delay);
  }
}
