import fs from 'node:fs';
import path from 'node:path';
import type { CgroupSystem } from './cgroup.ts';
import { CgroupV1System, type V1Bases, type V1Controller } from './cgroup-v1.ts';
import { CgroupV2System, v2Controllers } from './cgroup-v2.ts';

/** What the machine offers for servers' cgroups, or why it offers nothing usable. */
export type CgroupDetection = { system: CgroupSystem; reason?: undefined } | { system: undefined; reason: string };

interface Mount {
  point: string;
  /** The part of the hierarchy the mount shows (`/` unless in a cgroup namespace set up oddly). */
  root: string;
  type: string;
  options: string[];
}

/** cgroup mounts, from /proc/self/mountinfo (`id parent dev root point opts … - type source superopts`). */
function cgroupMounts(): Mount[] {
  const mounts: Mount[] = [];
  for (const line of fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const fields = line.split(' ');
    const dash = fields.indexOf('-');
    if (dash < 0) continue;
    const type = fields[dash + 1]!;
    if (type !== 'cgroup' && type !== 'cgroup2') continue;
    mounts.push({ point: fields[4]!, root: fields[3]!, type, options: (fields[dash + 3] ?? '').split(',') });
  }
  return mounts;
}

/** The app's own cgroup in each hierarchy (/proc/self/cgroup: `id:controllers:path`; v2's line is `0::path`). */
function ownCgroups(): { controllers: string[]; path: string }[] {
  return fs
    .readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [, controllers = '', ...rest] = line.split(':');
      return { controllers: controllers.split(',').filter(Boolean), path: rest.join(':') };
    });
}

/** Where a cgroup of the hierarchy is on this machine. */
function folderOf(mount: Mount, own: string): string {
  const relative = mount.root !== '/' && own.startsWith(mount.root) ? own.slice(mount.root.length) : own;
  return path.join(mount.point, relative);
}

function delegateSync(dir: string): void {
  const enabled = fs.readFileSync(path.join(dir, 'cgroup.subtree_control'), 'utf8').split(/\s+/);
  const missing = v2Controllers.filter((name) => !enabled.includes(name));
  if (missing.length > 0) fs.writeFileSync(path.join(dir, 'cgroup.subtree_control'), missing.map((name) => `+${name}`).join(' '));
}

/**
 * cgroup v2: servers go under the app's own cgroup, in `hostfront/`. A cgroup that hands
 * controllers down may hold no process itself, so unless the app is at the root its cgroup's
 * processes (the app, and npm when it started the app) move into `app/` beside them first, as a
 * service with systemd's Delegate=yes is expected to (docs/decisions.md 68).
 */
function tryV2(mounts: Mount[]): CgroupDetection {
  const mount = mounts.find((m) => m.type === 'cgroup2');
  if (!mount) return { system: undefined, reason: 'no cgroup2 hierarchy is mounted' };
  const own = ownCgroups().find((c) => c.controllers.length === 0 && c.path.startsWith('/'));
  if (!own) return { system: undefined, reason: 'the app is in no cgroup of the v2 hierarchy' };
  const dir = folderOf(mount, own.path);
  const offered = fs.readFileSync(path.join(dir, 'cgroup.controllers'), 'utf8').trim().split(/\s+/).filter(Boolean);
  const missing = v2Controllers.filter((name) => !offered.includes(name));
  if (missing.length > 0)
    return { system: undefined, reason: `cgroup v2 at ${dir} offers ${offered.join(' ') || 'no controllers'}, without ${missing.join(', ')}` };
  try {
    if (dir !== mount.point) {
      // The app and what started it (npm, a shell) are the processes of its own cgroup: all move.
      fs.mkdirSync(path.join(dir, 'app'), { recursive: true });
      const procs = fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
      for (const pid of procs) {
        try {
          fs.writeFileSync(path.join(dir, 'app', 'cgroup.procs'), pid);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
        }
      }
    }
    delegateSync(dir);
    // The base is made at each server's start (cgroup-v2.ts ensureBase) and removed by the driver's close.
    return { system: new CgroupV2System(path.join(dir, 'hostfront')) };
  } catch (error) {
    return { system: undefined, reason: `cgroup v2 at ${dir} cannot be used: ${(error as Error).message}` };
  }
}

const v1Needed: V1Controller[] = ['memory', 'pids', 'cpu', 'cpuacct'];

/** cgroup v1: each controller's servers under the app's own cgroup of that hierarchy, in `hostfront/`. */
function tryV1(mounts: Mount[]): CgroupDetection {
  const owned = ownCgroups();
  const bases: Partial<V1Bases> = {};
  const absent: string[] = [];
  for (const controller of [...v1Needed, 'freezer'] as V1Controller[]) {
    const mount = mounts.find((m) => m.type === 'cgroup' && m.options.includes(controller));
    const own = owned.find((c) => c.controllers.includes(controller));
    if (!mount || !own) {
      absent.push(controller);
      continue;
    }
    bases[controller] = path.join(folderOf(mount, own.path), 'hostfront');
  }
  const missing = absent.filter((name) => name !== 'freezer');
  if (missing.length > 0) return { system: undefined, reason: `cgroup v1 lacks ${missing.join(', ')}` };
  try {
    // Made and removed again: each server's start makes it (cgroup.ts freshDir), the driver's close removes it.
    for (const base of Object.values(bases)) {
      if (fs.existsSync(base)) continue;
      fs.mkdirSync(base);
      fs.rmdirSync(base);
    }
  } catch (error) {
    return { system: undefined, reason: `cgroup v1 cannot be used: ${(error as Error).message}` };
  }
  return { system: new CgroupV1System(bases as V1Bases) };
}

/** A hierarchy that cannot be read (a file missing, permission denied) is not used, and the reason says why. */
function attempt(what: string, detect: () => CgroupDetection): CgroupDetection {
  try {
    return detect();
  } catch (error) {
    return { system: undefined, reason: `${what} cannot be used: ${(error as Error).message}` };
  }
}

let detected: CgroupDetection | undefined;

/**
 * The cgroups servers' limits are enforced with (docs/decisions.md 68): v2 where it offers
 * memory, pids and cpu, else v1 where those are mounted, else none and the reason. Only root
 * can use them; decided once per process.
 */
export function detectCgroups(): CgroupDetection {
  if (detected) return detected;
  if (process.getuid?.() !== 0) return { system: undefined, reason: 'the app does not run as root' };
  let mounts: Mount[];
  try {
    mounts = cgroupMounts();
  } catch (error) {
    return { system: undefined, reason: `the mounts cannot be read: ${(error as Error).message}` };
  }
  const v2 = attempt('cgroup v2', () => tryV2(mounts));
  const v1 = v2.system ? undefined : attempt('cgroup v1', () => tryV1(mounts));
  detected = v2.system ? v2 : v1?.system ? v1 : { system: undefined, reason: `${v2.reason}; ${v1?.reason}` };
  return detected;
}
