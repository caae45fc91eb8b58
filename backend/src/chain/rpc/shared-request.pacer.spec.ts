import { Redis } from 'ioredis';
import { startAnvil, type AnvilNode } from '../../../../deploy/devchain/src/anvil.process.js';
import { PublicNodeProxy } from '../../../../deploy/devchain/src/public-node.proxy.js';
import { clearPrefix } from '../../../../test/support/redis-prefix.js';
import { TEST_REDIS_URL, testPrefix } from '../../../../test/support/test-env.js';
import { RpcNftSource } from './rpc-nft.source.js';
import { SharedRequestPacer } from './shared-request.pacer.js';

const PORT = 29592 + Number(process.env.NEXUS_TEST_SLOT ?? 0) * 100;
const BUDGET = 20;
/**
 * The front allows half as much again: a loaded machine delays some calls past their slot and a
 * window then holds a few more, but two processes each at the full budget (2x) are still refused.
 */
const FRONT_LIMIT = BUDGET * 1.5;

describe(SharedRequestPacer.name, () => {
  let anvil: AnvilNode;
  let front: PublicNodeProxy;
  let redis: Redis;
  const prefix = testPrefix('shared-pacer');

  beforeAll(async () => {
    anvil = await startAnvil({ port: PORT, chainId: 25 });
    front = await PublicNodeProxy.start(anvil.url, { requestsPerSecond: FRONT_LIMIT });
    redis = new Redis(TEST_REDIS_URL);
  });

  afterAll(async () => {
    await redis?.quit();
    await clearPrefix(prefix);
    await front?.close();
    await anvil?.stop();
  });

  /** Two workers' sources reading 1.5 budgets of blocks each; `shared` gives them one budget in Redis. */
  async function readTogether(shared: boolean, key: string): Promise<RpcNftSource[]> {
    const sources = [1, 2].map(
      () =>
        new RpcNftSource(
          { cronos: { chainId: 25, rpcUrl: front.url, requestsPerSecond: BUDGET } },
          // Unshared, every call may be in flight at once: only the pacer spaces them, so a loaded
          // machine's slow answers cannot hold the pair below the node's rate.
          shared
            ? { pacers: { cronos: new SharedRequestPacer(redis, `${prefix}:${key}`, BUDGET) } }
            : { concurrency: BUDGET * 2, httpBatchSize: 1 },
        ),
    );
    await Promise.allSettled(
      sources.flatMap((source, n) =>
        // Different blocks: viem would merge identical calls made at once.
        Array.from({ length: BUDGET * 1.5 }, (_, i) =>
          source.transferFeed('cronos').blockHash(BigInt(n * 100 + i)),
        ),
      ),
    );
    return sources;
  }

  beforeEach(() => {
    front.calls = 0;
    front.refused.rate = 0;
  });

  it('keeps two processes reading one public node within its budget together', async () => {
    const sources = await readTogether(true, 'rpc-budget:cronos');

    expect(front.refused.rate).toBe(0);
    expect(sources.map((source) => source.getStats().retries)).toEqual([0, 0]);
    expect(front.calls).toBe(BUDGET * 3);
  });

  it('is what keeps them within it: each pacing alone, together they are refused', async () => {
    // The node allows one budget exactly: each process alone keeps to it, and the two together
    // exceed it even when a loaded machine slows them well below their pace (the tolerance the
    // shared test needs would let two slowed processes through).
    // A machine busy enough to delay their calls by seconds may spread one round below the node's
    // rate, so they read again, for up to a minute, until the node refuses them and they ask again.
    front.limits.requestsPerSecond = BUDGET;
    try {
      let retries = 0;
      const until = Date.now() + 60_000;
      while (retries === 0 && Date.now() < until) {
        const sources = await readTogether(false, 'unused');
        retries += sources.reduce((sum, source) => sum + source.getStats().retries, 0);
      }

      expect(front.refused.rate).toBeGreaterThan(0);
      expect(retries).toBeGreaterThan(0);
    } finally {
      front.limits.requestsPerSecond = FRONT_LIMIT;
    }
  }, 120_000);
});
