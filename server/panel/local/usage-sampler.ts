import type { ServerConfinement } from './confinement.ts';
import { cpuPercent, type UsageSample } from './proc-stats.ts';

const mib = 1024 * 1024;

/** What the sampler needs of its server. */
export interface UsageHost {
  serverId: string;
  confinement: ServerConfinement;
  /** limits.memory in MiB; 0 or less: no limit. */
  memoryLimitMiB: () => number;
  /** The running process's id, if any. */
  pid(): number | undefined;
  /** A process of this run is there. */
  alive(): boolean;
  /** Killed already (no second kill for memory). */
  killed(): boolean;
  /** Kills the server for its memory; `kernel`: the kernel already ended a process of it. */
  killForMemory(kernel: boolean): void;
  say(message: string): void;
  log: { warn(obj: object, msg: string): void };
  /** After each sample: push the figures to whoever watches. */
  sampled(): void;
}

/** CPU and memory of a local server's run, sampled every statsIntervalMs, and the memory limit enforced on them. */
export class UsageSampler {
  readonly #host: UsageHost;
  cpu = 0;
  memoryBytes = 0;
  #last: UsageSample | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** The sample being taken, if any. */
  sampling: Promise<void> | undefined;

  constructor(host: UsageHost) {
    this.#host = host;
  }

  /** A new run: figures from zero, a sample now and every intervalMs. */
  begin(intervalMs: number): void {
    this.#timer = setInterval(() => void this.sample(), intervalMs);
    this.#timer.unref();
    void this.sample();
  }

  /** The run ended: no more samples. */
  end(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  reset(): void {
    this.#last = undefined;
    this.cpu = 0;
    this.memoryBytes = 0;
  }

  sample(): Promise<void> {
    const work = this.#take().finally(() => {
      if (this.sampling === work) this.sampling = undefined;
    });
    this.sampling = work;
    return work;
  }

  async #take(): Promise<void> {
    const host = this.#host;
    const pid = host.pid();
    if (pid === undefined) return;
    let current: UsageSample;
    try {
      current = await host.confinement.sample(pid);
    } catch {
      return; // the cgroup went with the server meanwhile
    }
    if (host.pid() !== pid) return;
    if (this.#last) this.cpu = cpuPercent(this.#last, current);
    this.#last = current;
    this.memoryBytes = current.memoryBytes;
    await this.#enforceMemoryLimit();
    host.sampled();
  }

  /**
   * The memory limit. With a cgroup the kernel enforces it: a process it ended for memory ends the
   * whole server, which says why. Without one, this process enforces it on every sample
   * (statsIntervalMs), so a fast burst can exceed it for up to one interval (README, Security).
   */
  async #enforceMemoryLimit(): Promise<void> {
    const host = this.#host;
    if (host.killed() || !host.alive()) return;
    if (host.confinement.kernelEnforced) {
      if (!(await host.confinement.oomKilled()) || host.killed() || !host.alive()) return;
      host.killForMemory(true);
      return;
    }
    const limitMiB = host.memoryLimitMiB();
    if (limitMiB <= 0 || this.memoryBytes <= limitMiB * mib) return;
    host.say(`Memory limit exceeded: ${Math.round(this.memoryBytes / mib)} MiB in use, the limit is ${limitMiB} MiB. Killing the server.`);
    host.log.warn({ server: host.serverId, memoryBytes: this.memoryBytes, limitMiB }, 'local game server over its memory limit: killed');
    host.killForMemory(false);
  }
}
