import { jest } from '@jest/globals';
import { clearPrefix } from '../../../test/support/redis-prefix.js';
import { testConfig, testPrefix } from '../../../test/support/test-env.js';
import { RedisConnections, SoftCache } from '../platform/redis/index.js';
import { ScanCacheRepository, type CachedScan } from './scan-cache.repository.js';

describe(ScanCacheRepository.name, () => {
  const prefix = testPrefix('scan-cache');
  const config = testConfig(prefix);
  const connections = new RedisConnections(config);
  const redis = connections.openCache('scan-cache-spec');
  /** Two API nodes sharing one Redis. */
  const node = () => new ScanCacheRepository(redis, connections, new SoftCache(config));
  const answer = (list: unknown[], cachedAt: number): CachedScan => ({
    meta: { scanDuration: 10, totalCollections: 1, isComplete: true, cachedAt },
    nftsJson: JSON.stringify(list),
  });
  const later = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(Date.now() + ms);

  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await connections.onApplicationShutdown();
    await clearPrefix(prefix);
  });

  it("keeps its copy past the memory's seconds while Redis holds the same answer, and takes a new one", async () => {
    const reader = node();
    const writer = node();
    const big = Array.from({ length: 200 }, (_, i) => ({ tokenId: String(i) }));
    await writer.set('wallet:polygon:0xaa', 'wallet', answer(big, 1));
    const first = await reader.get('wallet:polygon:0xaa');
    expect(first?.deflated).toBeDefined();

    later(6000);
    const same = await reader.get('wallet:polygon:0xaa');
    expect(same).toBe(first);

    await writer.set('wallet:polygon:0xaa', 'wallet', answer([{ tokenId: 'new' }], 2));
    later(12_000);
    const renewed = await reader.get('wallet:polygon:0xaa');
    expect(renewed).not.toBe(first);
    expect(JSON.parse(String(renewed?.nftsJson))).toEqual([{ tokenId: 'new' }]);

    await writer.delete('wallet:polygon:0xaa');
    later(18_000);
    expect(await reader.get('wallet:polygon:0xaa')).toBeNull();
  });
});
