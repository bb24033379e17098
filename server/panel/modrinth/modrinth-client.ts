import { createHash } from 'node:crypto';
import { HttpError } from '../../lib/http-error.ts';

/**
 * Modrinth's API v2 (docs/modrinth.md), called from the server only: a User-Agent naming the
 * product as Modrinth asks, its rate limit respected (docs/decisions.md 107). Answers are read
 * as `unknown` and checked by modrinth-shapes.ts.
 */

export interface ModrinthClientOptions {
  /** MODRINTH_API_URL without a trailing slash. */
  apiUrl: string;
  userAgent: string;
  timeoutMs?: number;
  now?: () => number;
}

/** The largest file installed (the file manager's upload limit). */
export const maxModBytes = 100 * 1024 * 1024;

const slowDown = (seconds: number) =>
  new HttpError(429, 'modrinth_rate_limited', `Modrinth asks us to slow down. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, {
    headers: { 'retry-after': String(seconds) },
  });

const unavailable = (why: string) =>
  new HttpError(503, 'modrinth_unavailable', `Modrinth is not answering right now (${why}). Please try again in a minute; nothing was changed.`, {
    headers: { 'retry-after': '60' },
  });

/** Seconds from a header (X-Ratelimit-Reset or Retry-After), or undefined. */
function seconds(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export class ModrinthClient {
  readonly #apiUrl: string;
  readonly #userAgent: string;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  /** Until when Modrinth said the window is used up (epoch ms): calls before then are refused here, not sent. */
  #blockedUntil = 0;

  constructor(options: ModrinthClientOptions) {
    this.#apiUrl = options.apiUrl;
    this.#userAgent = options.userAgent;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** Origins a file may be fetched from: the API's own, and Modrinth's CDN over HTTPS. */
  fileAllowed(url: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.username || parsed.password) return false;
    return parsed.origin === new URL(this.#apiUrl).origin || (parsed.protocol === 'https:' && parsed.hostname === 'cdn.modrinth.com');
  }

  #checkWindow(): void {
    const wait = Math.ceil((this.#blockedUntil - this.#now()) / 1000);
    if (wait > 0) throw slowDown(wait);
  }

  /** Reads X-Ratelimit-Remaining and -Reset: when none remain, later calls wait for the reset. */
  #noteLimits(headers: Headers): void {
    const remaining = seconds(headers.get('x-ratelimit-remaining'));
    const reset = seconds(headers.get('x-ratelimit-reset'));
    if (remaining === 0 && reset !== undefined) this.#blockedUntil = this.#now() + reset * 1000;
  }

  async #fetch(url: string, init: RequestInit = {}): Promise<Response> {
    this.#checkWindow();
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        redirect: 'error',
        headers: { 'User-Agent': this.#userAgent, Accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw unavailable((error as Error).name === 'TimeoutError' ? 'it took too long' : 'it could not be reached');
    }
    this.#noteLimits(response.headers);
    if (response.status === 429) {
      const wait = seconds(response.headers.get('x-ratelimit-reset')) ?? seconds(response.headers.get('retry-after')) ?? 60;
      this.#blockedUntil = this.#now() + wait * 1000;
      await response.body?.cancel();
      throw slowDown(Math.max(wait, 1));
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw unavailable(`it answered ${response.status}`);
    }
    return response;
  }

  /** GET or POST a JSON path; undefined for 404 (an unknown project or version). */
  async json(path: string, body?: unknown): Promise<unknown> {
    const response = await this.#fetch(
      `${this.#apiUrl}${path}`,
      body === undefined ? {} : { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } },
    );
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new HttpError(502, 'modrinth_refused', `Modrinth refused the request (${response.status}).`);
    }
    try {
      return await response.json();
    } catch {
      throw unavailable('its answer was not JSON');
    }
  }

  /**
   * A file's bytes and their SHA-512 (hex), at most maxModBytes; the URL must be Modrinth's
   * (fileAllowed). The caller compares the hash with the one Modrinth published.
   */
  async download(url: string): Promise<{ bytes: Buffer; sha512: string }> {
    if (!this.fileAllowed(url)) throw new HttpError(502, 'modrinth_bad_answer', 'Modrinth gave a download address outside Modrinth; nothing was installed.');
    const response = await this.#fetch(url, { headers: { Accept: '*/*' } });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new HttpError(502, 'modrinth_refused', `Modrinth's file could not be downloaded (${response.status}); nothing was installed.`);
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxModBytes) {
      await response.body.cancel();
      throw new HttpError(413, 'too_large', 'That file is larger than 100 MiB; nothing was installed.');
    }
    const hash = createHash('sha512');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxModBytes) throw new HttpError(413, 'too_large', 'That file is larger than 100 MiB; nothing was installed.');
      hash.update(chunk);
      chunks.push(Buffer.from(chunk));
    }
    return { bytes: Buffer.concat(chunks), sha512: hash.digest('hex') };
  }

  /**
   * A project's icon for the page (whose CSP keeps images to this site): Modrinth's address only,
   * a raster image (never SVG, which could carry script), at most 256 KiB.
   */
  async icon(url: string): Promise<{ bytes: Buffer; type: string }> {
    const notAnIcon = () => new HttpError(404, 'not_found', 'There is no such icon.');
    if (!this.fileAllowed(url)) throw notAnIcon();
    const response = await this.#fetch(url, { headers: { Accept: 'image/*' } });
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!response.ok || !/^image\/(png|jpeg|gif|webp|avif)$/.test(type)) {
      await response.body?.cancel();
      throw notAnIcon();
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > 256 * 1024) throw notAnIcon();
    return { bytes, type };
  }
}
