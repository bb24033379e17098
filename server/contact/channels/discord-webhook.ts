import type { ContactMessage } from '../contact-repository.ts';
import { describeError, type ChannelResult, type ContactChannel } from './channel.ts';
import { buildDiscordPayload } from './discord-payload.ts';

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

/** Asks Discord to answer once the message exists (200 with it), rather than 204 on receipt. */
function withWait(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('wait')) parsed.searchParams.set('wait', 'true');
  return parsed.href;
}

/** Delivers to a chat webhook in Discord's format. Any 2xx is delivered. */
export class DiscordWebhookChannel implements ContactChannel {
  readonly name = 'webhook' as const;
  readonly #url: string;
  readonly #siteName: string;

  constructor(url: string, siteName: string) {
    this.#url = withWait(url);
    this.#siteName = siteName;
  }

  async send(message: ContactMessage, timeoutMs: number): Promise<ChannelResult> {
    const payload = buildDiscordPayload(message, this.#siteName);
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.#url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `${this.#siteName}-contact-outbox` },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return { ok: false, statusCode: null, error: timedOut ? `no answer within ${timeoutMs} ms` : describeError(error) };
    }
    if (response.ok) return { ok: true, statusCode: response.status };
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON; the text goes in the error
    }
    const excerpt = text.replace(/\s+/g, ' ').trim().slice(0, 200);
    const error = `HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`;
    if (response.status === 429) {
      return { ok: false, statusCode: 429, error, retryAfterMs: retryAfterMs(body, response.headers) ?? 1000 };
    }
    return { ok: false, statusCode: response.status, error };
  }
}
