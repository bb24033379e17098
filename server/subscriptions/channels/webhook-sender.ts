import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { describeError, type ChannelResult } from '../../outbox/channel-result.ts';
import { retryAfterMs } from '../../contact/channels/discord-webhook.ts';
import type { WebhookTarget } from '../webhook-target.ts';

/** The most of an answer's body read (for the error excerpt and Discord's retry_after). */
const maxAnswerBytes = 64 * 1024;

/**
 * A lookup that answers with the judged address whatever the name: the connection goes to
 * exactly the address the policy accepted (TLS still checks the certificate against the name).
 */
function pinnedLookup(target: WebhookTarget): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

/**
 * POSTs JSON to a judged webhook target. Any 2xx is delivered; a 429 asks to wait (Discord's
 * retry_after or Retry-After); 404 and 410 (the webhook was deleted) are final; redirects are
 * not followed (a redirect could lead where the policy would refuse). Never throws.
 */
export function postWebhook(
  target: WebhookTarget,
  body: unknown,
  options: { timeoutMs: number; userAgent: string; headers?: Record<string, string> },
): Promise<ChannelResult> {
  const payload = Buffer.from(JSON.stringify(body));
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
        lookup: pinnedLookup(target),
        headers: {
          'content-type': 'application/json',
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
          finish({ ok: false, statusCode: status, error, ...(status === 404 || status === 410 ? { final: true } : {}) });
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
