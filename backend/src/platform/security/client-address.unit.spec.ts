import { clientKey, isClientKey, UNKNOWN_CLIENT } from './client-address.js';

describe(clientKey.name, () => {
  it('keeps an IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(clientKey('::1')).toBe('::/64');
    expect(clientKey('64:ff9b::192.0.2.33')).toBe('64:ff9b::/64');
  });

  it('puts what is not an address under one key', () => {
    for (const ip of [undefined, '', 'not-an-ip', '999.1.1.1', '1.2.3.4, 5.6.7.8']) {
      expect(clientKey(ip)).toBe(UNKNOWN_CLIENT);
    }
  });
});

describe(isClientKey.name, () => {
  it('accepts an IP address or an IPv6 /64 as listed', () => {
    for (const ok of ['203.0.113.7', '2001:db8::1', '2001:db8:1:2::/64', '::ffff:1.2.3.4']) {
      expect(isClientKey(ok)).toBe(true);
    }
    for (const bad of ['', 'localhost', '999.1.1.1', '203.0.113.0/24', '2001:db8::/48', '1.2.3.4/64']) {
      expect(isClientKey(bad)).toBe(false);
    }
  });
});
