import { decodeAbiParameters, pad, type Address, type Hex, type RpcLog } from 'viem';
import { MAX_CONSECUTIVE_RANGE, TRANSFER_SINGLE_TOPIC } from './erc.abis.js';

/** What a transfer index says, per standard, and the blocks it has read to say so. */
export interface IndexedTransfers<Erc721, Erc1155> {
  fromBlock: bigint;
  toBlock: bigint;
  erc721: Erc721[];
  erc1155: Erc1155[];
}

/** A zero address as an indexed topic: the `from` of a mint, the `to` of a burn. */
export const ZERO_TOPIC = pad('0x00', { size: 32 });

/** The address an indexed topic holds, lower case. */
export function topicAddress(topic: Hex | undefined): Address {
  return `0x${(topic ?? ZERO_TOPIC).slice(26)}`.toLowerCase() as Address;
}

/** Chain order of a log: block, then position in the block. */
export function logOrder(log: RpcLog): bigint {
  return BigInt(log.blockNumber ?? '0x0') * 1_000_000n + BigInt(log.logIndex ?? '0x0');
}

/**
 * The ids a ConsecutiveTransfer names: fromTokenId (topic 1) to toTokenId (data), both included.
 * An event with a malformed or inverted range, or wider than any real batch mint, names none.
 */
export function consecutiveIds(log: Pick<RpcLog, 'topics' | 'data'>): bigint[] {
  try {
    const from = BigInt(log.topics[1]!);
    const [to] = decodeAbiParameters([{ type: 'uint256' }], log.data);
    if (to < from || to - from >= MAX_CONSECUTIVE_RANGE) return [];
    return Array.from({ length: Number(to - from) + 1 }, (_, index) => from + BigInt(index));
  } catch {
    return [];
  }
}

/** (id, amount) pairs of an ERC-1155 TransferSingle or TransferBatch; none for malformed data. */
export function transferValues(log: Pick<RpcLog, 'topics' | 'data'>): Array<[bigint, bigint]> {
  try {
    if (log.topics[0] === TRANSFER_SINGLE_TOPIC) {
      const [id, value] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data);
      return [[id, value]];
    }
    const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data);
    return ids.map((id, index): [bigint, bigint] => [id, values[index] ?? 0n]);
  } catch {
    return []; // malformed event data: not a real ERC-1155 transfer
  }
}
