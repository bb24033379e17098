import fs from 'node:fs';
import path from 'node:path';

/**
 * The system's own program folders, the only PATH a program run as root gets (docs/decisions.md
 * 62): never an inherited PATH, on which `npm start` puts the `node_modules/.bin` of every folder
 * above the checkout.
 */
export const systemFolders = ['/usr/sbin', '/usr/bin', '/sbin', '/bin'] as const;

/** `systemFolders` as a PATH. */
export const systemPath = systemFolders.join(':');

const found = new Map<string, string>();

/** Whether only root can change `file` (and the folder it sits in), following links: what root may run. */
function rootsOnly(file: string): boolean {
  const real = fs.realpathSync(file);
  for (const target of [real, path.dirname(real)]) {
    const stat = fs.statSync(target);
    if (stat.uid !== 0 || (stat.mode & 0o022) !== 0) return false;
  }
  return true;
}

/**
 * The absolute path of a system program (useradd, chown, cp), looked up in the system folders
 * only, whatever PATH says: Debian has `/usr/sbin/useradd`, and `chown` in `/bin` or `/usr/bin`
 * (the same file on a merged /usr). A program only root can change; otherwise an error naming it.
 */
export function systemProgram(name: string): string {
  const known = found.get(name);
  if (known) return known;
  for (const folder of systemFolders) {
    const candidate = path.join(folder, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (!fs.statSync(candidate).isFile()) continue;
    } catch {
      continue;
    }
    if (!rootsOnly(candidate)) throw new Error(`${candidate} may be changed by a user other than root: it is not run`);
    found.set(name, candidate);
    return candidate;
  }
  throw new Error(`${name} was not found in ${systemFolders.join(', ')} (install it from the system's packages)`);
}
