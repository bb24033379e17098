import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { V2Cgroup } from '../../../server/panel/local/cgroups/cgroup-v2.ts';
import { heldCommand, heldStdio, releaseHeld } from '../../../server/panel/local/cgroups/held-start.ts';
import { waitFor } from '../../helpers/until.ts';

/**
 * The cgroup v2 side of a server's cgroup where it can run without controllers (a machine that
 * mounts v1 for them): the held start, signals sent while frozen, cgroup.kill and the removal,
 * against the kernel's own cgroup2 files. Limits and figures need the controllers and are covered
 * on v1 by local-cgroup.test.ts.
 */

const mount = fs
  .readFileSync('/proc/self/mounts', 'utf8')
  .split('\n')
  .map((line) => line.split(' '))
  .find((fields) => fields[2] === 'cgroup2')?.[1];
const usable = process.getuid?.() === 0 && mount !== undefined && fs.existsSync(path.join(mount, 'cgroup.procs'));
const base = mount ? path.join(mount, `hostfront-test-${process.pid}`) : '';

afterEach(() => {
  if (fs.existsSync(base))
    for (const dir of [...fs.readdirSync(base).map((name) => path.join(base, name)), base]) if (fs.statSync(dir).isDirectory()) fs.rmdirSync(dir);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** A shell that double-forks a sleeper into a session of its own and sleeps itself, started held and placed in `cgroup`. */
async function family(cgroup: V2Cgroup): Promise<number[]> {
  const { program, args } = heldCommand('/bin/sh', ['-c', "setsid sh -c 'sleep 300 & exec sleep 300' & exec sleep 300"]);
  const child = spawn(program, args, { stdio: [...heldStdio], detached: true });
  child.on('error', () => {});
  await releaseHeld(child, cgroup);
  const procs = path.join(cgroup.path, 'cgroup.procs');
  let pids: number[] = [];
  await waitFor(
    () => {
      pids = fs.readFileSync(procs, 'utf8').split('\n').filter(Boolean).map(Number);
      return pids.length >= 3;
    },
    'the three sleepers in the cgroup',
    5000,
  );
  return pids;
}

describe.skipIf(!usable)('a server cgroup on cgroup v2 (root)', () => {
  it('holds every process of the family, signals them all while frozen, and is thawed after', async () => {
    fs.mkdirSync(base);
    const cgroup = new V2Cgroup(path.join(base, 'gs'));
    fs.mkdirSync(cgroup.path);
    const pids = await family(cgroup);
    await cgroup.signal('SIGTERM');
    await waitFor(() => pids.every((pid) => !alive(pid)), 'every process to end on SIGTERM', 5000);
    expect(fs.readFileSync(path.join(cgroup.path, 'cgroup.events'), 'utf8')).toMatch(/^frozen 0$/m);
    await cgroup.remove();
    expect(fs.existsSync(cgroup.path)).toBe(false);
  });

  it('kills the whole family with cgroup.kill, and removes the cgroup once it is empty', async () => {
    fs.mkdirSync(base);
    const cgroup = new V2Cgroup(path.join(base, 'gs'));
    fs.mkdirSync(cgroup.path);
    const pids = await family(cgroup);
    await cgroup.remove();
    expect(pids.filter(alive)).toEqual([]);
    expect(fs.existsSync(cgroup.path)).toBe(false);
  });
});
