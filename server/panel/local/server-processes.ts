import fs from 'node:fs/promises';
import { activeWorkers } from './folder-worker-client.ts';
import { processTree } from './proc-stats.ts';

/** The real uid of a process; undefined when it is gone. */
async function uidOf(pid: number): Promise<number | undefined> {
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^Uid:\s+(\d+)/m.exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Every process of a user, found in /proc (the folder workers of this app excepted: they end by themselves). */
export async function processesOf(uid: number): Promise<number[]> {
  const pids = (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const uids = await Promise.all(pids.map(uidOf));
  return pids.filter((pid, index) => uids[index] === uid && pid !== process.pid && !activeWorkers.has(pid));
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone already
  }
}

/**
 * Signals every process of a game server: with its own account, every process of that user,
 * wherever it went (a new session, a new process group, a daemon reparented to init);
 * without one, its process group and every descendant. SIGKILL is repeated until no process of
 * the account is left (a fork between the scan and the kill), a few rounds at most.
 */
export async function signalServer(root: number | undefined, uid: number | undefined, name: NodeJS.Signals): Promise<void> {
  if (root !== undefined) {
    const tree = uid === undefined ? await processTree(root) : [];
    signal(-root, name);
    for (const pid of tree) signal(pid, name);
  }
  if (uid === undefined) return;
  for (let round = 0; round < (name === 'SIGKILL' ? 20 : 1); round += 1) {
    const pids = await processesOf(uid);
    if (pids.length === 0) return;
    for (const pid of pids) signal(pid, name);
  }
}
