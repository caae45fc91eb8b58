import { numberToHex, type Address, type Hex, type PublicClient, type RpcLog } from 'viem';
import { latestBlock } from './chain-head.util.js';
import {
  CONSECUTIVE_TRANSFER_TOPIC,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from './erc.abis.js';
import type { LogSource } from './log.scanner.js';
import { consecutiveIds, topicAddress, transferValues } from './transfer-logs.util.js';

/** One token moved by one event: a batch event gives one per token (`position` its place in it). */
export interface IndexedTransfer {
  blockNumber: bigint;
  logIndex: number;
  position: number;
  /** Lower-case addresses. */
  contract: Address;
  tokenId: bigint;
  from: Address;
  to: Address;
  amount: bigint;
  standard: 'ERC-721' | 'ERC-1155';
  /** The transaction that emitted the event (null when the node left it out). */
  txHash: Hex | null;
  /** The block's timestamp: from the log when the node gives it, else from the block's header. */
  blockTime: Date | null;
}

/** Block headers read per round when logs carry no block timestamp (within a public node's rate). */
const HEADERS_PER_ROUND = 10;

export interface TransferWindow {
  /**
   * The window's transfers in chain order, made as they are read: a batch mint is one log of up to
   * thousands of transfers, and a window holding a million-token mint would otherwise hold a million
   * objects at once (the index writes them in slices).
   */
  transfers: Iterable<IndexedTransfer>;
  /** Logs the node returned (a ConsecutiveTransfer is one log, many transfers). */
  logs: number;
  /**
   * Hash of the window's last block: stored, it tells a later pass whether that block still stands
   * ('' for a number below the chain's genesis).
   */
  lastBlockHash: Hex | '';
}

/** The four NFT transfer events, in any contract: ERC-721, ERC-1155 single and batch, EIP-2309. */
const NFT_TOPICS: Hex[] = [
  TRANSFER_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_BATCH_TOPIC,
  CONSECUTIVE_TRANSFER_TOPIC,
];

/** The transfers one NFT event states; none for an ERC-20 Transfer or malformed data. */
export function decodeTransfers(log: RpcLog): IndexedTransfer[] {
  const base = {
    blockNumber: BigInt(log.blockNumber ?? '0x0'),
    logIndex: Number(BigInt(log.logIndex ?? '0x0')),
    contract: log.address.toLowerCase() as Address,
    txHash: log.transactionHash ?? null,
    blockTime: logTime(log),
  };
  const topic = log.topics[0];
  if (topic === TRANSFER_TOPIC) {
    if (log.topics.length !== 4) return []; // 3 topics: an ERC-20 Transfer
    return [
      {
        ...base,
        position: 0,
        tokenId: BigInt(log.topics[3]!),
        from: topicAddress(log.topics[1]),
        to: topicAddress(log.topics[2]),
        amount: 1n,
        standard: 'ERC-721',
      },
    ];
  }
  if (topic === CONSECUTIVE_TRANSFER_TOPIC) {
    if (log.topics.length !== 4) return [];
    const from = topicAddress(log.topics[2]);
    const to = topicAddress(log.topics[3]);
    return consecutiveIds(log).map((tokenId, position) => ({
      ...base,
      position,
      tokenId,
      from,
      to,
      amount: 1n,
      standard: 'ERC-721',
    }));
  }
  if (topic === TRANSFER_SINGLE_TOPIC || topic === TRANSFER_BATCH_TOPIC) {
    if (log.topics.length !== 4) return [];
    const from = topicAddress(log.topics[2]);
    const to = topicAddress(log.topics[3]);
    return transferValues(log).map(([tokenId, amount], position) => ({
      ...base,
      position,
      tokenId,
      from,
      to,
      amount,
      standard: 'ERC-1155',
    }));
  }
  return [];
}

/** The block time a log carries: nodes that follow the current execution API add it to each log. */
function logTime(log: RpcLog): Date | null {
  const timestamp = (log as RpcLog & { blockTimestamp?: Hex }).blockTimestamp;
  return timestamp ? new Date(Number(BigInt(timestamp)) * 1000) : null;
}

/** The transfers of logs in chain order, one log's at a time; `times` for logs without their block's. */
export function* expandTransfers(
  logs: readonly RpcLog[],
  times: ReadonlyMap<bigint, Date> = new Map(),
): Generator<IndexedTransfer> {
  for (const log of logs) {
    for (const transfer of decodeTransfers(log)) {
      transfer.blockTime ??= times.get(transfer.blockNumber) ?? null;
      yield transfer;
    }
  }
}

/**
 * A network's NFT transfers by block range, for the transfer index: every contract at once, through
 * the log scanner (which splits a range the node refuses and remembers the span it accepts).
 */
export class TransferLogFeed {
  constructor(
    private readonly client: Pick<PublicClient, 'getBlockNumber' | 'request'>,
    private readonly logs: LogSource & { readonly learnedSpan?: bigint | null },
    /** Only this contract's transfers (a collection's history read on demand); all when absent. */
    private readonly contract?: Address,
  ) {}

  /** The same feed over one contract's transfers: eth_getLogs with its address. */
  ofContract(contract: Address): TransferLogFeed {
    return new TransferLogFeed(this.client, this.logs, contract);
  }

  head(): Promise<bigint> {
    return latestBlock(this.client);
  }

  /** The span the node accepts for one eth_getLogs, once learnt (null: no limit met yet). */
  get learnedSpan(): bigint | null {
    return this.logs.learnedSpan ?? null;
  }

  /** The hash of a block, or null when the node has no such block (a reorganisation shortened it). */
  async blockHash(number: bigint): Promise<Hex | null> {
    const block = (await this.client.request({
      method: 'eth_getBlockByNumber',
      params: [numberToHex(number), false],
    })) as { hash?: Hex } | null;
    return block?.hash ?? null;
  }

  async read(fromBlock: bigint, toBlock: bigint): Promise<TransferWindow> {
    const [logs, lastBlockHash] = await Promise.all([
      this.logs.scan({
        ...(this.contract ? { address: this.contract } : {}),
        topics: [NFT_TOPICS],
        fromBlock,
        toBlock,
      }),
      this.blockHash(toBlock),
    ]);
    // No block under the head: a chain whose genesis comes later (a dev chain's empty history).
    return {
      transfers: expandTransfers(logs, await this.blockTimes(logs)),
      logs: logs.length,
      lastBlockHash: lastBlockHash ?? '',
    };
  }

  /**
   * Block times for logs that do not carry theirs: one header per block that holds such a log (not
   * per block of the window), a few at a time through the same rate-limited client.
   */
  private async blockTimes(logs: readonly RpcLog[]): Promise<Map<bigint, Date>> {
    const times = new Map<bigint, Date>();
    const missing = [
      ...new Set(logs.filter((log) => logTime(log) === null).map((log) => BigInt(log.blockNumber ?? '0x0'))),
    ];
    for (let start = 0; start < missing.length; start += HEADERS_PER_ROUND) {
      await Promise.all(
        missing.slice(start, start + HEADERS_PER_ROUND).map(async (number) => {
          const block = (await this.client.request({
            method: 'eth_getBlockByNumber',
            params: [numberToHex(number), false],
          })) as { timestamp?: Hex } | null;
          if (block?.timestamp) times.set(number, new Date(Number(BigInt(block.timestamp)) * 1000));
        }),
      );
    }
    return times;
  }
}
