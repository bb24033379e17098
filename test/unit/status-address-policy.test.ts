import { describe, expect, it } from 'vitest';
import { addressRange } from '../../server/status/address-policy.ts';

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

  it('names the range it refused', () => {
    expect(addressRange('10.0.0.1').range).toBe('private');
    expect(addressRange('::1').range).toBe('loopback');
    expect(addressRange('not an ip').allowed).toBe(false);
  });
});
