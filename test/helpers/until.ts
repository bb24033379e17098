/** How a wait for a condition runs. */
export interface WaitOptions {
  /** How long to wait before failing (default 5 s). */
  timeoutMs?: number;
  /** How often the condition is read again (default 50 ms): the only pause a test waiting on a condition takes. */
  everyMs?: number;
  /** What to print beside the failure (e.g. the console lines so far), read when it fails. */
  context?: () => string;
}

function optionsOf(options: number | WaitOptions): Required<Omit<WaitOptions, 'context'>> & Pick<WaitOptions, 'context'> {
  const { timeoutMs = 5000, everyMs = 50, context } = typeof options === 'number' ? { timeoutMs: options } : options;
  return { timeoutMs, everyMs, context };
}

async function poll<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, what: string, options: number | WaitOptions, showLast: boolean): Promise<T> {
  const { timeoutMs, everyMs, context } = optionsOf(options);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${showLast ? `: ${JSON.stringify(value)}` : ''}${context ? `\n${context()}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Reads until `ok` holds and returns what it read, or fails after the timeout saying what it
 * waited for and what it last read. `options` is the timeout in milliseconds or a WaitOptions.
 */
export function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, what: string, options: number | WaitOptions = {}): Promise<T> {
  return poll(read, ok, what, options, true);
}

/** Waits until `check` holds, or fails after the timeout saying what it waited for (and the context, if given). */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, options: number | WaitOptions = {}): Promise<void> {
  await poll(check, (done) => done, what, options, false);
}
