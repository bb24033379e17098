import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One game server's cgroup, whichever version the machine has (docs/decisions.md 68): the kernel
 * enforces its limits, counts its memory and CPU, and knows every process in it, however the
 * process left its parent's group or session.
 */
export interface ServerCgroup {
  /** Where it is, for logs (the memory controller's folder on v1). */
  readonly path: string;
  /** Moves a process in; its children are born in it. */
  place(pid: number): Promise<void>;
  /** Memory the server holds (without the file cache the kernel reclaims first) and CPU time used. */
  usage(): Promise<{ memoryBytes: number; cpuMicros: number }>;
  /** How many processes the kernel's OOM killer ended in it; undefined when the kernel does not say. */
  oomKills(): Promise<number | undefined>;
  /** Signals every process in it, frozen while the list is read, so no pid is reused meanwhile. */
  signal(signal: NodeJS.Signals): Promise<void>;
  /** Ends every process in it and waits until it is empty. */
  kill(): Promise<void>;
  /** Ends what is left, then removes it. */
  remove(): Promise<void>;
}

/** The limits a cgroup is made with: memory in MiB, CPU in percent of one core; 0 means none. */
export interface CgroupLimits {
  memoryMiB: number;
  cpuPercent: number;
  /** Processes and threads together (pids.max). */
  tasks: number;
}

/** Processes and threads a game server may have at once (a Java server uses a hundred or so). */
export const defaultTaskLimit = 512;

/** The cgroups the machine offers (detect.ts): one per server is made from here. */
export interface CgroupSystem {
  readonly version: 'v1' | 'v2';
  /** Where servers' cgroups go, for the start-up log. */
  readonly where: string;
  /** Makes the named cgroup afresh (a leftover of the same name is emptied and removed first). */
  create(name: string, limits: CgroupLimits): Promise<ServerCgroup>;
  /** Removes the shared folder once no server's cgroup is left in it. */
  close(): Promise<void>;
}

export async function readText(file: string): Promise<string> {
  return fs.readFile(file, 'utf8');
}

export async function writeText(file: string, value: string): Promise<void> {
  await fs.writeFile(file, value);
}

/** A `key value` line of a flat-keyed cgroup file (memory.stat, memory.events, cpu.stat). */
export function keyed(text: string, key: string): number | undefined {
  const match = new RegExp(`^${key} (\\d+)$`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

/** The pids listed in a cgroup.procs file; none when the cgroup is gone. */
export async function procsOf(file: string): Promise<number[]> {
  let text: string;
  try {
    text = await readText(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text.split('\n').filter(Boolean).map(Number);
}

export function signalPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // exited meanwhile: a frozen process cannot, so only one that was already exiting
  }
}

/** Waits until `done` holds, checking every few milliseconds, for at most `timeoutMs`; resolves to whether it held. */
export async function settle(done: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
    if (await done()) return true;
    if (performance.now() > until) return false;
    await sleep(wait);
  }
}

/** Removes a cgroup folder (only its own processes' absence lets it go: retried while they are reaped). */
export async function removeDir(dir: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fs.rmdir(dir);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'EBUSY' || attempt >= 50) throw error;
      await sleep(20);
    }
  }
}

/** Makes a cgroup folder afresh: one left by an earlier run (the app was stopped hard) is emptied and removed first. */
export async function freshDir(dir: string, leftover: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    // The shared parent may be removed meanwhile by another driver's close() (made again, a few times at most).
    await fs.mkdir(path.dirname(dir), { recursive: true });
    try {
      await fs.mkdir(dir);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && attempt < 3) continue;
      if (code !== 'EEXIST') throw error;
      await leftover();
      await fs.mkdir(dir);
      return;
    }
  }
}
