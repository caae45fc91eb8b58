import { HttpRequestError, RpcRequestError, TimeoutError, type PublicClient, type RpcLog } from 'viem';
import { INCOMPLETE_REASONS } from '@nexus/contract';
import { MemoryLogLimits } from './log-limits.store.js';
import { LogScanner } from './log.scanner.js';
import { RpcStats } from './rpc.stats.js';
import {
  RESULT_REFUSALS,
  SPAN_REFUSALS,
  type JsonRpcErrorBody,
} from './testing/provider-refusals.fixture.js';

interface Filter {
  address?: string;
  fromBlock: `0x${string}`;
  toBlock: `0x${string}`;
}

interface FakeNode {
  client: PublicClient;
  calls: Array<{ address?: string; from: bigint; to: bigint; refused: boolean }>;
}

/** Logs per block of a contract: `density(address, block)`. */
type Density = (address: string | undefined, block: bigint) => number;

/**
 * A node holding `density` logs per block, refusing calls the way `refuse` says (null: answer).
 * Logs are enumerated only over the blocks that hold some, so huge sparse ranges stay cheap.
 */
function fakeNode(
  density: Density,
  refuse: (address: string | undefined, from: bigint, to: bigint) => JsonRpcErrorBody | null,
  options: { status?: number; busy?: Array<[bigint, bigint]> } = {},
): FakeNode {
  const calls: FakeNode['calls'] = [];
  const request = async ({ params }: { params: [Filter] }): Promise<RpcLog[]> => {
    const { address } = params[0];
    const from = BigInt(params[0].fromBlock);
    const to = BigInt(params[0].toBlock);
    const refusal = refuse(address, from, to);
    calls.push({ ...(address ? { address } : {}), from, to, refused: refusal !== null });
    if (refusal) {
      if (options.status) {
        throw new HttpRequestError({ url: 'http://node', status: options.status, details: refusal.message });
      }
      throw new RpcRequestError({ body: {}, url: 'http://node', error: refusal });
    }
    return logsOf(density, address, from, to, options.busy ?? [[0n, 2_000n]]);
  };
  return { client: { request } as unknown as PublicClient, calls };
}

/** Blocks outside `busy` hold no logs (a fake node's huge ranges must not be walked block by block). */
function logsOf(
  density: Density,
  address: string | undefined,
  from: bigint,
  to: bigint,
  busy: Array<[bigint, bigint]>,
): RpcLog[] {
  const logs: RpcLog[] = [];
  for (const [low, high] of busy) {
    for (let block = from > low ? from : low; block <= to && block <= high; block++) {
      for (let i = 0; i < density(address, block); i++) {
        logs.push({
          blockNumber: `0x${block.toString(16)}`,
          logIndex: `0x${i.toString(16)}`,
        } as unknown as RpcLog);
      }
    }
  }
  return logs;
}

function blocksOf(logs: RpcLog[]): number[] {
  return logs.map((log) => Number(BigInt(log.blockNumber!)));
}

/** One log per block in 0..2,000. */
const ONE_PER_BLOCK: Density = (_, block) => (block <= 2_000n ? 1 : 0);

describe(LogScanner.name, () => {
  describe.each(SPAN_REFUSALS)('behind $provider ($source)', (row) => {
    it('reads every log of a range wider than its span cap, and learns the cap', async () => {
      const limit = BigInt(row.limit);
      const node = fakeNode(
        ONE_PER_BLOCK,
        (_, from, to) => (to - from + 1n > limit ? row.answer(from, to) : null),
        row.status ? { status: row.status } : {},
      );
      const stats = new RpcStats();
      const sut = new LogScanner(node.client, stats);
      const to = limit * 3n + 500n;

      const logs = await sut.scan({ topics: [], fromBlock: 0n, toBlock: to });

      const expected = Array.from({ length: Math.min(Number(to), 2_000) + 1 }, (_, i) => i);
      expect(blocksOf(logs)).toEqual(expected);
      expect(sut.learnedSpan).not.toBeNull();
      expect(sut.learnedSpan!).toBeLessThanOrEqual(limit);
      const refused = node.calls.filter((call) => call.refused).length;
      if (row.stated) {
        // A stated cap is taken at its word: one refusal, then windows of exactly that span.
        expect(refused).toBe(1);
        expect(sut.learnedSpan).toBe(limit);
      } else {
        // Found by halving: one refusal per halving, not one per window.
        expect(refused).toBeLessThanOrEqual(4 + Math.ceil(Math.log2(Number(to) / row.limit)));
      }
    });
  });

  describe.each(RESULT_REFUSALS)('behind $provider ($source)', (row) => {
    const LIMIT = 300;
    /** 0..999 dense (10 logs a block), then sparse (one log every 100 blocks up to 2,000). */
    const density: Density = (_, block) => (block < 1_000n ? 10 : block % 100n === 0n ? 1 : 0);
    function fits(from: bigint, to: bigint): bigint {
      let count = 0;
      for (let block = from; block <= to; block++) {
        count += density(undefined, block);
        if (count > LIMIT) return block - 1n;
      }
      return to;
    }
    const refuse = (_: string | undefined, from: bigint, to: bigint): JsonRpcErrorBody | null =>
      logsOf(density, undefined, from, to, [[0n, 2_000n]]).length > LIMIT
        ? row.answer(from, to, fits(from, to) < from ? from : fits(from, to))
        : null;

    it('reads every log of a dense range and remembers no span for it', async () => {
      const node = fakeNode(density, refuse);
      const sut = new LogScanner(node.client, new RpcStats());

      const logs = await sut.scan({ topics: [], fromBlock: 0n, toBlock: 1_000_000n });

      expect(logs).toHaveLength(10_000 + 11);
      expect(sut.learnedSpan).toBeNull();
    });

    if (row.suggests) {
      it('asks the suggested range as given', async () => {
        const node = fakeNode(density, refuse);
        const sut = new LogScanner(node.client, new RpcStats());

        await sut.scan({ topics: [], fromBlock: 0n, toBlock: 999n });

        expect(node.calls[0]).toMatchObject({ from: 0n, to: 999n, refused: true });
        expect(node.calls[1]).toMatchObject({ from: 0n, to: 29n, refused: false });
      });
    }
  });

  it('keeps a dense collection from narrowing a later sparse wallet scan', async () => {
    // A busy collection (40 logs a block over 0..2,000) on a node capping results at 1,000 logs.
    const collection = '0xc011ec7100000000000000000000000000000000';
    const density: Density = (address, block) =>
      address === collection ? 40 : block % 50_000n === 0n ? 1 : 0;
    const node = fakeNode(density, (address, from, to) =>
      logsOf(density, address, from, to, [[0n, 2_000n]]).length > 1_000
        ? { code: -32005, message: 'query returned more than 10000 results' }
        : null,
    );
    const sut = new LogScanner(node.client, new RpcStats());
    for (let i = 0; i < 3; i++) {
      await sut.scan({ address: collection, topics: [], fromBlock: 0n, toBlock: 2_000n });
    }
    node.calls.length = 0;

    await sut.scan({ topics: [], fromBlock: 0n, toBlock: 1_000_000n });

    // The wallet's blocks hold a handful of logs: one call, not 1,000,000 / 25.
    expect(node.calls).toHaveLength(1);
  });

  it('widens again within a scan after the dense blocks are behind it', async () => {
    const density: Density = (_, block) => (block < 1_000n ? 10 : 0);
    const node = fakeNode(density, (_, from, to) =>
      logsOf(density, undefined, from, to, [[0n, 1_000n]]).length > 100
        ? { code: -32602, message: 'query exceeds max results 20000' }
        : null,
    );
    const sut = new LogScanner(node.client, new RpcStats());

    const logs = await sut.scan({ topics: [], fromBlock: 0n, toBlock: 10_000_000n });

    expect(logs).toHaveLength(10_000);
    // Ten blocks a call over the dense part, then the window doubles back up: far fewer calls
    // than 10,000,000 blocks at ten a call.
    expect(node.calls.length).toBeLessThan(400);
  });

  it('tries a span found by halving wider again after a run of accepted calls', async () => {
    let cap = 250n;
    const node = fakeNode(ONE_PER_BLOCK, (_, from, to) =>
      to - from + 1n > cap ? { code: -32000, message: 'block range is too wide' } : null,
    );
    const sut = new LogScanner(node.client, new RpcStats());
    await sut.scan({ topics: [], fromBlock: 0n, toBlock: 999n });
    expect(sut.learnedSpan).toBeLessThanOrEqual(250n);

    // The node was only busy: it accepts 4,000 blocks now.
    cap = 4_000n;
    await sut.scan({ topics: [], fromBlock: 0n, toBlock: 400_000n });

    expect(sut.learnedSpan).toBeGreaterThan(1_000n);
  });

  it('keeps a stated span as stated: no wider call after it', async () => {
    const node = fakeNode(ONE_PER_BLOCK, (_, from, to) =>
      to - from + 1n > 1_000n
        ? { code: -32005, message: 'Maximum allowed number of requested blocks is 1000' }
        : null,
    );
    const sut = new LogScanner(node.client, new RpcStats());

    await sut.scan({ topics: [], fromBlock: 0n, toBlock: 200_000n });

    expect(node.calls.filter((call) => call.refused)).toHaveLength(1);
    expect(sut.learnedSpan).toBe(1_000n);
  });

  it('shares the learnt span with every scanner of the same store (the processes of one provider)', async () => {
    const limits = new MemoryLogLimits();
    const refuse = (_: string | undefined, from: bigint, to: bigint): JsonRpcErrorBody | null =>
      to - from + 1n > 2_000n ? { code: -32005, message: 'block range exceeds 2000' } : null;
    const first = fakeNode(ONE_PER_BLOCK, refuse);
    await new LogScanner(first.client, new RpcStats(), { limits }).scan({
      topics: [],
      fromBlock: 0n,
      toBlock: 9_999n,
    });
    const second = fakeNode(ONE_PER_BLOCK, refuse);

    await new LogScanner(second.client, new RpcStats(), { limits }).scan({
      topics: [],
      fromBlock: 0n,
      toBlock: 9_999n,
    });

    expect(await limits.read()).toEqual({ span: 2_000n, stated: true });
    expect(second.calls.filter((call) => call.refused)).toHaveLength(0);
  });

  it('gives up when even one block is refused', async () => {
    const node = fakeNode(ONE_PER_BLOCK, () => ({
      code: -32005,
      message: 'query returned more than 10000 results',
    }));
    const sut = new LogScanner(node.client, new RpcStats());

    await expect(sut.scan({ topics: [], fromBlock: 0n, toBlock: 9n })).rejects.toThrow(
      /more than 10000 results/,
    );
  });

  it('passes on an answer that is not a refusal of the range', async () => {
    const node = fakeNode(ONE_PER_BLOCK, () => ({
      code: -32602,
      message: 'invalid argument 0: hex string has odd length',
    }));
    const sut = new LogScanner(node.client, new RpcStats());

    await expect(sut.scan({ topics: [], fromBlock: 0n, toBlock: 9_999n })).rejects.toThrow(/odd length/);
    expect(node.calls).toHaveLength(1);
  });

  describe('a range the node cannot serve at all', () => {
    it.each([
      ['Infura daily quota', { code: -32005, message: 'daily request count exceeded, request rate limited' }],
      ['Alchemy monthly quota', { code: 429, message: 'Monthly capacity limit exceeded.' }],
    ])('reads on without the blocks refused for a spent quota (%s) and says why', async (_, quota) => {
      const node = fakeNode(ONE_PER_BLOCK, (_, from) => (from >= 1_000n ? quota : null));
      const sut = new LogScanner(node.client, new RpcStats(), { initialSpan: 500 });
      const reasons: string[] = [];

      const logs = await sut.scan(
        { topics: [], fromBlock: 0n, toBlock: 1_999n },
        { onIncomplete: (reason) => reasons.push(reason) },
      );

      expect(blocksOf(logs)).toEqual(Array.from({ length: 1_000 }, (_, i) => i));
      expect(new Set(reasons)).toEqual(new Set([INCOMPLETE_REASONS.quota]));
      // A quota is not split: no narrower call passes before its reset.
      expect(
        node.calls.filter((call) => call.refused).every((call) => call.to - call.from + 1n === 500n),
      ).toBe(true);
    });

    it.each([
      ['geth history expiry', 'pruned history unavailable'],
      ['a pruned node', 'history has been pruned for this block'],
      ['Erigon', 'blocks before 1000 are pruned'],
    ])(
      'reads the blocks a node without full history (%s) keeps, and says the rest is missing',
      async (_, message) => {
        const node = fakeNode(ONE_PER_BLOCK, (_, from) => (from < 1_000n ? { code: 4444, message } : null));
        const sut = new LogScanner(node.client, new RpcStats(), { initialSpan: 1_000 });
        const reasons: string[] = [];

        const logs = await sut.scan(
          { topics: [], fromBlock: 0n, toBlock: 1_999n },
          { onIncomplete: (reason) => reasons.push(reason) },
        );

        expect(blocksOf(logs)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1_000));
        expect(reasons).toEqual([INCOMPLETE_REASONS.history]);
      },
    );

    it('reads on past a block refused even alone, and says a range was not served', async () => {
      const node = fakeNode(ONE_PER_BLOCK, (_, from, to) =>
        from <= 5n && to >= 5n ? { code: -32005, message: 'query returned more than 10000 results' } : null,
      );
      const sut = new LogScanner(node.client, new RpcStats());
      const reasons: string[] = [];

      const logs = await sut.scan(
        { topics: [], fromBlock: 0n, toBlock: 9n },
        { onIncomplete: (reason) => reasons.push(reason) },
      );

      expect(blocksOf(logs)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9]);
      expect(reasons).toEqual([INCOMPLETE_REASONS.range]);
    });

    it('fails, rather than reading on block by block, behind a node that refuses every block', async () => {
      const node = fakeNode(ONE_PER_BLOCK, () => ({
        code: -32005,
        message: 'query returned more than 10000 results',
      }));
      const sut = new LogScanner(node.client, new RpcStats());

      await expect(
        sut.scan({ topics: [], fromBlock: 0n, toBlock: 1_000_000n }, { onIncomplete: () => undefined }),
      ).rejects.toThrow(/more than 10000 results/);
      expect(node.calls.length).toBeLessThan(100);
    });

    it('fails behind a node that answers nothing, after halving down to one block', async () => {
      let calls = 0;
      const client = {
        request: () => {
          calls++;
          return Promise.reject(new TimeoutError({ body: {}, url: 'http://node' }));
        },
      } as unknown as PublicClient;
      const sut = new LogScanner(client, new RpcStats());

      await expect(
        sut.scan({ topics: [], fromBlock: 0n, toBlock: 20_000_000n }, { onIncomplete: () => undefined }),
      ).rejects.toBeInstanceOf(TimeoutError);
      // One call per halving of 20,000,001 blocks: a timed-out block is not skipped as unserved.
      expect(calls).toBe(26);
    });

    it('fails on a spent quota when the caller takes no partial answer', async () => {
      const node = fakeNode(ONE_PER_BLOCK, () => ({ code: -32005, message: 'daily request count exceeded' }));
      const sut = new LogScanner(node.client, new RpcStats());

      await expect(sut.scan({ topics: [], fromBlock: 0n, toBlock: 99n })).rejects.toThrow(
        /daily request count/,
      );
    });
  });
});
