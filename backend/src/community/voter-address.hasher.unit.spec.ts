import type { AppConfig } from '../platform/config/index.js';
import type { VoteKeyRepository } from './vote-key.repository.js';
import { VoterAddressHasher, voterNetwork } from './voter-address.hasher.js';

describe(voterNetwork.name, () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (ip, network) => {
    expect(voterNetwork(ip)).toBe(network);
  });
});

describe(VoterAddressHasher.name, () => {
  const keys = (key: string) => {
    let calls = 0;
    const repository: Pick<VoteKeyRepository, 'getOrCreate'> = {
      getOrCreate: () => {
        calls++;
        return Promise.resolve(key);
      },
    };
    return { repository: repository as VoteKeyRepository, calls: () => calls };
  };
  const config = (voteIpHashKey: string | null) => ({ voteIpHashKey }) as AppConfig;

  it('hashes the network of an address under the key, never giving the address back', async () => {
    const sut = new VoterAddressHasher(config(null), keys('k'.repeat(43)).repository);

    const hash = await sut.hash('203.0.113.7');

    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await sut.hash('203.0.113.7')).toBe(hash);
    expect(await sut.hash('::ffff:203.0.113.7')).toBe(hash);
    expect(await sut.hash('203.0.113.8')).not.toBe(hash);
    expect(await sut.hash('2001:db8:1:2::1')).toBe(await sut.hash('2001:db8:1:2::9'));
  });

  it('gives another hash under another key', async () => {
    const a = new VoterAddressHasher(config(null), keys('a'.repeat(43)).repository);
    const b = new VoterAddressHasher(config('b'.repeat(32)), keys('a'.repeat(43)).repository);
    expect(await a.hash('203.0.113.7')).not.toBe(await b.hash('203.0.113.7'));
  });

  it('reads the generated key once, and never when one is configured', async () => {
    const generated = keys('g'.repeat(43));
    const sut = new VoterAddressHasher(config(null), generated.repository);
    await Promise.all([sut.hash('1.1.1.1'), sut.hash('2.2.2.2'), sut.hash('3.3.3.3')]);
    expect(generated.calls()).toBe(1);

    const unused = keys('g'.repeat(43));
    await new VoterAddressHasher(config('c'.repeat(32)), unused.repository).hash('1.1.1.1');
    expect(unused.calls()).toBe(0);
  });
});
