// What the benches do with the server processes they start: wait until one answers, stop it, and
// wait for a message from a worker process.
import type { ChildProcess } from 'node:child_process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` until it answers 200; throws when the process exits first or after `timeoutMs`. */
export async function waitUntilAnswering(child: ChildProcess, url: string, timeoutMs: number, pollMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start (${child.exitCode})`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
    }
    await sleep(pollMs);
  }
}

/** SIGTERM (a graceful stop), SIGKILL after `graceMs`; resolves once the process has exited. */
export function stopper(child: ChildProcess, graceMs = 25_000): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
}

/** The next message of `type` from a worker process. */
export function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string }) => {
      if (message.type === type) {
        child.off('message', onMessage);
        resolve(message as T);
      }
    };
    child.on('message', onMessage);
  });
}
