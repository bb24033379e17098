import net from 'node:net';
import type { MonitorType } from '../../contracts/monitors.ts';
import { findMonitorType } from './monitor-types/index.ts';
import type { NameResolver } from './name-resolver.ts';
import { literalRefusal, nameRefusal, resolveAllowed } from './status-checker.ts';

export interface AddressPolicy {
  /** STATUS_CHECK_ALLOW_PRIVATE: private, loopback and this machine's addresses are allowed. */
  allowPrivate: boolean;
  resolver: NameResolver;
}

/**
 * The public checker's address policy, applied to a target set in the console (docs/decisions.md
 * 32): each host its type connects to (the URL's, host:port's, a DNS monitor's name server) must
 * be, or resolve only to, public addresses unless private ones are allowed. The same messages as
 * the checker. Undefined when the target may be probed.
 */
export async function addressProblem(type: MonitorType, target: string, settings: unknown, policy: AddressPolicy): Promise<string | undefined> {
  for (const host of findMonitorType(type)?.hostsOf(target, settings) ?? []) {
    if (net.isIP(host)) {
      const refused = literalRefusal(host, policy.allowPrivate);
      if (refused) return refused;
      continue;
    }
    const ip = await resolveAllowed(host, policy.allowPrivate, policy.resolver);
    if (ip === undefined) return nameRefusal(host);
  }
  return undefined;
}
