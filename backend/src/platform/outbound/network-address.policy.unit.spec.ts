import { blockedAddressReason, isBlockedAddress, parseIpAddress } from './network-address.policy.js';

describe('network address policy', () => {
  describe(blockedAddressReason.name, () => {
    it.each([
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['10.0.0.1', 'private'],
      ['10.255.255.255', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'cloud-metadata'],
      ['169.254.1.1', 'link-local'],
      ['168.63.129.16', 'cloud-metadata'],
      ['100.64.0.1', 'shared'],
      ['100.100.100.200', 'shared'],
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['255.255.255.255', 'reserved'],
      ['192.0.2.10', 'documentation'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['[::1]', 'loopback'],
      ['fc00::1', 'unique-local'],
      ['fd00:ec2::254', 'unique-local'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:10.0.0.1', 'private'],
      ['::ffff:a9fe:a9fe', 'cloud-metadata'],
      ['::ffff:192.168.0.1', 'private'],
      ['::ffff:172.16.0.1', 'private'],
      ['::ffff:100.64.0.1', 'shared'],
      ['::ffff:0.0.0.0', 'unspecified'],
      ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
      ['::127.0.0.1', 'loopback'],
      ['::ffff:0:10.0.0.1', 'private'],
      ['64:ff9b::10.0.0.1', 'private'],
      ['2002:7f00:1::', 'loopback'],
      ['2002:c0a8:101::1', 'private'],
      ['2001:db8::1', 'documentation'],
      ['not-an-address', 'invalid'],
      ['', 'invalid'],
    ])('blocks %s (%s)', (address, reason) => {
      expect(blockedAddressReason(address)).toBe(reason);
    });

    it.each([
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '172.15.255.255',
      '172.32.0.1',
      '192.169.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '169.253.255.255',
      '2606:4700:4700::1111',
      '2a00:1450:4001:80b::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ])('lets %s through', (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    });
  });

  describe(parseIpAddress.name, () => {
    it('parses both families into bytes', () => {
      expect(Array.from(parseIpAddress('10.1.2.3') ?? [])).toEqual([10, 1, 2, 3]);
      expect(Array.from(parseIpAddress('::ffff:1.2.3.4') ?? [])).toEqual([
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4,
      ]);
      expect(Array.from(parseIpAddress('1::2') ?? [])).toEqual([
        0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2,
      ]);
    });

    it('refuses names and malformed text', () => {
      expect(parseIpAddress('example.com')).toBeNull();
      expect(parseIpAddress('1.2.3')).toBeNull();
      expect(parseIpAddress('1:::2')).toBeNull();
    });
  });
});
