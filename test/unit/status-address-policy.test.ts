import { describe, expect, it } from 'vitest';
import ipaddr from 'ipaddr.js';
import { addressRange, embeddedIpv4 } from '../../server/status/address-policy.ts';

describe('checker address policy', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '240.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '2001:db8::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
  ])('refuses %s', (ip) => {
    expect(addressRange(ip).allowed).toBe(false);
  });

  it.each(['1.1.1.1', '8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) => {
    expect(addressRange(ip)).toEqual({ allowed: true, range: 'unicast' });
  });

  describe('an IPv6 address that carries an IPv4 address is judged by that address', () => {
    it.each([
      ['IPv4-mapped', '::ffff:127.0.0.1', ['127.0.0.1']],
      ['SIIT (IPv4-translated)', '::ffff:0:7f00:1', ['127.0.0.1']],
      ['IPv4-compatible, dotted', '::10.1.2.3', ['10.1.2.3']],
      ['IPv4-compatible, in hex', '::7f00:1', ['127.0.0.1']],
      ['NAT64 well-known prefix', '64:ff9b::a9fe:a9fe', ['169.254.169.254']],
      ['6to4', '2002:c0a8:101::1', ['192.168.1.1']],
      ['Teredo (server, then the client with its bits inverted)', '2001:0:4136:e378:8000:63bf:80ff:fffe', ['65.54.227.120', '127.0.0.1']],
    ])('finds the IPv4 address in the %s form', (_form, ip, carried) => {
      expect(embeddedIpv4(ipaddr.parse(ip) as ipaddr.IPv6).map(String)).toEqual(carried);
    });

    it.each(['2606:4700:4700::1111', '::1', '::', 'fe80::1', '64:ff9b:1::a00:1'])('finds none in %s', (ip) => {
      expect(embeddedIpv4(ipaddr.parse(ip) as ipaddr.IPv6)).toEqual([]);
    });

    it.each([
      ['::7f00:1', 'loopback'],
      ['[::7f00:1] written dotted: ::127.0.0.1', 'loopback'],
      ['::a00:1', 'private'],
      ['::ffff:0:a9fe:a9fe', 'linkLocal'],
      ['64:ff9b::7f00:1', 'loopback'],
      ['2002:7f00:1::', 'loopback'],
      ['2002:a9fe:a9fe:1::1', 'linkLocal'],
      ['2002:6440:1::1', 'carrierGradeNat'],
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
      ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'],
      ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private'],
      ['64:ff9b:1::808:808', 'local-use NAT64'],
    ])('refuses %s as %s', (ip, range) => {
      expect(addressRange(ip.split(': ').at(-1)!)).toEqual({ allowed: false, range });
    });

    it.each(['::808:808', '::ffff:0:808:808', '64:ff9b::808:808', '2002:808:808::1', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'])(
      'allows %s, which carries only public addresses',
      (ip) => {
        expect(addressRange(ip)).toEqual({ allowed: true, range: 'unicast' });
      },
    );
  });

  it('names the range it refused', () => {
    expect(addressRange('10.0.0.1').range).toBe('private');
    expect(addressRange('::1').range).toBe('loopback');
    expect(addressRange('not an ip').allowed).toBe(false);
  });
});
