import os from 'node:os';
import ipaddr from 'ipaddr.js';

const refreshMs = 60_000;
let cached: { at: number; addresses: Set<string> } | undefined;

function normalized(ip: string): string {
  let address = ipaddr.parse(ip.replace(/%.*$/, ''));
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  return address.toNormalizedString();
}

/**
 * Every address of this machine's interfaces (public ones included), so the public checker
 * cannot be pointed at a service that listens here on a public address, and the list is read
 * again every minute, as addresses come and go.
 */
export function ownAddresses(): Set<string> {
  const now = Date.now();
  if (cached && now - cached.at < refreshMs) return cached.addresses;
  const addresses = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) {
      try {
        addresses.add(normalized(entry.address));
      } catch {
        // not an address ipaddr.js reads: nothing to compare against
      }
    }
  }
  cached = { at: now, addresses };
  return addresses;
}

/** Whether any of these addresses (an IP and the IPv4 addresses it carries) is one of this machine's own. */
export function isOwnAddress(addresses: ReadonlyArray<ipaddr.IPv4 | ipaddr.IPv6>): boolean {
  const own = ownAddresses();
  return addresses.some((address) => {
    try {
      return own.has(normalized(address.toString()));
    } catch {
      return false;
    }
  });
}
