import { canDropPrivileges } from '../run-as.ts';
import type { CgroupSystem } from './cgroup.ts';
import { detectCgroups } from './detect.ts';

/**
 * The cgroups the local driver confines its servers with, said in the log at start (README,
 * Security). Run as root without usable cgroups, the app says so and why: limits are then
 * enforced by sampling every process of each server's user.
 */
export function confinementAtStart(
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  wanted: boolean,
): CgroupSystem | undefined {
  if (!canDropPrivileges()) return undefined;
  const detected = wanted ? detectCgroups() : { system: undefined, reason: 'turned off (the local driver was created without cgroups)' };
  if (detected.system) {
    log.info(
      { cgroups: detected.system.version, where: detected.system.where },
      'local game servers: each in a cgroup of its own (memory, CPU and process limits enforced by the kernel)',
    );
    return detected.system;
  }
  log.warn(
    { reason: detected.reason },
    'local game servers: no usable cgroups (v2 or v1), so the kernel does not enforce their limits; memory is measured over every process of each server user and a server over its limit is killed by the app, CPU is not limited',
  );
  return undefined;
}
