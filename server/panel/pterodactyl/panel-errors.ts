import { HttpError } from '../../lib/http-error.ts';

/**
 * The panel's answers turned into errors a customer can act on. The panel's own words are
 * used only where they are meant for people (validation details); everything else gets our
 * message, and 5xx messages never name hosts, paths or keys.
 */

/** One message for a wrong key and an unknown (or someone else's) server: callers must not tell them apart. */
export function invalidCredentials(): HttpError {
  return new HttpError(401, 'invalid_credentials', 'The server ID or access key is not correct.');
}

export function wrongKeyType(): HttpError {
  return new HttpError(401, 'wrong_key_type', 'This is an application API key. Use a client API key from the panel (Account → API Credentials).');
}

export function serverOffline(): HttpError {
  return new HttpError(502, 'server_offline', 'The server must be online to receive commands. Start it first.');
}

export function panelUnreachable(reason: 'timeout' | 'network'): HttpError {
  return reason === 'timeout'
    ? new HttpError(504, 'panel_timeout', 'The game panel did not answer in time. Try again in a moment.')
    : new HttpError(504, 'panel_unreachable', 'The game panel cannot be reached right now. Try again in a moment.');
}

export function panelBadAnswer(): HttpError {
  return new HttpError(502, 'panel_error', 'The game panel answered with an error. Try again in a moment.');
}

export function consoleUnreachable(): HttpError {
  return new HttpError(504, 'console_unreachable', "The server's console cannot be reached right now. Try again in a moment.");
}

export function consoleRefused(): HttpError {
  return new HttpError(502, 'console_refused', "The server's node refused the console connection.");
}

/** 429 for the caller, with the seconds to wait (at least 1). */
export function rateLimited(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, 'rate_limited', `The game panel is receiving too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

/** A `Retry-After` value as seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

interface PanelErrorItem {
  code?: unknown;
  status?: unknown;
  detail?: unknown;
  meta?: { source_field?: unknown; rule?: unknown };
}

/** The first entry of `{"errors":[{code,status,detail,meta?}]}`, or nothing when the body is not that. */
function errorItems(body: unknown): PanelErrorItem[] {
  if (typeof body !== 'object' || body === null) return [];
  const errors = (body as { errors?: unknown }).errors;
  return Array.isArray(errors) ? errors.filter((e): e is PanelErrorItem => typeof e === 'object' && e !== null) : [];
}

function detailOf(item: PanelErrorItem | undefined): string {
  return typeof item?.detail === 'string' ? item.detail : '';
}

/** 409: which of the panel's state conflicts this is, from its exception message. */
function stateConflict(detail: string): HttpError {
  const text = detail.toLowerCase();
  if (text.includes('suspended')) return new HttpError(409, 'server_suspended', 'This server is suspended. Contact support.');
  if (text.includes('install')) {
    return new HttpError(409, 'server_installing', 'This server is still being installed. Try again in a few minutes.');
  }
  if (text.includes('transfer')) {
    return new HttpError(409, 'server_transferring', 'This server is being moved to another node. Try again in a few minutes.');
  }
  if (text.includes('backup') || text.includes('restor')) {
    return new HttpError(409, 'server_restoring', 'This server is being restored from a backup. Try again in a few minutes.');
  }
  if (text.includes('maintenance')) {
    return new HttpError(409, 'node_maintenance', "This server's node is under maintenance. Try again later.");
  }
  return new HttpError(409, 'server_unavailable', 'This server cannot do that right now. Try again in a few minutes.');
}

/**
 * Maps a non-2xx, non-429 panel answer. `key` only decides whether a 403 is the wrong kind of key
 * (an application key on the client API); it is never put into a message.
 */
export function panelError(status: number, body: unknown, key: string): HttpError {
  const items = errorItems(body);
  const first = items[0];
  const detail = detailOf(first);
  switch (status) {
    case 401:
    case 404:
      return invalidCredentials();
    case 403:
      if (/^(ptla|papp)_/.test(key) || /application api key/i.test(detail)) return wrongKeyType();
      return new HttpError(
        403,
        'forbidden',
        'The panel refused this key for that action: the key lacks the permission, or your IP address is not allowed to use it.',
      );
    case 409:
      return stateConflict(detail);
    case 400:
    case 422: {
      const fields: Record<string, string> = {};
      for (const item of items) {
        const field = item.meta?.source_field;
        if (typeof field === 'string' && !fields[field]) fields[field] = detailOf(item) || 'is invalid';
      }
      const message = detail || 'The panel did not accept this request.';
      return new HttpError(status, 'invalid', message, Object.keys(fields).length > 0 ? { fields } : {});
    }
    case 502:
      // The daemon answered 502: for a command that means the server is not running.
      return /must be online|not running|offline/i.test(detail) ? serverOffline() : panelBadAnswer();
    case 504:
      return new HttpError(504, 'node_unreachable', "The server's node cannot be reached right now. Try again in a moment.");
    default:
      return panelBadAnswer();
  }
}
