import { MemoryProviderFacts } from './provider-facts.store.js';
import { resilientTransport, type ResilientTransportOptions } from './resilient.transport.js';
import { RpcStats } from './rpc.stats.js';
import { eachCall, jsonRpcNode } from './testing/json-rpc-node.fixture.js';

type Item = { id: number };
type Refusal = (batch: Item[]) => { status: number; body: unknown };

/**
 * A node taking batches of at most `cap` calls, refusing larger ones as `refuse` says; records the
 * size of every batch it is sent (1 for a call sent alone).
 */
async function cappedNode(
  cap: number,
  refuse: Refusal,
): Promise<{ url: string; sizes: number[]; close: () => Promise<void> }> {
  const sizes: number[] = [];
  const node = await jsonRpcNode((body) => {
    const batch = Array.isArray(body) ? body : [body];
    sizes.push(batch.length);
    if (batch.length > cap) return refuse(batch);
    return eachCall(body, () => ({ result: '0x10' }));
  });
  return { ...node, sizes };
}

/** The settings of a batching transport to the node at `url`, `extra` aside. */
const batching = (
  url: string,
  extra: Partial<ResilientTransportOptions> = {},
): ResilientTransportOptions => ({
  url,
  stats: new RpcStats(),
  concurrency: 16,
  batchSize: 10,
  timeoutMs: 5_000,
  retries: 0,
  retryBaseDelayMs: 1,
  ...extra,
});

const error = (id: number | null, code: number, message: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});

const SHAPES: Array<[string, Refusal]> = [
  // NodeReal MegaNode: -32005 `batch size exceed limit N`, one error per call.
  [
    'NodeReal (one error per call, the cap stated)',
    (batch) => ({ status: 200, body: batch.map(({ id }) => error(id, -32005, 'batch size exceed limit 3')) }),
  ],
  // geth: one `batch too large` error, with the first call's id, for the whole batch.
  [
    'geth (one error for the batch)',
    (batch) => ({ status: 200, body: [error(batch[0]!.id, -32600, 'batch too large')] }),
  ],
  // A gateway refusing the request body: HTTP 413.
  ['HTTP 413', () => ({ status: 413, body: 'Request Entity Too Large' })],
  // A whole-batch JSON-RPC error object: -32600 on HTTP 400.
  ['-32600 on HTTP 400', () => ({ status: 400, body: error(null, -32600, 'Invalid Request') })],
];

/** `count` calls at once through `transport`, answered in order. */
function burst(transport: ReturnType<ReturnType<typeof resilientTransport>>, count: number, tag: string) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      transport.request({ method: 'eth_getBalance', params: [`0x${tag}${i}`] }),
    ),
  );
}

describe('a JSON-RPC batch cap', () => {
  it.each(SHAPES)(
    'is learnt from %s: every call answered, then batches within the cap',
    async (_, refuse) => {
      const node = await cappedNode(3, refuse);
      const facts = new MemoryProviderFacts();
      const options = batching(node.url, { factsFor: () => facts });
      try {
        const transport = resilientTransport(options)({});

        // Refused batches are asked again call by call: nothing fails, nothing is dropped. A stated
        // cap is learnt at once; an unstated one by halving (10, 5, 2), a burst or two.
        for (const tag of ['a', 'b']) {
          await expect(burst(transport, 10, tag)).resolves.toEqual(Array.from({ length: 10 }, () => '0x10'));
        }
        const learnt = Number(await facts.get('batch'));
        expect(learnt).toBeGreaterThan(1);
        expect(learnt).toBeLessThanOrEqual(3);

        // Still batching, within the cap: no batch refused.
        node.sizes.length = 0;
        await expect(burst(transport, 10, 'd')).resolves.toHaveLength(10);
        expect(node.sizes.reduce((sum, size) => sum + size, 0)).toBe(10);
        expect(Math.max(...node.sizes)).toBe(learnt);

        // Another process reading the same provider batches within the cap from its first request.
        node.sizes.length = 0;
        const other = resilientTransport({ ...options, stats: new RpcStats() })({});
        await new Promise((resolve) => setImmediate(resolve));
        await expect(burst(other, 10, 'c')).resolves.toHaveLength(10);
        expect(Math.max(...node.sizes)).toBeLessThanOrEqual(3);
      } finally {
        await node.close();
      }
    },
  );

  it('stops batching for a node that refuses even two calls', async () => {
    const node = await cappedNode(1, (batch) => ({
      status: 200,
      body: batch.map(({ id }) => error(id, -32600, 'Batch of more than 1 requests are not allowed')),
    }));
    try {
      const transport = resilientTransport(batching(node.url))({});

      await expect(burst(transport, 6, 'a')).resolves.toHaveLength(6);
      node.sizes.length = 0;
      await expect(burst(transport, 6, 'b')).resolves.toHaveLength(6);
      expect(node.sizes).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      await node.close();
    }
  });

  it('does not take a call that fails alone too for a batch refusal', async () => {
    const node = await cappedNode(0, () => ({
      status: 400,
      body: error(null, -32602, 'invalid argument 0'),
    }));
    const facts = new MemoryProviderFacts();
    try {
      const transport = resilientTransport(batching(node.url, { factsFor: () => facts }))({});

      await expect(transport.request({ method: 'eth_getBalance', params: ['0x1'] })).rejects.toThrow();
      await expect(facts.get('batch')).resolves.toBeNull();
    } finally {
      await node.close();
    }
  });
});
