import fs from 'node:fs';
import path from 'node:path';
import { refuseModulesAbove } from './own-modules.ts';
import { systemPath } from './system-programs.ts';

/** The checkout this code runs from. */
export const checkoutRoot = path.resolve(import.meta.dirname, '../..');

/**
 * What lets a user other than root change the code root would run: the checkout writable by
 * every user, or a folder above it where every user may rename or replace what it holds (writable
 * by others without the sticky bit, which /tmp has).
 */
export function checkoutProblems(root: string = checkoutRoot): string[] {
  const problems: string[] = [];
  if (fs.statSync(root).mode & 0o002) problems.push(`${root} is writable by every user (chmod o-w ${root})`);
  for (let folder = path.dirname(root); ; folder = path.dirname(folder)) {
    const mode = fs.statSync(folder).mode;
    if (mode & 0o002 && !(mode & 0o1000))
      problems.push(`${folder} lets every user rename or replace what it holds (chmod o-w ${folder}, or chmod +t ${folder} as /tmp has)`);
    if (path.dirname(folder) === folder) break;
  }
  return problems;
}

export class CheckoutError extends Error {
  constructor(root: string, problems: string[]) {
    super(
      `refusing to run as root from ${root}: another user could replace this app's code, which root would then run:\n${problems.map((p) => `  - ${p}`).join('\n')}\nMove the checkout (a clone under /root or /opt), or change those folders as said (README, Security).`,
    );
    this.name = 'CheckoutError';
  }
}

/**
 * Before anything else is loaded (docs/decisions.md 62): packages come from this checkout only,
 * and run as root the app refuses a checkout others could replace, and its PATH is the system's
 * folders only, whatever it inherited (npm puts `node_modules/.bin` of every folder above the
 * checkout on it).
 */
export function guardStart(root: string = checkoutRoot): void {
  refuseModulesAbove(root);
  if (process.getuid?.() !== 0) return;
  const problems = checkoutProblems(root);
  if (problems.length > 0) throw new CheckoutError(root, problems);
  process.env.PATH = systemPath;
}
