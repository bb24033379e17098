import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { systemProgram } from '../../lib/system-programs.ts';
import { canDropPrivileges } from './run-as.ts';
import { ensureVarRoot, varRoot } from './var-root.ts';

/**
 * What a game server's user can reach of this app, when the app runs as root and its checkout
 * sits where others may not pass (a clone under /root, 0700): the servers' folders then live
 * under a folder of their own (GAME_SERVERS_DIR), and the few programs they run (Node, the
 * demo's launcher and its packages) are mirrored in /var/lib/hostfront/runtime, hard-linked
 * when on the same disk.
 */

const appRoot = path.resolve(import.meta.dirname, '../../..');

/** Whether a user with no relation to the owners passes through every folder to `target` (and may read it). */
export function othersCanReach(target: string): boolean {
  let current = path.resolve(target);
  if (!(fs.statSync(current).mode & 0o004)) return false;
  for (;;) {
    const parent = path.dirname(current);
    if (parent === current) return true;
    if (!(fs.statSync(parent).mode & 0o001)) return false;
    current = parent;
  }
}

/**
 * GAME_SERVERS_DIR when unset: beside the servers file, unless run as root from a folder others
 * cannot pass: then a folder of this install's own (docs/decisions.md 63).
 */
export function defaultServersDir(installId: string): string | undefined {
  return canDropPrivileges() && !othersCanReach(appRoot) ? path.join(varRoot, installId, 'servers') : undefined;
}

/** The folders after the runtime's on a game server's PATH, where its bare `command` is looked up too: the system's, which only root changes. */
export const gameSystemFolders = ['/usr/bin', '/bin'] as const;

/**
 * A game server's PATH (docs/decisions.md 64): the folder of the Node it runs (the app's, or its
 * mirror) and the system's folders; never the app's own PATH.
 */
export function gameServerPath(node: string): string {
  return [path.dirname(node), ...gameSystemFolders].join(':');
}

/** Makes the servers' base folder: root's, and 0711 so each server's user passes through to its own folder without listing the others. */
export function prepareServersDir(dir: string): void {
  if (canDropPrivileges() && dir.startsWith(`${varRoot}/`)) ensureVarRoot();
  fs.mkdirSync(dir, { recursive: true });
  if (!canDropPrivileges()) return;
  fs.chownSync(dir, 0, 0);
  fs.chmodSync(dir, 0o711);
}

/** A copy of `source` at `target` (a hard link when on the same disk), made under a temporary name and renamed. */
function mirrorFile(source: string, target: string, mode: number): void {
  const temporary = `${target}.${process.pid}.tmp`;
  fs.rmSync(temporary, { force: true });
  try {
    fs.linkSync(source, temporary);
  } catch {
    fs.copyFileSync(source, temporary);
  }
  fs.chmodSync(temporary, mode);
  fs.renameSync(temporary, target);
}

/** Where the mirrors live: root's, readable by all (it holds only public programs), one for every checkout on the machine. */
export const runtimeRoot = `${varRoot}/runtime`;

function runtimeDir(): string {
  ensureVarRoot();
  fs.mkdirSync(runtimeRoot, { recursive: true, mode: 0o755 });
  fs.chmodSync(runtimeRoot, 0o755);
  return runtimeRoot;
}

/**
 * The Node binary a game server's user can run: this one, or its mirror in runtimeRoot, named
 * `node` in a folder of its own so a game server's PATH finds it.
 */
export function reachableNode(): string {
  if (othersCanReach(process.execPath)) return process.execPath;
  const folder = path.join(runtimeDir(), `bin-${process.version}`);
  fs.mkdirSync(folder, { recursive: true, mode: 0o755 });
  const target = path.join(folder, 'node');
  if (!fs.existsSync(target)) mirrorFile(process.execPath, target, 0o755);
  return target;
}

/** The file in each app mirror that names the checkout it mirrors. */
const mirroredRootFile = '.app-root';

/**
 * Removes the mirrors of checkouts that are gone (their folder no longer holds a package.json):
 * a mirror holds a whole node_modules (hard links, or a copy across disks), and a machine that
 * clones the app again and again (a CI runner, a test run in a fresh folder) would keep one per
 * clone forever. A mirror is made again when needed, so removing one never loses anything.
 * Mirrors made before they named their checkout are left alone.
 */
export function pruneGoneMirrors(folder: string = runtimeRoot): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith('app-')) continue;
    const mirror = path.join(folder, name);
    let root: string;
    try {
      root = fs.readFileSync(path.join(mirror, mirroredRootFile), 'utf8').trim();
    } catch {
      continue;
    }
    if (root && fs.existsSync(path.join(root, 'package.json'))) continue;
    fs.rmSync(mirror, { recursive: true, force: true });
    removed.push(mirror);
  }
  return removed;
}

/**
 * A script of this app (a file under its folder) run by a game server, with the app's packages
 * it loads: itself, or a mirror of it and of node_modules beside the servers' folders (made
 * again when package-lock.json changes; the mirrors of checkouts that are gone are removed then).
 */
export function reachableAppScript(script: string): string {
  if (othersCanReach(script)) return script;
  const relative = path.relative(appRoot, script);
  // One mirror per checkout (several may run on one machine).
  const mirror = path.join(runtimeDir(), `app-${createHash('sha256').update(appRoot).digest('hex').slice(0, 12)}`);
  const lock = fs.readFileSync(path.join(appRoot, 'package-lock.json'));
  const stamp = createHash('sha256').update(lock).digest('hex');
  const stampFile = path.join(mirror, '.stamp');
  if ((fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '') !== stamp) {
    pruneGoneMirrors();
    fs.rmSync(mirror, { recursive: true, force: true });
    fs.mkdirSync(mirror, { mode: 0o755 });
    fs.writeFileSync(path.join(mirror, mirroredRootFile), appRoot);
    // cp -al: hard links, no copy of the bytes when on the same disk (-a alone across disks).
    // By absolute path, never through PATH (docs/decisions.md 62).
    const cp = systemProgram('cp');
    try {
      execFileSync(cp, ['-al', path.join(appRoot, 'node_modules'), mirror], { stdio: 'ignore' });
    } catch {
      execFileSync(cp, ['-a', path.join(appRoot, 'node_modules'), mirror], { stdio: 'ignore' });
    }
    fs.writeFileSync(stampFile, stamp);
  }
  const target = path.join(mirror, relative);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
  fs.copyFileSync(script, target);
  fs.chmodSync(target, 0o644);
  return target;
}
