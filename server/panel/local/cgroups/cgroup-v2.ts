import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type CgroupLimits,
  type CgroupSystem,
  freshDir,
  keyed,
  procsOf,
  readText,
  removeDir,
  type ServerCgroup,
  settle,
  signalPid,
  writeText,
} from './cgroup.ts';

const mib = 1024 * 1024;
/** cpu.max's period: the quota is given per 100 ms. */
const periodMicros = 100_000;

/** A server's cgroup on the unified hierarchy (cgroup v2; docs/decisions.md 68). Exported for its test, which runs where v2 has no controllers. */
export class V2Cgroup implements ServerCgroup {
  readonly path: string;

  constructor(dir: string) {
    this.path = dir;
  }

  #file(name: string): string {
    return path.join(this.path, name);
  }

  async make(limits: CgroupLimits): Promise<void> {
    await freshDir(this.path, () => this.remove());
    await writeText(this.#file('memory.max'), limits.memoryMiB > 0 ? String(limits.memoryMiB * mib) : 'max');
    // Swap would let a server hold more than its memory: none (the file is absent without swap accounting).
    if (limits.memoryMiB > 0 && existsSync(this.#file('memory.swap.max'))) await writeText(this.#file('memory.swap.max'), '0');
    await writeText(this.#file('pids.max'), String(limits.tasks));
    await writeText(this.#file('cpu.max'), `${limits.cpuPercent > 0 ? (limits.cpuPercent * periodMicros) / 100 : 'max'} ${periodMicros}`);
  }

  async place(pid: number): Promise<void> {
    await writeText(this.#file('cgroup.procs'), String(pid));
  }

  async usage(): Promise<{ memoryBytes: number; cpuMicros: number }> {
    const [current, stat, cpu] = await Promise.all([
      readText(this.#file('memory.current')),
      readText(this.#file('memory.stat')),
      readText(this.#file('cpu.stat')),
    ]);
    const cache = keyed(stat, 'inactive_file') ?? 0;
    return { memoryBytes: Math.max(0, Number(current) - cache), cpuMicros: keyed(cpu, 'usage_usec') ?? 0 };
  }

  async oomKills(): Promise<number | undefined> {
    return keyed(await readText(this.#file('memory.events')), 'oom_kill');
  }

  async #frozen(): Promise<boolean> {
    return keyed(await readText(this.#file('cgroup.events')), 'frozen') === 1;
  }

  /** One signal round at a time: a round thawing the cgroup must not thaw another's. */
  #turn: Promise<unknown> = Promise.resolve();

  signal(signal: NodeJS.Signals): Promise<void> {
    const round = this.#turn.then(() => this.#signalFrozen(signal));
    this.#turn = round.catch(() => {});
    return round;
  }

  async #signalFrozen(signal: NodeJS.Signals): Promise<void> {
    await writeText(this.#file('cgroup.freeze'), '1');
    try {
      // Frozen, no process can exit, so no pid read below can be reused before it is signalled.
      await settle(() => this.#frozen(), 2000);
      for (const pid of await procsOf(this.#file('cgroup.procs'))) signalPid(pid, signal);
    } finally {
      await writeText(this.#file('cgroup.freeze'), '0');
    }
  }

  async #empty(): Promise<boolean> {
    return keyed(await readText(this.#file('cgroup.events')), 'populated') === 0;
  }

  async kill(): Promise<void> {
    // cgroup.kill (Linux 5.14) ends every process at once, forks in flight included.
    const killFile = this.#file('cgroup.kill');
    const hasKill = existsSync(killFile);
    const emptied = await settle(async () => {
      if (await this.#empty()) return true;
      if (hasKill) await writeText(killFile, '1');
      else await this.signal('SIGKILL');
      return false;
    }, 10_000);
    if (!emptied) throw new Error(`the processes in ${this.path} did not end`);
  }

  async remove(): Promise<void> {
    if (!existsSync(this.path)) return;
    await this.kill();
    await removeDir(this.path);
  }
}

/** cgroup v2: servers' cgroups under `base`, whose parent hands memory, pids and cpu down to it (detect.ts). */
export class CgroupV2System implements CgroupSystem {
  readonly version = 'v2';
  readonly where: string;

  constructor(base: string) {
    this.where = base;
  }

  async close(): Promise<void> {
    await fs.rmdir(this.where).catch(() => {});
  }

  async create(name: string, limits: CgroupLimits): Promise<ServerCgroup> {
    await ensureBase(this.where);
    const cgroup = new V2Cgroup(path.join(this.where, name));
    await cgroup.make(limits);
    return cgroup;
  }
}

/** The controllers a server's cgroup needs from its parent. */
export const v2Controllers = ['memory', 'pids', 'cpu'] as const;

/** Hands the controllers down from `dir` to its children (cgroup.subtree_control). */
export async function delegate(dir: string): Promise<void> {
  const enabled = (await readText(path.join(dir, 'cgroup.subtree_control'))).split(/\s+/);
  const missing = v2Controllers.filter((name) => !enabled.includes(name));
  if (missing.length > 0) await writeText(path.join(dir, 'cgroup.subtree_control'), missing.map((name) => `+${name}`).join(' '));
}

/** Makes the base folder when missing (close() removes it once empty), controllers handed down. */
export async function ensureBase(base: string): Promise<void> {
  await fs.mkdir(base, { recursive: true });
  await delegate(base);
}
