import net from 'node:net';
import type { MonitorType } from '../../contracts/monitors.ts';
import { splitHostPort } from './monitors-file.ts';
import type { NameResolver } from './name-resolver.ts';
import { literalRefusal, nameRefusal, resolveAllowed } from './status-checker.ts';

export interface AddressPolicy {
  /** STATUS_CHECK_ALLOW_PRIVATE: private, loopback and this machine's addresses are allowed. */
  allowPrivate: boolean;
  resolver: NameResolver;
}

/** The host a target names: the URL's host for http, the host of host:port otherwise. */
function hostOf(type: MonitorType, target: string): string | undefined {
  if (type !== 'http') return splitHostPort(target)?.host;
  try {
    const host = new URL(target).hostname;
    return host.startsWith('[') ? host.slice(1, -1) : host;
  } catch {
    return undefined;
  }
}

/**
 * The public checker's address policy, applied to a target set in the console (docs/decisions.md
 * 32): its host must be, or resolve only to, public addresses unless private ones are allowed.
 * The same messages as the checker. Undefined when the target may be probed.
 */
export async function addressProblem(type: MonitorType, target: string, policy: AddressPolicy): Promise<string | undefined> {
  const host = hostOf(type, target);
  if (host === undefined) return undefined;
  if (net.isIP(host)) return literalRefusal(host, policy.allowPrivate);
  const ip = await resolveAllowed(host, policy.allowPrivate, policy.resolver);
  return ip === undefined ? nameRefusal(host) : undefined;
}
