import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { describeError, type ChannelResult } from './channel.ts';

/**
 * Where a webhook is posted: the URL and, when it was judged against an address policy, the one
 * address the connection must go to (server/subscriptions/webhook-target.ts).
 */
export interface WebhookDestination {
  url: URL;
  pinned?: { address: string; family: 4 | 6 };
}

/** How long to wait, from a 429's JSON body (retry_after, seconds) or its Retry-After header. */
export function retryAfterMs(body: unknown, headers: Headers, now = Date.now()): number | undefined {
  const seconds = (body as { retry_after?: unknown } | null)?.retry_after;
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  for (const name of ['retry-after', 'x-ratelimit-reset-after']) {
    const value = headers.get(name);
    if (!value) continue;
    const asNumber = Number(value);
    if (Number.isFinite(asNumber) && asNumber >= 0) return Math.ceil(asNumber * 1000);
    const date = Date.parse(value);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return undefined;
}

/** The most of an answer's body read (for the error excerpt and Discord's retry_after). */
const maxAnswerBytes = 64 * 1024;

/**
 * A lookup that answers with the judged address whatever the name: the connection goes to
 * exactly the address the policy accepted (TLS still checks the certificate against the name).
 */
function pinnedLookup(pinned: NonNullable<WebhookDestination['pinned']>): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

/**
 * POSTs JSON (or a text, for ntfy) to a webhook, for every outbox that posts to one. Any 2xx is delivered; a 429 asks
 * to wait (Discord's retry_after or Retry-After); the `finalStatuses` (for a subscriber's own
 * webhook: 404 and 410, it was deleted) are final; redirects are not followed (a redirect could
 * lead where the address policy would refuse). Never throws.
 */
export function postWebhook(
  target: WebhookDestination,
  body: unknown,
  options: {
    timeoutMs: number;
    userAgent: string;
    headers?: Record<string, string>;
    finalStatuses?: readonly number[];
    /** Post `body` (a string) as it is, with this type, instead of as JSON (ntfy takes the message as text). */
    contentType?: string;
  },
): Promise<ChannelResult> {
  const payload = Buffer.from(options.contentType !== undefined && typeof body === 'string' ? body : JSON.stringify(body));
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise<ChannelResult>((resolve) => {
    let settled = false;
    const finish = (result: ChannelResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = transport.request(
      target.url,
      {
        method: 'POST',
        agent: false,
        ...(target.pinned ? { lookup: pinnedLookup(target.pinned) } : {}),
        headers: {
          'content-type': options.contentType ?? 'application/json',
          'content-length': String(payload.length),
          'user-agent': options.userAgent,
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < maxAnswerBytes) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('error', (error) => finish({ ok: false, statusCode: response.statusCode ?? null, error: describeError(error) }));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return finish({ ok: true, statusCode: status });
          const text = Buffer.concat(chunks).toString('utf8').slice(0, maxAnswerBytes);
          const excerpt = text.replace(/\s+/g, ' ').trim().slice(0, 200);
          const error = `HTTP ${status}${excerpt ? `: ${excerpt}` : ''}`;
          if (status === 429) {
            let parsed: unknown = null;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: the headers may say
            }
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers.set(name, value);
            return finish({ ok: false, statusCode: 429, error, retryAfterMs: retryAfterMs(parsed, headers) ?? 1000 });
          }
          finish({ ok: false, statusCode: status, error, ...(options.finalStatuses?.includes(status) ? { final: true } : {}) });
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, statusCode: null, error: `no answer within ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    request.on('error', (error) => finish({ ok: false, statusCode: null, error: describeError(error) }));
    request.end(payload);
  });
}
