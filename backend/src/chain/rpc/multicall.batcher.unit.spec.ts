import {
  decodeFunctionData,
  encodeFunctionResult,
  HttpRequestError,
  RpcRequestError,
  type Address,
  type CallParameters,
  type Hex,
  type PublicClient,
} from 'viem';
import { multicall3Abi } from './erc.abis.js';
import { MulticallBatcher } from './multicall.batcher.js';
import { MemoryProviderFacts } from './provider-facts.store.js';
import { ProviderQuotaError } from './provider-quota.gate.js';
import { MULTICALL3_ADDRESS } from './rpc-chains.config.js';

const TARGET: Address = '0x00000000000000000000000000000000000000aa';
const HEAD = 1_000n;

const call = (n: number): { to: Address; data: Hex } => ({
  to: TARGET,
  data: `0x${(n + 2).toString(16).padStart(4, '0')}`,
});
const reply = (data: Hex): Hex => `${data}${data.slice(2)}`;

const rpcError = (code: number, message: string): RpcRequestError =>
  new RpcRequestError({ body: {}, url: 'http://node', error: { code, message } });

interface Asked {
  /** Calls per aggregate3 asked, refused ones included. */
  aggregate3: number[];
  plain: number;
  /** The block of each call: a number, or 'latest'. */
  at: Array<bigint | string>;
}

/**
 * A node keeping state only from `stateFrom` (older blocks refused with `stateRefusal`), refusing
 * aggregates of more than `maxCalls` with `tooLarge`.
 */
function fakeNode(options: {
  multicall?: boolean;
  stateFrom?: bigint;
  stateRefusal?: () => Error;
  maxCalls?: number;
  tooLarge?: () => Error;
  plainError?: () => Error;
  /** Calls one aggregate's gas runs to: the later ones fail (allowFailure), the aggregate answers. */
  gasFor?: number;
  /** Call data that reverts. */
  reverts?: Set<Hex>;
}) {
  const asked: Asked = { aggregate3: [], plain: 0, at: [] };
  const client = {
    getCode: () => Promise.resolve(options.multicall === false ? undefined : '0x6080'),
    call: ({ to, data, blockNumber, blockTag }: CallParameters) => {
      const at = blockNumber ?? blockTag ?? 'latest';
      asked.at.push(at);
      if (typeof at === 'bigint' && options.stateFrom !== undefined && at < options.stateFrom) {
        return Promise.reject(options.stateRefusal!());
      }
      if (to !== MULTICALL3_ADDRESS) {
        asked.plain++;
        if (options.plainError) return Promise.reject(options.plainError());
        return Promise.resolve({ data: reply(data!) });
      }
      const calls = decodeFunctionData({ abi: multicall3Abi, data: data! }).args[0];
      asked.aggregate3.push(calls.length);
      if (options.maxCalls !== undefined && calls.length > options.maxCalls) {
        return Promise.reject(options.tooLarge!());
      }
      const result = calls.map((item, index) =>
        index >= (options.gasFor ?? Infinity) || options.reverts?.has(item.callData)
          ? { success: false, returnData: '0x' as Hex }
          : { success: true, returnData: reply(item.callData) },
      );
      return Promise.resolve({
        data: encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result }),
      });
    },
  } as unknown as Pick<PublicClient, 'call' | 'getCode'>;
  return { client, asked };
}

describe(`${MulticallBatcher.name}: what a provider refuses`, () => {
  it.each([
    ['geth', () => rpcError(-32000, 'missing trie node 6a2c… (path ) state 0x… is not available')],
    ['a pruned node', () => rpcError(-32000, 'header not found')],
    ['Erigon', () => rpcError(-32000, 'state not available')],
    ['reth', () => rpcError(-32000, 'required historical state unavailable')],
    ['Besu', () => rpcError(-32000, 'World state unavailable for block 0x10')],
  ])(
    'asks a node without old state (%s) at its latest block, learnt for every batcher sharing it',
    async (_, refusal) => {
      const facts = new MemoryProviderFacts();
      const node = fakeNode({ stateFrom: HEAD, stateRefusal: refusal });
      const calls = Array.from({ length: 5 }, (_, n) => call(n));

      const first = await new MulticallBatcher(node.client, { chunkSize: 500, parallel: 2, facts }).callMany(
        calls,
        HEAD - 200n,
      );

      expect(first).toEqual(calls.map((c) => reply(c.data)));
      expect(node.asked.at).toEqual([HEAD - 200n, 'latest']);
      await expect(facts.get('archive')).resolves.toBe('0');

      // Another process reading the same provider asks at the latest block at once.
      node.asked.at = [];
      const second = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 2, facts });
      await expect(second.callMany(calls, HEAD - 100n)).resolves.toEqual(first);
      expect(node.asked.at).toEqual(['latest']);
    },
  );

  it('asks plain calls at the latest block on a node without old state', async () => {
    const node = fakeNode({
      multicall: false,
      stateFrom: HEAD,
      stateRefusal: () => rpcError(-32000, 'missing trie node'),
    });
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 1 });

    await expect(sut.callMany([call(1), call(2)], HEAD - 500n)).resolves.toEqual([
      reply(call(1).data),
      reply(call(2).data),
    ]);
    expect(node.asked.at.filter((at) => at === 'latest')).toHaveLength(2);
  });

  it('fails a plain call the node could not answer (throttled) instead of answering it as a revert', async () => {
    const node = fakeNode({
      multicall: false,
      plainError: () => rpcError(-32005, 'daily request count exceeded, request rate limited'),
    });
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 1 });

    await expect(sut.callMany([call(1)], HEAD)).rejects.toThrow(/daily request count/);
  });

  it('fails a plain call stopped by a spent quota instead of answering it as a revert', async () => {
    const node = fakeNode({
      multicall: false,
      plainError: () => new ProviderQuotaError(Date.now() + 60_000),
    });
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 1 });

    await expect(sut.callMany([call(1)], HEAD)).rejects.toBeInstanceOf(ProviderQuotaError);
  });

  it.each([
    ['geth gas cap', () => rpcError(-32000, 'out of gas')],
    ['gas allowance', () => rpcError(-32000, 'gas required exceeds allowance (50000000)')],
    [
      'HTTP 413',
      () => new HttpRequestError({ url: 'http://node', status: 413, details: 'Request Entity Too Large' }),
    ],
    ['response size', () => rpcError(-32000, 'response size exceeded')],
    ['execution timeout', () => rpcError(-32000, 'execution timeout')],
  ])(
    'splits an aggregate the node refuses for its size (%s) and keeps the size that passed',
    async (_, tooLarge) => {
      const facts = new MemoryProviderFacts();
      const node = fakeNode({ maxCalls: 150, tooLarge });
      const calls = Array.from({ length: 1_000 }, (_, n) => call(n));
      const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 1, facts });

      const answers = await sut.callMany(calls, HEAD);

      expect(answers).toEqual(calls.map((c) => reply(c.data)));
      await expect(facts.get('multicall')).resolves.toBe('125');
      // Later reads, in this process or another, go at the learnt size without a refusal.
      node.asked.aggregate3 = [];
      const other = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 1, facts });
      await expect(other.callMany(calls, HEAD)).resolves.toEqual(answers);
      expect(node.asked.aggregate3).toEqual(Array.from({ length: 8 }, () => 125));
    },
  );

  it('asks again the calls an aggregate ran out of gas for, and keeps the size that passed', async () => {
    const facts = new MemoryProviderFacts();
    const node = fakeNode({ gasFor: 200 });
    const calls = Array.from({ length: 500 }, (_, n) => call(n));
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 1, facts });

    const answers = await sut.callMany(calls, HEAD);

    // Not one call answered as reverted for want of gas.
    expect(answers).toEqual(calls.map((c) => reply(c.data)));
    expect(node.asked.aggregate3).toEqual([500, 300, 100]);
    await expect(facts.get('multicall')).resolves.toBe('200');
  });

  it('asks calls that really revert at the end of an aggregate once more, and learns nothing', async () => {
    const facts = new MemoryProviderFacts();
    const calls = Array.from({ length: 10 }, (_, n) => call(n));
    const node = fakeNode({ reverts: new Set(calls.slice(7).map((c) => c.data)) });
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 1, facts });

    const answers = await sut.callMany(calls, HEAD);

    expect(answers).toEqual([...calls.slice(0, 7).map((c) => reply(c.data)), null, null, null]);
    expect(node.asked.aggregate3).toEqual([10, 3]);
    await expect(facts.get('multicall')).resolves.toBeNull();
  });

  it('does not split an aggregate that failed for another reason', async () => {
    const node = fakeNode({ maxCalls: 10, tooLarge: () => rpcError(-32602, 'invalid argument 0') });
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 1 });

    await expect(
      sut.callMany([call(1), ...Array.from({ length: 20 }, (_, n) => call(n))], HEAD),
    ).rejects.toThrow(/invalid argument/);
    expect(node.asked.aggregate3).toEqual([21]);
  });
});
