import type { ChildProcess } from 'node:child_process';
import { type CgroupSystem, defaultTaskLimit, type ServerCgroup } from './cgroups/cgroup.ts';
import { heldCommand, heldStdio, releaseHeld } from './cgroups/held-start.ts';
import { sampleProcesses, sampleTree, type UsageSample } from './proc-stats.ts';
import type { RunAs } from './run-as.ts';
import { processesOf, signalServer } from './server-processes.ts';

type Stdio = readonly ('pipe' | 'ignore')[];

/**
 * What holds one run of a game server together, measures it and signals it (README, Security;
 * docs/decisions.md 68-69):
 * - run as root with cgroups: a cgroup of its own, named after its system user, made before the
 *   program runs and removed once it is offline. The kernel enforces memory, CPU and processes;
 *   the panel's figures and every signal go through the same cgroup.
 * - run as root without cgroups: every process of the server's user, found in /proc.
 * - not root: the process tree.
 */
export class ServerConfinement {
  readonly #cgroups: CgroupSystem | undefined;
  readonly #limits: { memory: number; cpu: number };
  readonly #server: { id: string; runAs?: string | undefined };
  #cgroup: ServerCgroup | undefined;
  #account: RunAs | undefined;
  /** Stop or Kill came while the program was still held: it is never let go. */
  #called = false;

  constructor(cgroups: CgroupSystem | undefined, server: { id: string; runAs?: string | undefined; limits: { memory: number; cpu: number } }) {
    this.#cgroups = cgroups;
    this.#limits = server.limits;
    this.#server = server;
  }

  /** Whether the kernel enforces the memory limit (else the app samples and kills, local-server.ts). */
  get kernelEnforced(): boolean {
    return this.#cgroup !== undefined;
  }

  /** Before the spawn: the run's cgroup, made afresh (what an earlier run left in it is ended first). */
  async begin(account: RunAs | undefined): Promise<void> {
    this.#account = account;
    this.#cgroup = undefined;
    this.#called = false;
    if (!account || !this.#cgroups) return;
    // Named after the server's own user; a configured runAs user may serve more than one server, so its id is added then.
    const name = this.#server.runAs ? `${account.user}.${this.#server.id}` : account.user;
    this.#cgroup = await this.#cgroups.create(name, { memoryMiB: this.#limits.memory, cpuPercent: this.#limits.cpu, tasks: defaultTaskLimit });
  }

  /** What to spawn: with a cgroup, the program held until it is placed (cgroups/held-start.ts). */
  command(program: string, args: string[]): { program: string; args: string[]; stdio: Stdio } {
    if (!this.#cgroup) return { program, args, stdio: ['pipe', 'pipe', 'pipe'] };
    return { ...heldCommand(program, args), stdio: heldStdio };
  }

  /** Right after the spawn: the held process placed in the cgroup and let go. */
  async started(child: ChildProcess): Promise<void> {
    if (this.#cgroup) await releaseHeld(child, this.#cgroup, () => !this.#called);
  }

  async sample(rootPid: number): Promise<UsageSample> {
    if (this.#cgroup) {
      const at = performance.now();
      return { ...(await this.#cgroup.usage()), at };
    }
    if (this.#account) return sampleProcesses(await processesOf(this.#account.uid));
    return sampleTree(rootPid);
  }

  /** Whether the kernel's OOM killer ended a process of this run (its cgroup is new for each run). */
  async oomKilled(): Promise<boolean> {
    return ((await this.#cgroup?.oomKills().catch(() => undefined)) ?? 0) > 0;
  }

  /** Signals every process of the server: through its cgroup, else as server-processes.ts finds them. */
  async signal(rootPid: number | undefined, signal: NodeJS.Signals): Promise<void> {
    if (!this.#cgroup) return signalServer(rootPid, this.#account?.uid, signal);
    if (signal === 'SIGKILL' || signal === 'SIGTERM') this.#called = true;
    if (signal === 'SIGKILL') return this.#cgroup.kill();
    return this.#cgroup.signal(signal);
  }

  /** The app is closing and the server is offline: a cgroup left by a start called off is removed. */
  async close(): Promise<void> {
    await this.#cgroup?.remove();
  }

  /** Once the program has exited: whatever it left running is ended, and the cgroup removed. */
  async end(): Promise<void> {
    const cgroup = this.#cgroup;
    if (cgroup) return cgroup.remove();
    if (this.#account) return signalServer(undefined, this.#account.uid, 'SIGKILL');
  }
}
