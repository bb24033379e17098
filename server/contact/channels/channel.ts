import type { ContactMessage } from '../contact-repository.ts';
import type { ContactChannelName } from '../contact-tables.ts';

/** What one delivery attempt came to. */
export type ChannelResult =
  | { ok: true; statusCode: number | null }
  | {
      ok: false;
      statusCode: number | null;
      /** For operators: what went wrong, without secrets (no webhook address). */
      error: string;
      /** The channel asked us to wait this long (a 429 with retry_after); the channel pauses. */
      retryAfterMs?: number;
    };

/** A place contact messages are delivered to. */
export interface ContactChannel {
  readonly name: ContactChannelName;
  /** Sends one message; never throws (failures are results). Gives up after `timeoutMs`. */
  send(message: ContactMessage, timeoutMs: number): Promise<ChannelResult>;
  close?(): Promise<void>;
}

/** An error's message with its cause (fetch hides the useful part there: ECONNREFUSED…). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const causeText = cause instanceof Error ? ((cause as { code?: string }).code ?? cause.message) : undefined;
  return causeText && !error.message.includes(causeText) ? `${error.message} (${causeText})` : error.message;
}
