import { Redis } from 'ioredis';
import { startAnvil, type AnvilNode } from '../../../../deploy/devchain/src/anvil.process.js';
import { PublicNodeProxy } from '../../../../deploy/devchain/src/public-node.proxy.js';
import { clearPrefix } from '../../../../test/support/redis-prefix.js';
import { TEST_REDIS_URL, testPrefix } from '../../../../test/support/test-env.js';
import { RpcNftSource } from './rpc-nft.source.js';
import { SharedRequestPacer } from './shared-request.pacer.js';

const PORT = 29592 + Number(process.env.NEXUS_TEST_SLOT ?? 0) * 100;
const BUDGET = 20;

describe(SharedRequestPacer.name, () => {
  let anvil: AnvilNode;
  let front: PublicNodeProxy;
  let redis: Redis;
  const prefix = testPrefix('shared-pacer');

  beforeAll(async () => {
    anvil = await startAnvil({ port: PORT, chainId: 25 });
    front = await PublicNodeProxy.start(anvil.url, { requestsPerSecond: BUDGET });
    redis = new Redis(TEST_REDIS_URL);
  });

  afterAll(async () => {
    await redis?.quit();
    await clearPrefix(prefix);
    await front?.close();
    await anvil?.stop();
  });

  it('keeps two processes reading one public node within its budget together', async () => {
    // Two workers' sources, each pacing at the full budget, sharing it through Redis.
    const sources = [1, 2].map(
      () =>
        new RpcNftSource(
          { cronos: { chainId: 25, rpcUrl: front.url, requestsPerSecond: BUDGET } },
          { pacers: { cronos: new SharedRequestPacer(redis, `${prefix}:rpc-budget:cronos`, BUDGET) } },
        ),
    );

    await Promise.all(
      sources.flatMap((source, n) =>
        // Different blocks: viem would merge identical calls made at once.
        Array.from({ length: BUDGET * 1.5 }, (_, i) =>
          source.transferFeed('cronos').blockHash(BigInt(n * 100 + i)),
        ),
      ),
    );

    expect(front.calls).toBe(BUDGET * 3);
    expect(front.refused.rate).toBe(0);
    expect(sources.map((source) => source.getStats().retries)).toEqual([0, 0]);
  });
});
