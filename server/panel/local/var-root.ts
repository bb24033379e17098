import fs from 'node:fs';

/** The app's folder under /var/lib, shared by every install on the machine: the runtime mirrors, the users' claims, the servers' folders. */
export const varRoot = '/var/lib/hostfront';

/**
 * Makes /var/lib/hostfront root's and passable by all (0755): game servers' users reach the
 * runtime mirror and their folders through it. Made before anything inside it, since a
 * recursive mkdir gives every folder it makes the mode asked for the last one (the claims'
 * 0700 once closed it, and every server failed to run Node); one left 0700 is opened again.
 */
export function ensureVarRoot(): string {
  fs.mkdirSync(varRoot, { recursive: true, mode: 0o755 });
  if ((fs.statSync(varRoot).mode & 0o777) !== 0o755) fs.chmodSync(varRoot, 0o755);
  return varRoot;
}
