import ipaddr from 'ipaddr.js';
import { isOwnAddress } from './own-addresses.ts';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const ipv4From = (high: number, low: number): ipaddr.IPv4 => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address carries, where a packet sent to it ends up at (or passes
 * through) that IPv4 host: IPv4-mapped ::ffff:a.b.c.d, SIIT ::ffff:0:a.b.c.d, IPv4-compatible
 * ::a.b.c.d (written ::7f00:1 too), NAT64 64:ff9b::a.b.c.d, 6to4 2002:AABB:CCDD::/48, and Teredo
 * 2001:0:SSSS:SSSS:…:CCCC:CCCC (the relay server S and the client C, whose bits are stored
 * inverted). Empty for any other address. docs/decisions.md (outbound address policy) says why.
 */
export function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts;
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return [ipv4From(p[6]!, p[7]!)];
  if (range === 'rfc6052') return p[2] === 0 ? [ipv4From(p[6]!, p[7]!)] : [];
  if (range === '6to4') return [ipv4From(p[1]!, p[2]!)];
  if (range === 'teredo') return [ipv4From(p[2]!, p[3]!), ipv4From(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
  // ::/96 other than :: and ::1 (their own ranges): the deprecated IPv4-compatible form.
  if (range === 'unicast' && p.slice(0, 6).every((part) => part === 0)) return [ipv4From(p[6]!, p[7]!)];
  return [];
}

/**
 * Whether an outbound connection may go to an IP: only global unicast addresses. Loopback,
 * private, carrier-grade NAT, link-local, multicast, unspecified, broadcast, documentation and
 * other reserved ranges are refused, in IPv4 and IPv6; an IPv6 address that carries an IPv4
 * address (embeddedIpv4) is judged by every address it carries. The local-use NAT64 prefix
 * 64:ff9b:1::/48 is refused: where it carries its IPv4 address is the local network's choice.
 * The range name is returned for the error message.
 */
export function addressRange(ip: string): { allowed: boolean; range: string } {
  if (!ipaddr.isValid(ip)) return { allowed: false, range: 'invalid' };
  const address: Address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    const carried = embeddedIpv4(v6);
    if (v6.range() === 'rfc6052' && carried.length === 0) return { allowed: false, range: 'local-use NAT64' };
    for (const v4 of carried) {
      const range = v4.range();
      if (range !== 'unicast') return { allowed: false, range };
    }
    if (carried.length > 0) return { allowed: true, range: 'unicast' };
  }
  const range = address.range();
  return { allowed: range === 'unicast', range };
}

/**
 * Why an outbound connection may not go to an IP (the range it is in, or this machine's own
 * address), or undefined when it may: the one policy of the public checker, the operator's
 * monitors and the subscribers' webhooks. allowPrivate is STATUS_CHECK_ALLOW_PRIVATE.
 */
export function addressRefusal(ip: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  const { allowed, range } = addressRange(ip);
  if (!allowed) return `a ${range} address`;
  const address = ipaddr.parse(ip);
  const carried = address.kind() === 'ipv6' ? embeddedIpv4(address as ipaddr.IPv6) : [];
  if (isOwnAddress([address, ...carried])) return "this site's own address";
  return undefined;
}
