import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Everything under a folder, for "nothing was touched" checks: each entry's type, mode, size,
 * modification time and content hash (links by their target), sorted by path.
 */
export function treeSnapshot(root: string, options: { wholeSeconds?: boolean; folderTimes?: boolean } = {}): string[] {
  // tar keeps whole seconds of modification times; a restored folder's own time is when it was filled.
  const time = (ms: number) => (options.wholeSeconds ? Math.floor(ms / 1000) : ms);
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const stats = fs.lstatSync(full);
      const relative = path.relative(root, full);
      if (stats.isSymbolicLink()) out.push(`L ${relative} -> ${fs.readlinkSync(full)}`);
      else if (stats.isDirectory()) {
        out.push(`D ${relative} ${(stats.mode & 0o777).toString(8)}${options.folderTimes === false ? '' : ` ${time(stats.mtimeMs)}`}`);
        walk(full);
      } else {
        const hash = createHash('sha256').update(fs.readFileSync(full)).digest('hex').slice(0, 16);
        out.push(`F ${relative} ${(stats.mode & 0o777).toString(8)} ${stats.size} ${time(stats.mtimeMs)} ${hash}`);
      }
    }
  };
  walk(root);
  return out;
}
