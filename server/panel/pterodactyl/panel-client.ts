import type { IncomingHttpHeaders } from 'node:http';
import type { HttpError } from '../../lib/http-error.ts';
import { invalidCredentials, panelBadAnswer, panelError, panelUnreachable, rateLimited, retryAfterSeconds } from './panel-errors.ts';
import { createUpstreamClient, UpstreamFailure, type UpstreamAnswer } from './upstream-http.ts';

/** What the driver needs of a logger; a Fastify / pino logger fits. */
export interface DriverLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export const silentLog: DriverLog = { debug() {}, info() {}, warn() {} };

export interface PanelClientOptions {
  /** The panel's base URL without a trailing slash. */
  panelUrl: string;
  timeoutMs: number;
  /** A 429 whose Retry-After is at most this long is waited out and retried once. */
  maxRetryWaitSeconds: number;
  log: DriverLog;
}

export type PanelMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a call may refine: a raw body, a size cap on the answer, its own reading of errors. */
export interface PanelCallOptions {
  /** Sent as is with this Content-Type, instead of `body` as JSON. */
  raw?: { text: string; contentType: string };
  /** The answer's largest size; a longer one fails with HttpError 413 from `tooLarge`. */
  maxBytes?: number;
  tooLarge?: () => HttpError;
  /**
   * A non-2xx answer read by the caller first (files and backups know what the panel's words
   * mean there); undefined falls back to the usual mapping, 429 included.
   */
  mapError?: (status: number, body: unknown, headers: IncomingHttpHeaders) => HttpError | undefined;
}

export interface PanelClient {
  /** Calls the client API as the key's owner; resolves to the parsed JSON body (undefined for 204). */
  request(key: string, method: PanelMethod, path: string, body?: unknown, options?: PanelCallOptions): Promise<unknown>;
  /** The same, resolving to the answer's bytes (file contents). */
  requestBytes(key: string, method: PanelMethod, path: string, options?: PanelCallOptions): Promise<Buffer>;
  /** Closes the kept-alive connections to the panel. */
  close(): void;
}

/** Printable ASCII without spaces: anything else cannot be a panel key and must not reach a header. */
const keyPattern = /^[\x21-\x7e]{1,512}$/;
/** The 8-character identifier or the UUID: letters, digits and dashes only, so it cannot leave its path segment. */
const serverIdPattern = /^[A-Za-z0-9-]{1,64}$/;

/** The client API path of one server, or a 401 (the same as a wrong key) for an id that cannot exist. */
export function serverPath(serverId: string, key: string, rest = ''): string {
  if (!serverIdPattern.test(serverId) || !keyPattern.test(key)) throw invalidCredentials();
  return `/api/client/servers/${encodeURIComponent(serverId)}${rest}`;
}

/**
 * The panel's client API over HTTP: the customer's key as Bearer, `Accept: application/json`,
 * and nothing a browser would add (no Origin, Referer or cookie, which the panel would take for
 * its own frontend and answer with a CSRF error). Each attempt has its own timeout.
 */
export function createPanelClient(options: PanelClientOptions): PanelClient {
  const { panelUrl, timeoutMs, maxRetryWaitSeconds, log } = options;

  const upstream = createUpstreamClient();

  async function attempt(key: string, method: PanelMethod, path: string, body: unknown, options: PanelCallOptions): Promise<UpstreamAnswer> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${key}`,
      Accept: 'application/json',
      'User-Agent': 'Hostfront-Panel/1',
    };
    let text: string | undefined;
    if (options.raw) {
      headers['Content-Type'] = options.raw.contentType;
      text = options.raw.text;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      text = JSON.stringify(body);
    }
    try {
      return await upstream.call(`${panelUrl}${path}`, { method, headers, body: text, timeoutMs, maxBytes: options.maxBytes });
    } catch (error) {
      if (error instanceof UpstreamFailure && error.reason === 'too_large' && options.tooLarge) throw options.tooLarge();
      const timeout = error instanceof UpstreamFailure && error.reason === 'timeout';
      log.warn({ method, path, err: error }, timeout ? 'panel call timed out' : 'panel unreachable');
      throw panelUnreachable(timeout ? 'timeout' : 'network');
    }
  }

  function parse(text: string, method: string, path: string, status: number): unknown {
    if (text === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      log.warn({ method, path, status }, 'panel answered with something other than JSON');
      return undefined;
    }
  }

  /** One call with the 429 retry; resolves to a 2xx answer, or throws the mapped error. */
  async function call(key: string, method: PanelMethod, path: string, body: unknown, options: PanelCallOptions): Promise<UpstreamAnswer> {
    for (let tries = 1; ; tries++) {
      const answer = await attempt(key, method, path, body, options);
      const { status, headers, text } = answer;
      if (status >= 200 && status < 300) return answer;
      if (options.mapError) {
        const mapped = options.mapError(status, parse(text, method, path, status), headers);
        if (mapped) throw mapped;
      }
      if (status === 429) {
        const wait = retryAfterSeconds(headers['retry-after']);
        if (tries === 1 && wait !== undefined && wait <= maxRetryWaitSeconds) {
          log.info({ method, path, wait }, 'panel rate limit: waiting once before retrying');
          await new Promise((resolve) => setTimeout(resolve, wait * 1000));
          continue;
        }
        log.warn({ method, path, wait }, 'panel rate limit reached');
        throw rateLimited(wait ?? 60);
      }
      const error: HttpError = panelError(status, parse(text, method, path, status), key);
      if (status >= 500 || (status >= 300 && status < 400) || status === 419) {
        // 3xx: the panel wants a browser (Accept ignored, wrong PANEL_URL); 419: it took us for its own frontend.
        log.warn({ method, path, status, code: error.code }, 'panel answered with an error');
      }
      throw error;
    }
  }

  return {
    async requestBytes(key, method, path, options = {}) {
      return (await call(key, method, path, undefined, options)).bytes;
    },
    async request(key, method, path, body, options = {}) {
      const { status, text } = await call(key, method, path, body, options);
      if (status === 204 || text === '') return undefined;
      const json = parse(text, method, path, status);
      if (json === undefined) throw panelBadAnswer();
      return json;
    },
    close() {
      upstream.close();
    },
  };
}
