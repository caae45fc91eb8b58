// Over 400 lines for that reason: one node's throttling and several nodes' choice of node are one
// transport's policy, told by the same fixtures and settings (`transportOver`).
import { resilientTransport, type ResilientTransportOptions } from './resilient.transport.js';
import { RpcStats } from './rpc.stats.js';
import { jsonRpcNode, type RpcCall } from './testing/json-rpc-node.fixture.js';
import { THROTTLES, type ThrottleRow } from './testing/provider-refusals.fixture.js';

/** A node answering its first `refusals` requests with a throttling row, then the head block. */
async function throttlingNode(row: ThrottleRow, refusals: number) {
  let requests = 0;
  const node = await jsonRpcNode((body) => {
    const { id } = body as RpcCall;
    if (++requests > refusals) return { body: { jsonrpc: '2.0', id, result: '0x10' } };
    const json = typeof row.body !== 'string';
    return {
      status: row.status,
      headers: row.headers,
      body: json ? { jsonrpc: '2.0', id, error: row.body } : row.body,
    };
  });
  return { ...node, requests: () => requests };
}

/** The transport's settings in these specs, `overrides` aside. */
const transportOver = (overrides: Partial<ResilientTransportOptions> & { stats: RpcStats }) =>
  resilientTransport({
    concurrency: 1,
    batchSize: 1,
    timeoutMs: 5_000,
    retries: 3,
    retryBaseDelayMs: 1,
    ...overrides,
  })({});

describe(resilientTransport.name, () => {
  it.each(THROTTLES)(
    "answers after $provider's throttling, or fails at once on a quota ($source)",
    async (row) => {
      const node = await throttlingNode(row, 2);
      const stats = new RpcStats();
      const transport = transportOver({ url: node.url, stats, retries: 4 });
      try {
        const answer = transport.request({ method: 'eth_blockNumber' });
        if (row.kind === 'rate') {
          await expect(answer).resolves.toBe('0x10');
          expect(stats.retries).toBe(2);
          expect(node.requests()).toBe(3);
        } else {
          await expect(answer).rejects.toThrow();
          expect(node.requests()).toBe(1);
        }
      } finally {
        await node.close();
      }
    },
  );

  it.each([
    ['geth (one error per call)', 'each', { code: -32600, message: 'batch too large' }],
    [
      'dRPC free tier (one error for the batch)',
      'whole',
      { code: -32600, message: 'Batch of more than 3 requests are not allowed on free tier' },
    ],
  ] as const)('asks one call per request of a node refusing batches: %s', async (_, shape, refusal) => {
    let batches = 0;
    const node = await jsonRpcNode((body) => {
      if (Array.isArray(body) && body.length > 1) {
        batches++;
        const error = (id: number | null) => ({ jsonrpc: '2.0', id, error: refusal });
        return { body: shape === 'each' ? body.map((item) => error(item.id)) : error(null) };
      }
      const item = Array.isArray(body) ? body[0]! : body;
      const answer = { jsonrpc: '2.0', id: item.id, result: '0x10' };
      return { body: Array.isArray(body) ? [answer] : answer };
    });
    const transport = transportOver({
      url: node.url,
      stats: new RpcStats(),
      concurrency: 8,
      batchSize: 10,
      retries: 0,
    });
    try {
      const first = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          transport.request({ method: 'eth_getBalance', params: [`0x${i}`] }),
        ),
      );
      const second = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          transport.request({ method: 'eth_getBalance', params: [`0x1${i}`] }),
        ),
      );

      expect([...first, ...second]).toEqual(Array.from({ length: 10 }, () => '0x10'));
      // The refused batches teach it (the cap stated, or halving 10, 5, 2, 1): no batch after that.
      const burst = (tag: string) =>
        Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            transport.request({ method: 'eth_getBalance', params: [`0x${tag}${i}`] }),
          ),
        );
      for (const tag of ['2', '3']) await burst(tag);
      const refused = batches;
      expect(refused).toBeLessThanOrEqual(5);
      await expect(burst('4')).resolves.toEqual(Array.from({ length: 5 }, () => '0x10'));
      expect(batches).toBe(refused);
    } finally {
      await node.close();
    }
  });

  it("paces a burst over one node's rate without spending retries while the node answers others", async () => {
    // A node answering 10 calls per 100 ms and "-32005 limit exceeded" over that (publicnode's shape).
    let windowStart = Date.now();
    let inWindow = 0;
    let answered = 0;
    const node = await jsonRpcNode((body) => {
      const { id } = body as RpcCall;
      if (Date.now() - windowStart >= 100) {
        windowStart = Date.now();
        inWindow = 0;
      }
      if (++inWindow > 10) {
        return { body: { jsonrpc: '2.0', id, error: { code: -32005, message: 'limit exceeded' } } };
      }
      answered++;
      return { body: { jsonrpc: '2.0', id, result: '0x10' } };
    });
    const stats = new RpcStats();
    const transport = transportOver({
      url: node.url,
      stats,
      concurrency: 80,
      retries: 1,
      retryBaseDelayMs: 20,
    });
    try {
      const burst = Array.from({ length: 80 }, () => transport.request({ method: 'eth_blockNumber' }));
      await expect(Promise.all(burst)).resolves.toEqual(Array(80).fill('0x10'));
      expect(answered).toBe(80);
      // The node throttled most of the burst, and no call spent its one retry on that.
      expect(stats.providers().node![0]!.throttled).toBeGreaterThan(0);
      expect(stats.retries).toBe(0);
    } finally {
      await node.close();
    }
  });

  it('waits out a throttled call once the node answered others since it began, past its retry', async () => {
    // One call is throttled three times; another is answered while the first waits for its retry.
    let throttled = 0;
    const node = await jsonRpcNode((body) => {
      const { id, method } = body as RpcCall;
      if (method === 'eth_chainId' && ++throttled <= 3) {
        return {
          status: 429,
          body: { jsonrpc: '2.0', id, error: { code: -32005, message: 'Too Many Requests' } },
        };
      }
      return { body: { jsonrpc: '2.0', id, result: '0x10' } };
    });
    const stats = new RpcStats();
    const transport = transportOver({
      url: node.url,
      stats,
      concurrency: 4,
      retries: 1,
      retryBaseDelayMs: 200,
    });
    try {
      const throttledCall = transport.request({ method: 'eth_chainId' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await expect(transport.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10');
      // Its second attempt is throttled too, with no other call in flight: the node is alive all the
      // same (it answered one since the call began), so the call waits instead of failing.
      await expect(throttledCall).resolves.toBe('0x10');
      expect(throttled).toBe(4);
      expect(stats.retries).toBe(1);
    } finally {
      await node.close();
    }
  });

  describe('of several nodes', () => {
    /** A node answering each call with `answer(method, params)`: a result, or a JSON-RPC error with an HTTP status. */
    async function node(
      answer: (method: string, params: unknown[]) => { result: unknown } | { status: number; error: unknown },
      delayMs = 0,
    ): Promise<{ url: string; calls: string[]; close: () => Promise<void> }> {
      const calls: string[] = [];
      const rpc = await jsonRpcNode(async (body) => {
        const { id, method, params } = body as RpcCall;
        calls.push(method);
        const out = answer(method, params);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return {
          status: 'status' in out ? out.status : 200,
          body: { jsonrpc: '2.0', id, ...('error' in out ? { error: out.error } : out) },
        };
      });
      return { ...rpc, calls };
    }

    /** A node stating a span of 100 blocks for eth_getLogs, answering every narrower call. */
    const narrowNode = () =>
      node((method, params) => {
        const filter = params[0] as { fromBlock?: string; toBlock?: string } | undefined;
        if (method === 'eth_getLogs' && filter?.fromBlock && filter.toBlock) {
          if (BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n > 100n) {
            return { status: 200, error: { code: -32600, message: 'block range exceeds 100' } };
          }
        }
        return { result: [] };
      });

    /** Asks `transport` for the logs of blocks `from` to `to`. */
    const logsOf = (transport: ReturnType<typeof transportOver>) => (from: number, to: number) =>
      transport.request({
        method: 'eth_getLogs',
        params: [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}`, topics: [] }],
      } as never);

    it('asks a node that answered slowly again within seconds, while a faster one takes the calls', async () => {
      const fast = await node(() => ({ result: '0x10' }));
      // Slow by a second: a loaded machine's stalls do not make the fast node's figure the larger.
      const slow = await node(() => ({ result: '0x10' }), 1_000);
      const transport = transportOver({
        urls: [fast.url, slow.url],
        network: 'cronos',
        stats: new RpcStats(),
      });
      const realNow = Date.now.bind(Date);
      let later = 0;
      const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + later);
      try {
        // Two calls at once: one each; the slow node's answer took a second.
        await Promise.all([0, 1].map(() => transport.request({ method: 'eth_blockNumber' })));
        expect(slow.calls).toHaveLength(1);
        // Right after, the fast node takes the calls.
        await transport.request({ method: 'eth_blockNumber' });
        expect(slow.calls).toHaveLength(1);
        // Twenty seconds on, the fast node still answering: the slow node's old figure has faded,
        // and it is asked again (its figure renewed) instead of being passed over for good.
        later = 20_000;
        await transport.request({ method: 'eth_blockNumber' });
        await transport.request({ method: 'eth_blockNumber' });
        expect(slow.calls).toHaveLength(2);
      } finally {
        clock.mockRestore();
        await Promise.all([fast.close(), slow.close()]);
      }
    });

    it('answers from a healthy node while another is throttled, without a pause, and sets the throttled one aside', async () => {
      const throttled = await node(() => ({
        status: 429,
        error: { code: 429, message: 'Too Many Requests' },
      }));
      const healthy = await node(() => ({ result: '0x10' }));
      const stats = new RpcStats();
      const transport = transportOver({
        urls: [throttled.url, healthy.url],
        network: 'cronos',
        stats,
        // Longer than the 20 calls take on a loaded machine: the pause must not end meanwhile.
        setAsideMs: 60_000,
      });
      try {
        for (let i = 0; i < 20; i++)
          await expect(transport.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10');

        // The throttled node was asked once, then left alone for its pause; no call waited for a retry.
        expect(throttled.calls).toHaveLength(1);
        expect(healthy.calls).toHaveLength(20);
        expect(stats.retries).toBe(0);
        const [first, second] = stats.providers().cronos!;
        expect(first).toMatchObject({ health: 'set aside', requests: 1, errors: 1, throttled: 1 });
        expect(second).toMatchObject({ health: 'healthy', requests: 20, errors: 0 });
      } finally {
        await Promise.all([throttled.close(), healthy.close()]);
      }
    });

    it('waits for the node back soonest when every node throttles, without spending its retries', async () => {
      let refusals = 5;
      const throttle = () =>
        refusals-- > 0
          ? { status: 429, error: { code: 429, message: 'Too Many Requests' } }
          : { result: '0x10' };
      const [first, second] = [await node(throttle), await node(throttle)];
      const stats = new RpcStats();
      const transport = transportOver({
        retries: 0,
        urls: [first.url, second.url],
        network: 'cronos',
        stats,
        setAsideMs: 20,
      });
      try {
        await expect(transport.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10');

        // Five refusals, then an answer: the call waited for the nodes' pauses, it did not fail.
        expect(first.calls.length + second.calls.length).toBe(6);
        expect(stats.retries).toBe(0);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    });

    it('goes on at the other node when one stops answering, without a pause', async () => {
      // The steady node is the slower one by far (a loaded machine adds tens of milliseconds to
      // any local answer), so the fading one is asked first while it answers.
      const fading = await node(() => ({ result: '0x1' }));
      const steady = await node(() => ({ result: '0x1' }), 150);
      const stats = new RpcStats();
      const transport = transportOver({
        urls: [fading.url, steady.url],
        network: 'ethereum',
        stats,
        setAsideMs: 50,
      });
      try {
        for (let i = 0; i < 3; i++) await transport.request({ method: 'eth_chainId' });
        expect(fading.calls.length).toBeGreaterThan(0);
        await fading.close();
        for (let i = 0; i < 10; i++)
          await expect(transport.request({ method: 'eth_chainId' })).resolves.toBe('0x1');
        expect(stats.providers().ethereum![0]!.errors).toBeGreaterThanOrEqual(1);
        expect(stats.retries).toBe(0);
      } finally {
        await steady.close();
      }
    });

    it('sets a node refusing its key aside for minutes, and a call failing on its own merits is not moved', async () => {
      const keyless = await node(() => ({
        status: 403,
        error: { code: -32000, message: 'API key required' },
      }));
      const healthy = await node((method) =>
        method === 'eth_call'
          ? { status: 200, error: { code: 3, message: 'execution reverted', data: '0x' } }
          : { result: '0x10' },
      );
      const stats = new RpcStats();
      const transport = transportOver({
        urls: [keyless.url, healthy.url],
        network: 'ethereum',
        stats,
      });
      try {
        const before = Date.now();
        await expect(transport.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10');
        const [refusing] = stats.providers(before).ethereum!;
        expect(refusing).toMatchObject({ health: 'set aside', errors: 1 });
        expect(refusing!.setAsideUntil! - before).toBeGreaterThanOrEqual(300_000);

        // A revert is the contract's answer: asked once, of one node, and thrown.
        await expect(
          transport.request({ method: 'eth_call', params: [{ to: '0x0' }, 'latest'] } as never),
        ).rejects.toThrow();
        expect(healthy.calls.filter((method) => method === 'eth_call')).toHaveLength(1);
        expect(keyless.calls).toHaveLength(1);
        expect(stats.retries).toBe(0);
      } finally {
        await Promise.all([keyless.close(), healthy.close()]);
      }
    });

    it("passes a log range wider than a node's stated span to a node that takes it", async () => {
      const narrow = await narrowNode();
      const wide = await node(() => ({ result: [] }));
      const stats = new RpcStats();
      // The narrow node first, and fast: it is asked first.
      const transport = transportOver({
        urls: [narrow.url, wide.url],
        network: 'polygon',
        stats,
      });
      const logs = logsOf(transport);
      try {
        await expect(logs(0, 999)).resolves.toEqual([]);
        await expect(logs(1000, 1999)).resolves.toEqual([]);
        await expect(logs(2000, 2049)).resolves.toEqual([]);

        // Refused once, never asked a range that wide again; narrow ranges still go to it.
        expect(narrow.calls).toHaveLength(2);
        expect(wide.calls).toHaveLength(2);
        expect(stats.providers().polygon![0]).toMatchObject({ spanCap: 100, errors: 0, health: 'healthy' });
      } finally {
        await Promise.all([narrow.close(), wide.close()]);
      }
    });

    it('asks a narrow node a wide range when the node that takes it is down, so the range is split', async () => {
      const narrow = await narrowNode();
      const wide = await node(() => ({ result: [] }));
      const stats = new RpcStats();
      const transport = transportOver({
        urls: [narrow.url, wide.url],
        network: 'cronos',
        stats,
      });
      const logs = logsOf(transport);
      try {
        // The narrow node states its span; the wide node takes the wide ranges, then stops.
        await expect(logs(0, 999)).resolves.toEqual([]);
        await wide.close();

        // Its refusal goes back to the log scanner (which splits the range), not the dead node's error.
        await expect(logs(1000, 1999)).rejects.toThrow(/block range exceeds 100/);
        await expect(logs(1000, 1099)).resolves.toEqual([]);
        expect(stats.providers().cronos![1]).toMatchObject({ health: 'set aside' });
      } finally {
        await narrow.close();
      }
    });
  });
});
