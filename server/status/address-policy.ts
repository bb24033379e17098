import ipaddr from 'ipaddr.js';

/**
 * Whether the public checker may connect to an IP: only global unicast addresses. Loopback,
 * private, carrier-grade NAT, link-local, multicast, unspecified, broadcast, documentation and
 * other reserved ranges are refused, in IPv4 and IPv6; an IPv4-mapped IPv6 address (::ffff:a.b.c.d)
 * is judged as the IPv4 address it carries. The range name is returned for the error message.
 */
export function addressRange(ip: string): { allowed: boolean; range: string } {
  if (!ipaddr.isValid(ip)) return { allowed: false, range: 'invalid' };
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  const range = address.range();
  return { allowed: range === 'unicast', range };
}
