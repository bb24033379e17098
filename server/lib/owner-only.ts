import fs from 'node:fs';

/** A folder created for the owner only (0700); one that already exists is left as it is. */
export function ensureOwnerOnlyDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Makes a file this process owns owner-only when others may read it (an older version's, a copy). */
export function tightenFile(file: string): void {
  try {
    const stat = fs.statSync(file);
    if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) fs.chmodSync(file, stat.mode & 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
