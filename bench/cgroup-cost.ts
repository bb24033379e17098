/**
 * What a cgroup per game server costs (docs/decisions.md 68), as root: `npm run bench:cgroups`.
 *   - at start: making the cgroup (folders and limits), and starting a program held by /bin/sh
 *     until it is placed, against spawning it directly;
 *   - at rest: the kernel memory of empty cgroups (slab and per-CPU counters, from /proc/meminfo),
 *     and the app's work per sample: reading the cgroup against walking /proc for a tree.
 * Prints the figures and exits; leaves nothing behind.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { defaultTaskLimit, type ServerCgroup } from '../server/panel/local/cgroups/cgroup.ts';
import { detectCgroups } from '../server/panel/local/cgroups/detect.ts';
import { heldCommand, heldStdio, releaseHeld } from '../server/panel/local/cgroups/held-start.ts';
import { sampleTree } from '../server/panel/local/proc-stats.ts';

const rounds = 30;
const restingGroups = 200;
const limits = { memoryMiB: 1024, cpuPercent: 100, tasks: defaultTaskLimit };

if (process.getuid?.() !== 0) {
  console.error('bench:cgroups needs root (cgroups are made and processes placed in them).');
  process.exit(1);
}
const detected = detectCgroups();
if (!detected.system) {
  console.error(`No usable cgroups: ${detected.reason}`);
  process.exit(1);
}
const system = detected.system;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Runs `program` to its end; resolves to the milliseconds from spawn to exit. */
function timed(
  start: () => import('node:child_process').ChildProcess,
  after?: (child: import('node:child_process').ChildProcess) => Promise<void>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const child = start();
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - began) : reject(new Error(`exit ${code}`))));
    after?.(child).catch(reject);
  });
}

const create: number[] = [];
const remove: number[] = [];
const direct: number[] = [];
const held: number[] = [];
const heldOnly: number[] = [];
const place: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  let began = performance.now();
  const cgroup = await system.create(`hostfront-bench-${round}`, limits);
  create.push(performance.now() - began);
  direct.push(await timed(() => spawn('/bin/true', [], { stdio: 'ignore' })));
  const { program, args } = heldCommand('/bin/true', []);
  held.push(
    await timed(
      () => spawn(program, args, { stdio: [...heldStdio] }),
      (child) => releaseHeld(child, cgroup),
    ),
  );
  // The shell alone (placed nowhere), and the placement alone, to split the difference.
  heldOnly.push(
    await timed(
      () => spawn(program, args, { stdio: [...heldStdio] }),
      (child) => releaseHeld(child, { place: async () => {} } as unknown as ServerCgroup),
    ),
  );
  const idle = spawn('/bin/sleep', ['5'], { stdio: 'ignore' });
  began = performance.now();
  await cgroup.place(idle.pid!);
  place.push(performance.now() - began);
  idle.kill('SIGKILL');
  began = performance.now();
  await cgroup.remove();
  remove.push(performance.now() - began);
}

function kernelBytes(): number {
  const info = fs.readFileSync('/proc/meminfo', 'utf8');
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(info)?.[1] ?? 0);
  return (kib('Slab') + kib('Percpu') + kib('KernelStack') + kib('PageTables')) * 1024;
}

const before = kernelBytes();
const resting: ServerCgroup[] = [];
for (let n = 0; n < restingGroups; n += 1) resting.push(await system.create(`hostfront-bench-rest-${n}`, limits));
const after = kernelBytes();

// One sleeping process in a cgroup: a sample through the cgroup, against a walk of its tree in /proc.
const sleeper = spawn(heldCommand('/bin/sleep', ['30']).program, heldCommand('/bin/sleep', ['30']).args, { stdio: [...heldStdio] });
await releaseHeld(sleeper, resting[0]!);
const viaCgroup: number[] = [];
const viaProc: number[] = [];
for (let round = 0; round < 200; round += 1) {
  let began = performance.now();
  await resting[0]!.usage();
  viaCgroup.push(performance.now() - began);
  began = performance.now();
  await sampleTree(sleeper.pid!);
  viaProc.push(performance.now() - began);
}
for (const cgroup of resting) await cgroup.remove();
await system.close();

console.log(`cgroup ${system.version} under ${system.where}`);
console.log(`at start (median of ${rounds}):`);
console.log(`  make the cgroup (folders and limits)         ${ms(median(create))}`);
console.log(`  spawn /bin/true directly, to its exit        ${ms(median(direct))}`);
console.log(`  spawn it held by /bin/sh, placed, released   ${ms(median(held))}  (+${ms(median(held) - median(direct))})`);
console.log(`    of which /bin/sh                            ${ms(median(heldOnly) - median(direct))}`);
console.log(`    of which the move into the cgroup           ${ms(median(place))}`);
console.log(`  end and remove the cgroup                    ${ms(median(remove))}`);
console.log('at rest:');
console.log(
  `  kernel memory per empty cgroup               ${((after - before) / restingGroups / 1024).toFixed(1)} KiB (${restingGroups} made; slab, per-CPU, stacks, page tables)`,
);
console.log(`  a sample through the cgroup                  ${ms(median(viaCgroup))}`);
console.log(`  a sample of the process tree in /proc        ${ms(median(viaProc))}`);
process.exit(0);
