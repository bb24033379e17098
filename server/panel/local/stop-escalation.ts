/** Between SIGTERM and SIGKILL, at most. */
const termGraceMs = 10_000;

/**
 * A stop that is not obeyed: after the grace period the server's processes get SIGTERM, then
 * SIGKILL (after at most termGraceMs), each said in the console.
 */
export class StopEscalation {
  #timers: NodeJS.Timeout[] = [];

  arm(graceMs: number, say: (message: string) => void, signal: (signal: NodeJS.Signals) => void): void {
    this.#timers.push(
      setTimeout(() => {
        say(`Still running after ${Math.round(graceMs / 1000)} s: sending SIGTERM.`);
        signal('SIGTERM');
        this.#timers.push(
          setTimeout(
            () => {
              say('Still running: sending SIGKILL.');
              signal('SIGKILL');
            },
            Math.min(termGraceMs, graceMs),
          ),
        );
      }, graceMs),
    );
  }

  /** The process exited: nothing more to send. */
  clear(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers = [];
  }
}
