import fs from 'node:fs/promises';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ; 100 on every Linux build we run on). */
const ticksPerSecond = 100;

/** CPU time and memory of a server's processes (a tree, a user's, or a cgroup's). */
export interface UsageSample {
  /** CPU time used, in microseconds. */
  cpuMicros: number;
  /** Resident memory, in bytes. */
  memoryBytes: number;
  /** When the sample was taken (performance.now() milliseconds). */
  at: number;
}

async function readOrEmpty(file: string): Promise<string> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return '';
  }
}

/** The pids of a process's direct children, through /proc/<pid>/task/<tid>/children. */
async function childrenOf(pid: number): Promise<number[]> {
  let tasks: string[];
  try {
    tasks = await fs.readdir(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const lists = await Promise.all(tasks.map((tid) => readOrEmpty(`/proc/${pid}/task/${tid}/children`)));
  return lists.flatMap((list) => list.split(' ').filter(Boolean).map(Number));
}

/** The process and all its descendants. */
export async function processTree(root: number): Promise<number[]> {
  const all: number[] = [];
  let level = [root];
  while (level.length > 0 && all.length < 10_000) {
    all.push(...level);
    level = (await Promise.all(level.map(childrenOf))).flat();
  }
  return all;
}

/** utime + stime (ticks) and VmRSS (bytes) of one process; undefined when it is gone. */
async function processUsage(pid: number): Promise<{ ticks: number; memoryBytes: number } | undefined> {
  const [stat, status] = await Promise.all([readOrEmpty(`/proc/${pid}/stat`), readOrEmpty(`/proc/${pid}/status`)]);
  if (!stat) return undefined;
  // The command name (field 2) may contain spaces and parentheses: fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime (14), stime (15)
  const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return { ticks, memoryBytes: rss ? Number(rss[1]) * 1024 : 0 };
}

/** CPU time and memory of a process tree, summed over every descendant. */
export async function sampleTree(root: number): Promise<UsageSample> {
  return sampleProcesses(await processTree(root));
}

/** CPU time and memory of some processes, summed. */
export async function sampleProcesses(pids: number[]): Promise<UsageSample> {
  const at = performance.now();
  const usages = await Promise.all(pids.map(processUsage));
  let ticks = 0;
  let memoryBytes = 0;
  for (const usage of usages) {
    if (!usage) continue;
    ticks += usage.ticks;
    memoryBytes += usage.memoryBytes;
  }
  return { cpuMicros: (ticks * 1_000_000) / ticksPerSecond, memoryBytes, at };
}

/** Percent of one core used between two samples. */
export function cpuPercent(previous: UsageSample, current: UsageSample): number {
  const seconds = (current.at - previous.at) / 1000;
  if (seconds <= 0) return 0;
  const used = Math.max(0, current.cpuMicros - previous.cpuMicros) / 1_000_000;
  return Math.round((used / seconds) * 1000) / 10;
}
