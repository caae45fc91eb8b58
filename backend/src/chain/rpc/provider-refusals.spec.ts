import { Redis } from 'ioredis';
import { createPublicClient, http, numberToHex, type Hex, type PublicClient, type RpcLog } from 'viem';
import { startAnvil, type AnvilNode } from '../../../../deploy/devchain/src/anvil.process.js';
import {
  PublicNodeProxy,
  type PublicNodeAnswers,
} from '../../../../deploy/devchain/src/public-node.proxy.js';
import { clearPrefix } from '../../../../test/support/redis-prefix.js';
import { TEST_REDIS_URL, testPrefix } from '../../../../test/support/test-env.js';
import { LEARNT_LIMIT_TTL_SECONDS, RedisLogLimits, type LogLimitsStore } from './log-limits.store.js';
import { LogScanner } from './log.scanner.js';
import { resilientTransport } from './resilient.transport.js';
import { RpcStats } from './rpc.stats.js';

const PORT = 29593 + Number(process.env.NEXUS_TEST_SLOT ?? 0) * 100;
const SENDER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const MAX_LOG_RANGE = 250;
const MAX_LOG_RESULTS = 200;

const hex = (n: bigint): string => `0x${n.toString(16)}`;

/**
 * Providers' wordings for the front (texts and shapes as recorded in
 * testing/provider-refusals.fixture.ts, which cites each): a span cap whose words the reader once
 * did not know, a result cap with or without a suggested range, and throttling in a 200 body.
 */
const PROFILES: Array<{ name: string; answers: Partial<PublicNodeAnswers> }> = [
  {
    name: 'thirdweb span, Infura results, QuickNode credits in a 200 body',
    answers: {
      span: (limit) => ({ code: -32005, message: `Maximum allowed number of requested blocks is ${limit}` }),
      results: (limit, from, _to, fits) => ({
        code: -32005,
        message: `query returned more than ${limit} results. Try with this block range [${hex(from)}, ${hex(fits)}].`,
        data: { from: hex(from), to: hex(fits), limit },
      }),
      throttled: (limit) => ({
        status: 200,
        error: { code: -32012, message: `credits limited to ${limit}/sec` },
      }),
    },
  },
  {
    name: 'Coinbase span, Alchemy results, -32005 rate limit in a 200 body',
    answers: {
      span: (limit) => ({ code: -32005, message: `please limit the query to at most ${limit} blocks` }),
      results: (_limit, from, _to, fits) => ({
        code: -32602,
        message: `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [${hex(from)}, ${hex(fits)}]`,
      }),
      throttled: () => ({ status: 200, error: { code: -32005, message: 'Rate limit exceeded' } }),
    },
  },
  {
    name: 'dRPC span, reth results, HTTP 429 without Retry-After',
    answers: {
      span: (limit) => ({
        code: -32000,
        message: `ranges over ${limit} blocks are not supported on freetier`,
      }),
      results: (_limit, from, _to, fits) => ({
        code: -32602,
        message: `query exceeds max results 20000, retry with the range ${from}-${fits}`,
      }),
      throttled: () => ({ status: 429, error: { code: -32029, message: 'Too Many Requests' } }),
    },
  },
];

describe('eth_getLogs through a public node worded as real providers', () => {
  let anvil: AnvilNode;
  let chain: PublicClient;
  let redis: Redis;
  const prefix = testPrefix('provider-refusals');
  /** Blocks holding the dense logs (30 a block) and the sparse ones (one each). */
  let dense: [bigint, bigint];
  let head: bigint;

  async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    return chain.request({ method, params } as never) as Promise<T>;
  }

  /** A creation transaction whose init code emits `count` LOG0s and deploys nothing. */
  async function emit(count: number): Promise<void> {
    const data = `0x${'60006000a0'.repeat(count)}00` as Hex;
    const hash = await rpc<Hex>('eth_sendTransaction', [{ from: SENDER, data, gas: numberToHex(1_000_000) }]);
    // Anvil answers the hash before its block is mined.
    while ((await rpc<unknown>('eth_getTransactionReceipt', [hash])) === null) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  beforeAll(async () => {
    anvil = await startAnvil({ port: PORT, chainId: 25 });
    // Mining hundreds of blocks takes seconds on a loaded machine.
    chain = createPublicClient({ transport: http(anvil.url, { timeout: 60_000 }) });
    redis = new Redis(TEST_REDIS_URL);
    await rpc('anvil_mine', [numberToHex(20)]);
    const start = BigInt(await rpc<string>('eth_blockNumber')) + 1n;
    for (let i = 0; i < 40; i++) await emit(30);
    dense = [start, BigInt(await rpc<string>('eth_blockNumber'))];
    for (let i = 0; i < 5; i++) {
      await rpc('anvil_mine', [numberToHex(400)]);
      await emit(1);
    }
    head = BigInt(await rpc<string>('eth_blockNumber'));
  }, 60_000);

  afterAll(async () => {
    await redis?.quit();
    await clearPrefix(prefix);
    await anvil?.stop();
  });

  /** The chain's own answer: every log, in order (anvil has no limits). */
  async function truth(from: bigint, to: bigint): Promise<string[]> {
    const logs = await rpc<RpcLog[]>('eth_getLogs', [{ fromBlock: hex(from), toBlock: hex(to) }]);
    return logs.map((log) => `${log.blockNumber}:${log.logIndex}`);
  }

  function scanner(front: PublicNodeProxy, limits: LogLimitsStore): { scanner: LogScanner; stats: RpcStats } {
    const stats = new RpcStats();
    const client = createPublicClient({
      transport: resilientTransport({
        url: front.url,
        stats,
        concurrency: 8,
        batchSize: 10,
        timeoutMs: 10_000,
        retries: 6,
        retryBaseDelayMs: 50,
      }),
    });
    return { scanner: new LogScanner(client, stats, { parallel: 4, limits }), stats };
  }

  it.each(PROFILES)(
    'reads every log behind $name, learning the span once for every process',
    async ({ name, answers }) => {
      const front = await PublicNodeProxy.start(anvil.url, {
        maxLogRange: MAX_LOG_RANGE,
        maxLogResults: MAX_LOG_RESULTS,
        requestsPerSecond: 40,
        answers,
      });
      try {
        const key = `${prefix}:rpc-limits:${name.split(' ')[0]}`;
        const first = scanner(front, new RedisLogLimits(redis, key));

        // A collection's dense blocks: refused for their logs, read at the suggested ranges.
        const collection = await first.scanner.scan({ topics: [], fromBlock: dense[0], toBlock: dense[1] });
        expect(collection.map((log) => `${log.blockNumber}:${log.logIndex}`)).toEqual(await truth(...dense));
        expect(front.refused.logResults).toBeGreaterThan(0);

        // The whole history: refused once for its span (words the reader once did not know), then
        // read at the front's span; the dense blocks' refusals narrowed nothing for it.
        const refusedBefore = front.refused.logRange;
        const history = await first.scanner.scan({ topics: [], fromBlock: 0n, toBlock: head });
        expect(history.map((log) => `${log.blockNumber}:${log.logIndex}`)).toEqual(await truth(0n, head));
        expect(front.refused.logRange - refusedBefore).toBeLessThanOrEqual(1);
        expect(first.scanner.learnedSpan).toBe(BigInt(MAX_LOG_RANGE));

        // Another process reading the same provider starts from the span in Redis: no refusal.
        expect(await redis.hgetall(key)).toEqual({ span: String(MAX_LOG_RANGE), stated: '1' });
        const ttl = await redis.ttl(key);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(LEARNT_LIMIT_TTL_SECONDS);
        const second = scanner(front, new RedisLogLimits(redis, key));
        const refusedBeforeSecond = front.refused.logRange;
        const sparse = await second.scanner.scan({ topics: [], fromBlock: dense[1] + 1n, toBlock: head });
        expect(sparse).toHaveLength(5);
        expect(front.refused.logRange).toBe(refusedBeforeSecond);
      } finally {
        await front.close();
      }
    },
  );

  it('is throttled in a 200 body and still reads every log', async () => {
    const front = await PublicNodeProxy.start(anvil.url, {
      maxLogRange: 100,
      maxLogResults: MAX_LOG_RESULTS,
      requestsPerSecond: 10,
      answers: PROFILES[0]!.answers,
    });
    try {
      const { scanner: sut, stats } = scanner(
        front,
        new RedisLogLimits(redis, `${prefix}:rpc-limits:throttled`),
      );

      const logs = await sut.scan({ topics: [], fromBlock: dense[1] + 1n, toBlock: dense[1] + 1_500n });

      expect(logs.map((log) => `${log.blockNumber}:${log.logIndex}`)).toEqual(
        await truth(dense[1] + 1n, dense[1] + 1_500n),
      );
      expect(front.refused.rate).toBeGreaterThan(0);
      expect(stats.retries).toBeGreaterThan(0);
    } finally {
      await front.close();
    }
  });
});
