import {
  decodeFunctionData,
  encodeFunctionResult,
  type Address,
  type CallParameters,
  type Hex,
  type PublicClient,
} from 'viem';
import { multicall3Abi } from './erc.abis.js';
import { MulticallBatcher } from './multicall.batcher.js';
import { MULTICALL3_ADDRESS } from './rpc-chains.config.js';

const TARGET: Address = '0x00000000000000000000000000000000000000aa';

/** Call data `0x<n>` answers `0x<n><n>`; `0x00` reverts; `0x01` answers nothing. */
function reply(data: Hex): Hex | null {
  if (data === '0x00') return null;
  if (data === '0x01') return '0x';
  return `${data}${data.slice(2)}`;
}

/** A node with or without Multicall3 that records what it is asked. */
function fakeNode(options: { multicall: boolean | 'fails' }) {
  const asked = { getCode: 0, aggregate3: [] as number[], plain: 0, blocks: new Set<bigint | undefined>() };
  const client = {
    getCode: ({ address }: { address: Address }) => {
      asked.getCode++;
      if (options.multicall === 'fails') return Promise.reject(new Error('node down'));
      return Promise.resolve(address === MULTICALL3_ADDRESS && options.multicall ? '0x6080' : undefined);
    },
    call: ({ to, data, blockNumber }: CallParameters) => {
      asked.blocks.add(blockNumber);
      if (to === MULTICALL3_ADDRESS) {
        const { args } = decodeFunctionData({ abi: multicall3Abi, data: data! });
        const calls = args[0];
        asked.aggregate3.push(calls.length);
        const result = calls.map((call) => {
          const answer = reply(call.callData);
          return { success: answer !== null, returnData: answer ?? '0x' };
        });
        return Promise.resolve({
          data: encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result }),
        });
      }
      asked.plain++;
      const answer = reply(data!);
      return answer === null
        ? Promise.reject(new Error('execution reverted'))
        : Promise.resolve({ data: answer });
    },
  } as unknown as Pick<PublicClient, 'call' | 'getCode'>;
  return { client, asked };
}

const call = (n: number): { to: Address; data: Hex } => ({
  to: TARGET,
  data: `0x${(n + 2).toString(16).padStart(4, '0')}`,
});

describe(MulticallBatcher.name, () => {
  it('sends the calls through aggregate3 in chunks, answering in order, at the block asked', async () => {
    const node = fakeNode({ multicall: true });
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 2 });
    const calls = Array.from({ length: 1_201 }, (_, n) => call(n));

    const answers = await sut.callMany(calls, 77n);

    expect(node.asked.aggregate3).toEqual([500, 500, 201]);
    expect(node.asked.plain).toBe(0);
    expect(node.asked.blocks).toEqual(new Set([77n]));
    expect(answers).toEqual(calls.map((c) => reply(c.data)));
  });

  it('answers null for a call that reverts or returns nothing, without failing the others', async () => {
    const node = fakeNode({ multicall: true });
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 2 });

    const answers = await sut.callMany(
      [{ to: TARGET, data: '0x00' }, { to: TARGET, data: '0x01' }, call(7)],
      1n,
    );

    expect(answers).toEqual([null, null, reply(call(7).data)]);
  });

  it('asks for Multicall3 once per node', async () => {
    const node = fakeNode({ multicall: true });
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 2 });

    await sut.callMany([call(1)], 1n);
    await sut.callMany([call(2)], 1n);

    expect(node.asked.getCode).toBe(1);
  });

  it('falls back to plain eth_calls on a node without Multicall3', async () => {
    const node = fakeNode({ multicall: false });
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 2 });

    const answers = await sut.callMany([call(1), { to: TARGET, data: '0x00' }, call(2)], 5n);

    expect(node.asked.aggregate3).toEqual([]);
    expect(node.asked.plain).toBe(3);
    expect(node.asked.blocks).toEqual(new Set([5n]));
    expect(answers).toEqual([reply(call(1).data), null, reply(call(2).data)]);
  });

  it('asks again about Multicall3 after the question itself failed', async () => {
    const node = fakeNode({ multicall: 'fails' });
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 2 });

    await sut.callMany([call(1)], 1n);
    await sut.callMany([call(1)], 1n);

    expect(node.asked.getCode).toBe(2);
    expect(node.asked.plain).toBe(2);
  });

  it('makes no request for no calls', async () => {
    const node = fakeNode({ multicall: true });
    const sut = new MulticallBatcher(node.client, { chunkSize: 500, parallel: 2 });

    await expect(sut.callMany([], 1n)).resolves.toEqual([]);
    expect(node.asked.getCode).toBe(0);
  });
});
