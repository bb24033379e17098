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

/** The v1 controllers a server's cgroup uses; freezer is optional (without it a signal round is not frozen). */
export type V1Controller = 'memory' | 'pids' | 'cpu' | 'cpuacct' | 'freezer';

/** Where each controller's servers go: <its mount>/<the app's own cgroup there>/hostfront. */
export type V1Bases = Record<Exclude<V1Controller, 'freezer'>, string> & { freezer?: string | undefined };

/** A server's folder in each hierarchy. */
type V1Dirs = V1Bases;

const mib = 1024 * 1024;
/** cpu.cfs_period_us: the quota is given per 100 ms. */
const periodMicros = 100_000;

/**
 * A server's cgroup on cgroup v1 (docs/decisions.md 68): one folder per hierarchy (controllers
 * mounted together share one), the same name in each.
 */
class V1Cgroup implements ServerCgroup {
  readonly path: string;
  readonly #dirs: V1Dirs;

  constructor(dirs: V1Dirs) {
    this.#dirs = dirs;
    this.path = dirs.memory;
  }

  /** Each folder once (controllers mounted together share one). */
  get #unique(): string[] {
    return [...new Set(Object.values(this.#dirs).filter((dir): dir is string => dir !== undefined))];
  }

  async make(limits: CgroupLimits): Promise<void> {
    for (const dir of this.#unique) await freshDir(dir, () => this.#removeLeftover(dir));
    const { memory, pids, cpu } = this.#dirs;
    const bytes = limits.memoryMiB > 0 ? String(limits.memoryMiB * mib) : '-1';
    await writeText(path.join(memory, 'memory.limit_in_bytes'), bytes);
    // With swap accounting on, swap counts too (it must be set after the memory limit, never below it).
    const memsw = path.join(memory, 'memory.memsw.limit_in_bytes');
    if (existsSync(memsw)) await writeText(memsw, bytes);
    await writeText(path.join(pids, 'pids.max'), String(limits.tasks));
    await writeText(path.join(cpu, 'cpu.cfs_period_us'), String(periodMicros));
    await writeText(path.join(cpu, 'cpu.cfs_quota_us'), limits.cpuPercent > 0 ? String((limits.cpuPercent * periodMicros) / 100) : '-1');
  }

  async #removeLeftover(dir: string): Promise<void> {
    await this.kill();
    await removeDir(dir);
  }

  async place(pid: number): Promise<void> {
    for (const dir of this.#unique) await writeText(path.join(dir, 'cgroup.procs'), String(pid));
  }

  async usage(): Promise<{ memoryBytes: number; cpuMicros: number }> {
    const [used, stat, cpu] = await Promise.all([
      readText(path.join(this.#dirs.memory, 'memory.usage_in_bytes')),
      readText(path.join(this.#dirs.memory, 'memory.stat')),
      readText(path.join(this.#dirs.cpuacct, 'cpuacct.usage')),
    ]);
    const cache = keyed(stat, 'total_inactive_file') ?? keyed(stat, 'inactive_file') ?? 0;
    return { memoryBytes: Math.max(0, Number(used) - cache), cpuMicros: Math.round(Number(cpu) / 1000) };
  }

  async oomKills(): Promise<number | undefined> {
    // Linux 4.13 and later count kills here; older kernels do not say.
    return keyed(await readText(path.join(this.#dirs.memory, 'memory.oom_control')), 'oom_kill');
  }

  async #procs(): Promise<number[]> {
    return procsOf(path.join(this.#dirs.pids, 'cgroup.procs'));
  }

  /** One signal round at a time: a round thawing the cgroup must not thaw another's. */
  #turn: Promise<unknown> = Promise.resolve();

  signal(signal: NodeJS.Signals): Promise<void> {
    const round = this.#turn.then(() => this.#signalFrozen(signal));
    this.#turn = round.catch(() => {});
    return round;
  }

  async #signalFrozen(signal: NodeJS.Signals): Promise<void> {
    const freezer = this.#dirs.freezer;
    if (!freezer || !existsSync(freezer)) {
      for (const pid of await this.#procs()) signalPid(pid, signal);
      return;
    }
    const state = path.join(freezer, 'freezer.state');
    await writeText(state, 'FROZEN');
    try {
      // Frozen, no process can exit, so no pid read below can be reused before it is signalled.
      await settle(async () => (await readText(state)).trim() === 'FROZEN', 2000);
      for (const pid of await this.#procs()) signalPid(pid, signal);
    } finally {
      await writeText(state, 'THAWED');
    }
  }

  async kill(): Promise<void> {
    const emptied = await settle(async () => {
      if ((await this.#procs()).length === 0) return true;
      await this.signal('SIGKILL');
      return false;
    }, 10_000);
    if (!emptied) throw new Error(`the processes in ${this.path} did not end`);
  }

  async remove(): Promise<void> {
    if (!existsSync(this.#dirs.pids)) return;
    await this.kill();
    for (const dir of this.#unique) await removeDir(dir);
  }
}

/** cgroup v1: memory, pids, cpu and cpuacct (and freezer when mounted), each its own hierarchy or mounted together. */
export class CgroupV1System implements CgroupSystem {
  readonly version = 'v1';
  readonly where: string;
  readonly #bases: V1Bases;

  constructor(bases: V1Bases) {
    this.#bases = bases;
    this.where = bases.memory;
  }

  async create(name: string, limits: CgroupLimits): Promise<ServerCgroup> {
    const dirs = {} as V1Dirs;
    for (const [controller, base] of Object.entries(this.#bases) as [V1Controller, string | undefined][]) {
      if (base === undefined) continue;
      dirs[controller] = path.join(base, name);
    }
    const cgroup = new V1Cgroup(dirs);
    await cgroup.make(limits);
    return cgroup;
  }

  /** The bases go once no server's cgroup is left in them (a cgroup folder with children cannot be removed above it). */
  async close(): Promise<void> {
    for (const base of new Set(Object.values(this.#bases))) if (base) await fs.rmdir(base).catch(() => {});
  }
}
