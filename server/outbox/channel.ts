/** What one delivery attempt came to: the answer every outbox channel gives the worker. */
export type ChannelResult =
  | { ok: true; statusCode: number | null }
  | {
      ok: false;
      statusCode: number | null;
      /** For operators: what went wrong, without secrets (no webhook address). */
      error: string;
      /** The channel asked us to wait this long (a 429 with retry_after). */
      retryAfterMs?: number;
      /** Trying again cannot help (the webhook was deleted, the mailbox does not exist): the delivery is marked failed now. */
      final?: boolean;
    };

/**
 * A place a queue's jobs are delivered to: the one channel interface of every outbox (contact
 * messages, status notifications). `send` never throws: failures are results.
 */
export interface OutboxChannel<Job> {
  readonly name: string;
  /** Sends one job; gives up after `timeoutMs`. */
  send(job: Job, timeoutMs: number): Promise<ChannelResult>;
  close?(): Promise<void>;
}

/** An error's message with its cause (fetch hides the useful part there: ECONNREFUSED…). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const causeText = cause instanceof Error ? ((cause as { code?: string }).code ?? cause.message) : undefined;
  return causeText && !error.message.includes(causeText) ? `${error.message} (${causeText})` : error.message;
}
