import { Redis } from 'ioredis';
import { INCOMPLETE_REASONS } from '@nexus/contract';
import { clearPrefix } from '../../../../test/support/redis-prefix.js';
import { TEST_REDIS_URL, testPrefix } from '../../../../test/support/test-env.js';
import { RedisProviderFacts } from './provider-facts.store.js';
import { RpcNftSource } from './rpc-nft.source.js';
import { eachCall, jsonRpcNode } from './testing/json-rpc-node.fixture.js';

const WALLET = '0x00000000000000000000000000000000000000b0';
const CONTRACTS = Array.from({ length: 8 }, (_, i) => `0x00000000000000000000000000000000000000c${i}`);

/**
 * A node that answers the head, takes JSON-RPC batches of at most 3 calls (NodeReal's refusal for
 * more) and, once `spent` is set, refuses everything else with Infura's spent daily quota.
 */
async function providerNode() {
  const state = { requests: 0, spent: false, batches: [] as number[] };
  const node = await jsonRpcNode((body) => {
    state.requests++;
    const calls = Array.isArray(body) ? body : [body];
    state.batches.push(calls.length);
    return eachCall(body, ({ method }) => {
      if (calls.length > 3) return { error: { code: -32005, message: 'batch size exceed limit 3' } };
      if (method === 'eth_blockNumber') return { result: '0x100' };
      if (state.spent) return { error: { code: -32005, message: 'daily request count exceeded' } };
      return { result: method === 'eth_getLogs' ? [] : '0x' };
    });
  });
  return { ...node, state };
}

describe('what a provider taught, shared by every process through Redis', () => {
  const prefix = testPrefix('provider-facts');
  // Two processes: each its own Redis connection and its own source.
  const redisA = new Redis(TEST_REDIS_URL);
  const redisB = new Redis(TEST_REDIS_URL);
  let node: Awaited<ReturnType<typeof providerNode>>;

  beforeAll(async () => {
    node = await providerNode();
  });

  afterAll(async () => {
    await node.close();
    await redisA.quit();
    await redisB.quit();
    await clearPrefix(prefix);
  });

  const source = (redis: Redis) =>
    new RpcNftSource(
      { ethereum: { chainId: 1, rpcUrl: node.url } },
      {
        retries: 1,
        retryBaseDelayMs: 1,
        providerFacts: { ethereum: new RedisProviderFacts(redis, `${prefix}:rpc-facts`) },
      },
    );
  const scan = async (redis: Redis) => {
    const reasons: string[] = [];
    const holdings = await source(redis).getWalletHoldings('ethereum', WALLET, {
      includeAllTokenTypes: true,
      onIncomplete: (reason) => reasons.push(reason),
    });
    return { holdings, reasons };
  };

  it("keeps a node's batch cap for a day: another process batches within it at once", async () => {
    // Many plain eth_calls at once (no Multicall3 on this node): batches of 10 refused, then of 3.
    await expect(source(redisA).contractFacts('ethereum', CONTRACTS)).resolves.toHaveLength(CONTRACTS.length);

    expect(await redisA.get(`${prefix}:rpc-facts:batch`)).toBe('3');
    const ttl = await redisA.ttl(`${prefix}:rpc-facts:batch`);
    expect(ttl).toBeGreaterThan(86_400 - 10);
    expect(ttl).toBeLessThanOrEqual(86_400);

    node.state.batches.length = 0;
    const other = source(redisB);
    // (The learnt cap is read as the source starts.)
    await new Promise((resolve) => setTimeout(resolve, 50));
    await other.contractFacts('ethereum', CONTRACTS);
    expect(Math.max(...node.state.batches)).toBe(3);
  });

  it('closes a provider whose daily quota is spent for every process until its reset', async () => {
    node.state.spent = true;

    const first = await scan(redisA);

    expect(first.holdings).toEqual([]);
    expect(new Set(first.reasons)).toEqual(new Set([INCOMPLETE_REASONS.quota]));
    // Until midnight UTC (Infura's day), at most a day.
    const until = Number(await redisA.get(`${prefix}:rpc-facts:quota`));
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(until).toBe(midnight.getTime());
    const pttl = await redisA.pttl(`${prefix}:rpc-facts:quota`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(until - Date.now() + 1_000);

    // Another process: the scan ends at once, partial, with no request to the node.
    const asked = node.state.requests;
    const second = await scan(redisB);
    expect(second).toEqual({ holdings: [], reasons: [INCOMPLETE_REASONS.quota] });
    expect(node.state.requests).toBe(asked);
  });
});
