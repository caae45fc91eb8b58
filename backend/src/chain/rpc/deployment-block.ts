import { numberToHex, type Address, type PublicClient } from 'viem';

/**
 * First block with code at `address`, found by bisecting eth_getCode over (0, latest]: about 25
 * calls on a mainnet-long chain. A block the node does not have at all (a chain whose history starts
 * later) counts as one without the code. 0 when the node cannot answer historical state of a block
 * it has (a pruned node): every block from genesis is then read.
 */
export async function deploymentBlock(
  client: Pick<PublicClient, 'getCode'> & Partial<Pick<PublicClient, 'request'>>,
  address: Address,
  latest: bigint,
): Promise<bigint> {
  let low = 0n;
  let high = latest;
  while (low < high) {
    const middle = (low + high) / 2n;
    let code: string | undefined;
    try {
      code = await client.getCode({ address, blockNumber: middle });
    } catch {
      if (await hasBlock(client, middle)) return 0n;
      code = undefined;
    }
    if (code !== undefined && code !== '0x') high = middle;
    else low = middle + 1n;
  }
  return low;
}

/** Whether the node has the block (true when it cannot say: the safe side, everything is read). */
async function hasBlock(client: Partial<Pick<PublicClient, 'request'>>, number: bigint): Promise<boolean> {
  if (!client.request) return true;
  try {
    const block = await client.request({
      method: 'eth_getBlockByNumber',
      params: [numberToHex(number), false],
    });
    return block !== null;
  } catch {
    return true;
  }
}
