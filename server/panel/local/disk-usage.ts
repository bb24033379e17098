import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ServerFolder } from './server-folder.ts';

const run = promisify(execFile);

/** A folder's size two ways: the blocks it takes on disk, or its files' own lengths (what an archive of it holds). */
export type Measure = 'blocks' | 'apparent';

/** coreutils' du, by its absolute path (never one found on a PATH). */
const du = ['/usr/bin/du', '/bin/du'].find((file) => existsSync(file)) ?? '/usr/bin/du';

/** A walk of a customer's folder by root must end: one with millions of files is given up after this. */
const duTimeoutMs = 120_000;

async function duBytes(root: string, measure: Measure, signal: AbortSignal | undefined): Promise<number> {
  // -s one total, -x one filesystem, -P never follow a link, -B1 bytes (-b: apparent bytes).
  const { stdout } = await run(du, ['-s', '-x', '-P', measure === 'apparent' ? '-b' : '-B1', '--', root], {
    timeout: duTimeoutMs,
    signal,
    maxBuffer: 64 * 1024,
    env: { LC_ALL: 'C' },
  });
  const bytes = Number(/^(\d+)\t/.exec(stdout)?.[1]);
  if (!Number.isFinite(bytes)) throw new Error(`du printed no total for the server's folder`);
  return bytes;
}

/** The walk with this app's own rights (not root): links are never followed, unreadable folders are skipped. */
async function walk(dir: string, measure: Measure): Promise<number> {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const entries = await fs.readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) {
        const stats = await fs.lstat(full).catch(() => undefined); // removed while we walked
        if (!stats) continue;
        total += measure === 'apparent' ? stats.size : stats.blocks * 512;
      }
    }
  }
  return total;
}

/**
 * What a server's folder takes (docs/decisions.md 70). Run as root, measured by root with
 * coreutils `du -x -P`, which walks by descriptors (fts: openat, O_NOFOLLOW), so a folder the
 * customer closed to itself (chmod 000) is counted, and a folder swapped for a link mid-walk is
 * neither followed nor counted. Otherwise walked with the app's own rights (README, Security).
 * `signal` ends a du under way (the driver is closing: nothing may hold the folder after).
 */
export async function folderUsage(folder: ServerFolder, measure: Measure = 'blocks', signal?: AbortSignal): Promise<number> {
  const account = await folder.ready();
  return account ? duBytes(folder.root, measure, signal) : walk(folder.root, measure);
}
