import { describe, expect, it } from 'vitest';
import { clientKey } from '../src/lib/client-key';

describe('clientKey: the address every per-client limit counts', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('10.0.0.1')).not.toBe(clientKey('10.0.0.2'));
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 clients per /64: one home network is one client', () => {
    const a = clientKey('2001:db8:1:2::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(a);
    expect(clientKey('2001:0DB8:0001:0002:abcd::9')).toBe(a);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(a);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('keeps anything that is not an address as it is (never throws)', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('not-an-ip')).toBe('not-an-ip');
  });
});
