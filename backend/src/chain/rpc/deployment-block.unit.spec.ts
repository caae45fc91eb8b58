import type { Address } from 'viem';
import { deploymentBlock } from './deployment-block.js';

const CONTRACT = '0x00000000000000000000000000000000000000aa' as Address;

/** A node whose chain starts at `genesis`, with the contract's code from `deployed` on, and state kept from `prunedBelow`. */
function node(options: { genesis: bigint; deployed: bigint; prunedBelow?: bigint }) {
  const asked: bigint[] = [];
  return {
    asked,
    getCode: async ({ blockNumber }: { blockNumber?: bigint }) => {
      const block = blockNumber!;
      asked.push(block);
      if (block < options.genesis) throw new Error('header not found');
      if (options.prunedBelow !== undefined && block < options.prunedBelow)
        throw new Error('missing trie node');
      return block >= options.deployed ? '0x6080' : undefined;
    },
    request: async ({ params }: { params: [string, boolean] }) =>
      BigInt(params[0]) < options.genesis ? null : { number: params[0] },
  };
}

describe(deploymentBlock.name, () => {
  it('finds the block the code first appears in by bisecting', async () => {
    const chain = node({ genesis: 0n, deployed: 12_345_678n });
    await expect(deploymentBlock(chain as never, CONTRACT, 21_000_000n)).resolves.toBe(12_345_678n);
    expect(chain.asked.length).toBeLessThanOrEqual(26);
  });

  it('counts the blocks a chain does not have (its history starts later) as blocks without the code', async () => {
    const chain = node({ genesis: 1_000_000n, deployed: 1_002_500n });
    await expect(deploymentBlock(chain as never, CONTRACT, 1_010_000n)).resolves.toBe(1_002_500n);
  });

  it('reads from genesis when the node has the block but not its state (a pruned node)', async () => {
    const chain = node({ genesis: 0n, deployed: 5_000_000n, prunedBelow: 20_000_000n });
    await expect(deploymentBlock(chain as never, CONTRACT, 21_000_000n)).resolves.toBe(0n);
  });
});
