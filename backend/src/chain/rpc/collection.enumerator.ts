import { encodeFunctionData, type Address, type Hex, type PublicClient, type RpcLog } from 'viem';
import type { Network, TokenType } from '@nexus/contract';
import { mapWithConcurrency } from '../../platform/common/index.js';
import type { CollectionInfo, EnumerateProgress, TokenPageSink, TokenRef } from '../nft-source.js';
import { collectTokens, streamInOrder } from '../token-stream.util.js';
import { asBigInt, decodeResult, safeNumber } from './call-result.util.js';
import { latestBlock } from './chain-head.util.js';
import {
  CONSECUTIVE_TRANSFER_TOPIC,
  erc721Abi,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from './erc.abis.js';
import type { LogSource } from './log.scanner.js';
import type { BatchedCalls } from './multicall.batcher.js';
import { unlessQuotaSpent } from './provider-quota.gate.js';
import { TokenIdList } from './token-ids.util.js';
import type { TokenUriReader } from './token-uri.reader.js';
import {
  consecutiveIds,
  topicAddress,
  transferValues,
  ZERO_TOPIC,
  type IndexedTransfers,
} from './transfer-logs.util.js';
import { deploymentBlock } from './deployment-block.js';

export interface CollectionEnumeratorOptions {
  /** Tokens per page of calls (the multicall chunk). */
  pageSize: number;
  /** Pages in flight at once. */
  parallel: number;
  /**
   * Chains shorter than this are scanned from block 0; on longer ones a collection's logs are
   * scanned from its deployment block, found by bisecting eth_getCode.
   */
  deploymentSearchThreshold: bigint;
}

/** A transfer index: what it says of one collection's tokens, and the blocks it has read to say so. */
export interface CollectionIndex {
  collectionTokens(network: Network, contract: string, standard: TokenType): Promise<IndexedTokens | null>;
}

/**
 * ERC-721: every token the index saw move, and whether its latest transfer burned it. ERC-1155: per
 * token, units minted less units burned within the indexed blocks.
 */
type IndexedTokens = IndexedTransfers<
  { tokenId: bigint; burned: boolean },
  { tokenId: bigint; supply: bigint }
>;

/**
 * Every token of one collection with its URI, page by page: by totalSupply / tokenByIndex when the contract
 * really enumerates, otherwise from its Transfer, ConsecutiveTransfer or ERC-1155 logs.
 */
export class CollectionEnumerator {
  constructor(
    private readonly client: Pick<PublicClient, 'getBlockNumber' | 'getCode'> &
      Partial<Pick<PublicClient, 'request'>>,
    private readonly calls: BatchedCalls,
    private readonly logs: LogSource,
    private readonly uris: TokenUriReader,
    private readonly options: CollectionEnumeratorOptions,
    /** Covers a range of blocks: only the blocks outside it are asked of the node's logs. */
    private readonly index?: CollectionIndex,
  ) {}

  /** The whole collection in one list (see `stream`). */
  enumerate(
    collection: CollectionInfo,
    onProgress?: (progress: EnumerateProgress) => void,
    onIncomplete?: (reason: string) => void,
  ): Promise<TokenRef[]> {
    return collectTokens((onPage) => this.stream(collection, onPage, onProgress, onIncomplete));
  }

  /**
   * The ids first (held compactly), then their URIs page by page, each page handed to `onPage` in
   * id order as soon as it is read, at most `parallel` pages read ahead of the one `onPage` holds.
   * With `onIncomplete`, a node that cannot serve part of the work (a spent quota, blocks it no
   * longer keeps) leaves the tokens that could be read, and is told why the answer is partial.
   * Answers how many tokens were handed.
   */
  async stream(
    collection: CollectionInfo,
    onPage: TokenPageSink,
    onProgress?: (progress: EnumerateProgress) => void,
    onIncomplete?: (reason: string) => void,
  ): Promise<number> {
    const address = collection.address.toLowerCase() as Address;
    const block = await unlessQuotaSpent(() => latestBlock(this.client), null, onIncomplete);
    if (block === null) return 0;

    let ids: TokenIdList | null = null;
    if (collection.standard === 'ERC-721' && collection.enumerable) {
      ids = await this.idsByIndex(address, block, onProgress, onIncomplete);
    }
    if (!ids) {
      const indexed = await this.indexed(collection, block);
      const erc1155 = collection.standard === 'ERC-1155';
      const logs = await this.collectionLogs(
        address,
        erc1155
          ? [TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC]
          : [TRANSFER_TOPIC, CONSECUTIVE_TRANSFER_TOPIC],
        block,
        indexed,
        onIncomplete,
      );
      ids = erc1155 ? erc1155Ids(logs, indexed) : erc721Ids(logs, indexed);
    }
    const list = ids;
    const total = list.length;
    const size = this.options.pageSize;
    onProgress?.({ tokensFound: 0, tokensTotal: total });
    let found = 0;
    await streamInOrder(
      Math.ceil(total / size),
      this.options.parallel,
      async (index) => {
        const page = list.slice(index * size, (index + 1) * size);
        const uris = await unlessQuotaSpent(
          () => this.uris.read(address, collection.standard, page, block),
          [],
          onIncomplete,
        );
        return page.map((id, at): TokenRef => ({ tokenId: id.toString(), tokenUri: uris[at] ?? null }));
      },
      async (refs) => {
        found += refs.length;
        onProgress?.({ tokensFound: found, tokensTotal: total });
        await onPage(refs);
      },
    );
    return found;
  }

  /** totalSupply then tokenByIndex, page by page; null when the contract does not really enumerate. */
  private async idsByIndex(
    address: Address,
    blockNumber: bigint,
    onProgress?: (progress: EnumerateProgress) => void,
    onIncomplete?: (reason: string) => void,
  ): Promise<TokenIdList | null> {
    const [supplyData] = await this.calls.callMany(
      [{ to: address, data: encodeFunctionData({ abi: erc721Abi, functionName: 'totalSupply' }) }],
      blockNumber,
    );
    const supply = asBigInt(decodeResult(erc721Abi, 'totalSupply', supplyData ?? null));
    if (supply === null) return null;
    const total = safeNumber(supply);
    const size = this.options.pageSize;
    onProgress?.({ tokensFound: 0, tokensTotal: total });
    const ids = new TokenIdList();
    let broken = false;
    await mapWithConcurrency(
      Array.from({ length: Math.ceil(total / size) }, (_, page) => page),
      Math.max(1, Math.floor(this.options.parallel / 2)),
      async (page) => {
        if (broken) return;
        const first = page * size;
        const indexes = Array.from({ length: Math.min(size, total - first) }, (_, at) => BigInt(first + at));
        const answers = await unlessQuotaSpent(
          () =>
            this.calls.callMany(
              indexes.map((index) => ({
                to: address,
                data: encodeFunctionData({ abi: erc721Abi, functionName: 'tokenByIndex', args: [index] }),
              })),
              blockNumber,
            ),
          null,
          onIncomplete,
        );
        if (answers === null) return;
        const read = answers.map((answer) => asBigInt(decodeResult(erc721Abi, 'tokenByIndex', answer)));
        if (read.some((id) => id === null)) broken = true;
        else for (const id of read) ids.push(id!);
      },
    );
    return broken ? null : ids.sortUnique();
  }

  /** What the index says of the collection, when it covers blocks up to `block`. */
  private async indexed(collection: CollectionInfo, block: bigint): Promise<IndexedTokens | null> {
    if (!this.index) return null;
    const indexed = await this.index.collectionTokens(
      collection.network,
      collection.address.toLowerCase(),
      collection.standard,
    );
    return indexed && indexed.toBlock <= block ? indexed : null;
  }

  /** First block with code at `address`, when the chain is long enough for it to matter. */
  private async startBlock(address: Address, latest: bigint): Promise<bigint> {
    if (latest < this.options.deploymentSearchThreshold) return 0n;
    return deploymentBlock(this.client, address, latest);
  }

  /**
   * The collection's events of the given kinds in the blocks the index does not cover: from its
   * deployment to the index's first block, and after the index's last block to `block`. Without
   * an index, from its deployment to `block`.
   */
  private async collectionLogs(
    address: Address,
    events: Hex[],
    block: bigint,
    indexed: IndexedTokens | null,
    onIncomplete?: (reason: string) => void,
  ): Promise<UnindexedLogs> {
    const scan = (fromBlock: bigint, toBlock: bigint) =>
      fromBlock > toBlock
        ? Promise.resolve([])
        : this.logs.scan(
            { address, topics: [events], fromBlock, toBlock },
            onIncomplete ? { onIncomplete } : {},
          );
    if (!indexed) return { before: [], after: await scan(await this.startBlock(address, block), block) };
    const [before, after] = await Promise.all([
      indexed.fromBlock > 0n && (await this.existedAt(address, indexed.fromBlock - 1n))
        ? scan(await this.startBlock(address, indexed.fromBlock - 1n), indexed.fromBlock - 1n)
        : Promise.resolve([]),
      this.afterIndex(address, indexed.toBlock, block).then((fromBlock) => scan(fromBlock, block)),
    ]);
    return { before, after };
  }

  /**
   * First block past the index to ask the node about: the one after the index's last, or the
   * contract's deployment when the index lags far behind (a backfill under way) and it came later.
   */
  private async afterIndex(address: Address, indexedTo: bigint, block: bigint): Promise<bigint> {
    if (block - indexedTo < this.options.deploymentSearchThreshold) return indexedTo + 1n;
    const deployed = await this.startBlock(address, block);
    return deployed > indexedTo ? deployed : indexedTo + 1n;
  }

  /** Whether the contract had code at `block`; true when the node cannot say (pruned state). */
  private async existedAt(address: Address, block: bigint): Promise<boolean> {
    try {
      const code = await this.client.getCode({ address, blockNumber: block });
      return code !== undefined && code !== '0x';
    } catch {
      return true;
    }
  }
}

/** The collection's logs the index does not cover, before its blocks and after them. */
interface UnindexedLogs {
  before: RpcLog[];
  after: RpcLog[];
}

/**
 * Ids in existence from Transfer and EIP-2309 ConsecutiveTransfer logs: mints add, burns remove,
 * replayed in chain order; the index's word for the blocks it covers (its latest transfer of each
 * token decides).
 */
function erc721Ids({ before, after }: UnindexedLogs, indexed: IndexedTokens | null): TokenIdList {
  const live = new LiveIds();
  replay721(live, before);
  for (const token of indexed?.erc721 ?? []) {
    if (token.burned) live.burn(token.tokenId);
    else live.mint(token.tokenId);
  }
  replay721(live, after);
  return live.ids();
}

/** Ids with a non-zero supply from TransferSingle / TransferBatch logs and the index's supply changes. */
function erc1155Ids({ before, after }: UnindexedLogs, indexed: IndexedTokens | null): TokenIdList {
  const supply = new Map<bigint, bigint>();
  replay1155(supply, before);
  for (const token of indexed?.erc1155 ?? []) {
    supply.set(token.tokenId, (supply.get(token.tokenId) ?? 0n) + token.supply);
  }
  replay1155(supply, after);
  const ids = new TokenIdList();
  for (const [tokenId, amount] of supply) if (amount > 0n) ids.push(tokenId);
  return ids.sortUnique();
}

/**
 * The ids in existence after a replay of mints and burns in chain order, compactly: every id
 * minted in a TokenIdList, the ids whose latest event is a burn in a set (a burn adds, a later
 * mint removes), so the last event of each id decides as with one set of every id.
 */
class LiveIds {
  private readonly minted = new TokenIdList();
  private readonly burned = new Set<bigint>();

  mint(id: bigint): void {
    this.minted.push(id);
    this.burned.delete(id);
  }

  burn(id: bigint): void {
    this.burned.add(id);
  }

  ids(): TokenIdList {
    return this.minted.sortUnique().without(this.burned);
  }
}

/** Mints add, burns remove, in log order. */
function replay721(existing: LiveIds, logs: RpcLog[]): void {
  for (const log of logs) {
    if (log.topics.length !== 4) continue;
    const consecutive = log.topics[0] === CONSECUTIVE_TRANSFER_TOPIC;
    // Transfer names from and to in topics 1 and 2; ConsecutiveTransfer in topics 2 and 3.
    const [fromTopic, toTopic] = consecutive ? log.topics.slice(2, 4) : log.topics.slice(1, 3);
    const ids = consecutive ? consecutiveIds(log) : [BigInt(log.topics[3]!)];
    if (fromTopic === ZERO_TOPIC) for (const id of ids) existing.mint(id);
    if (toTopic === ZERO_TOPIC) for (const id of ids) existing.burn(id);
  }
}

/** Supply per id: mints add, burns subtract, plain transfers leave it as it is. */
function replay1155(supply: Map<bigint, bigint>, logs: RpcLog[]): void {
  for (const log of logs) {
    const minted = log.topics[2] === ZERO_TOPIC;
    const burned = topicAddress(log.topics[3]) === topicAddress(ZERO_TOPIC);
    if (minted === burned) continue; // a plain transfer leaves supply as it is
    for (const [tokenId, value] of transferValues(log)) {
      supply.set(tokenId, (supply.get(tokenId) ?? 0n) + (minted ? value : -value));
    }
  }
}
