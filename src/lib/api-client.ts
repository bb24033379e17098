/**
 * The browser's one way to call the API: JSON in, JSON out, and every refusal as an ApiError
 * carrying the envelope of contracts/http-error.ts (status, code, message, per-field messages).
 */
import type { ErrorBody } from '../../contracts/http-error.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  /** Seconds the server asked us to wait (Retry-After), when it said. */
  readonly retryAfter: number | undefined;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }
}

/** The sentence to show for a failed call: the server's message, or a general one for anything else. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls `path` on this site. A 204 resolves to undefined; any other success to the parsed JSON
 * body; a failure (or a network error) throws ApiError, with `fallback` as the message when
 * the answer carried none.
 */
export async function apiFetch<T>(method: Method, path: string, options: { body?: unknown; signal?: AbortSignal; fallback?: string } = {}): Promise<T> {
  const { body, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', options.fallback ?? 'Could not reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => undefined)) as (T & Partial<ErrorBody>) | undefined;
  if (!response.ok) {
    const retry = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      data?.error?.code ?? 'error',
      data?.error?.message ?? options.fallback ?? `The server answered ${response.status}.`,
      data?.error?.fields,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  }
  return data as T;
}
