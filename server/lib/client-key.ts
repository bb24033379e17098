import ipaddr from 'ipaddr.js';

/**
 * The key a per-client limit counts under: an IPv4 address as it is, an IPv6 address by its
 * /64 (one customer line, or one host, gets a whole /64 and could otherwise change address at
 * every request). An IPv4-mapped IPv6 address counts as the IPv4 address it carries.
 */
export function clientKey(ip: string): string {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(ip.replace(/%.*$/, ''));
  } catch {
    return ip;
  }
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
