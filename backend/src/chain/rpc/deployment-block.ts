import type { Address, PublicClient } from 'viem';

/**
 * First block with code at `address`, found by bisecting eth_getCode over (0, latest]: about 25
 * calls on a mainnet-long chain. 0 when the node cannot answer historical state (a pruned node
 * refuses old blocks): every block from genesis is then read.
 */
export async function deploymentBlock(
  client: Pick<PublicClient, 'getCode'>,
  address: Address,
  latest: bigint,
): Promise<bigint> {
  try {
    let low = 0n;
    let high = latest;
    while (low < high) {
      const middle = (low + high) / 2n;
      const code = await client.getCode({ address, blockNumber: middle });
      if (code !== undefined && code !== '0x') high = middle;
      else low = middle + 1n;
    }
    return low;
  } catch {
    return 0n;
  }
}
