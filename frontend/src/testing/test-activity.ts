import type { ActivityEvent, Network } from '@nexus/contract';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** A transaction hash made of a number: 0x000…042. */
export const testTxHash = (n: number) => `0x${String(n).padStart(64, '0')}`;

/**
 * One unit of an ERC-721 token moving in `blockNumber`: a mint from the zero address, a burn to it,
 * else a transfer; its time and transaction follow from the block unless given.
 */
export function testActivityEvent(
  fields: Pick<ActivityEvent, 'contract' | 'tokenId' | 'from' | 'to' | 'blockNumber'> &
    Partial<ActivityEvent>,
): ActivityEvent {
  const { from, to, blockNumber } = fields;
  return {
    standard: 'ERC-721',
    kind: from === ZERO_ADDRESS ? 'mint' : to === ZERO_ADDRESS ? 'burn' : 'transfer',
    amount: '1',
    logIndex: 0,
    position: 0,
    time: new Date(Date.UTC(2026, 10, blockNumber % 28, 12)).toISOString(),
    txHash: testTxHash(blockNumber),
    ...fields,
  };
}

/** A polygon answer of the transfer index that covers blocks 1 to 500. */
export const INDEX_COVERED = { network: 'polygon' as Network, indexed: true, fromBlock: 1, toBlock: 500 };
/** A polygon answer of the transfer index, which does not cover the network. */
export const INDEX_NOT_COVERED = {
  network: 'polygon' as Network,
  indexed: false,
  fromBlock: null,
  toBlock: null,
};
