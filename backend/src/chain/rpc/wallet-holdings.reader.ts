import { encodeFunctionData, pad, type Address, type PublicClient, type RpcLog } from 'viem';
import type { Network, TokenType } from '@nexus/contract';
import { mapWithConcurrency } from '../../platform/common/index.js';
import type { TokenRef, WalletHolding, WalletScanOptions } from '../nft-source.js';
import { asBigInt, asString, compareIds, decodeResult, safeNumber } from './call-result.util.js';
import { latestBlock } from './chain-head.util.js';
import { toCollectionInfo, type CollectionFactsReader } from './collection-facts.reader.js';
import {
  CONSECUTIVE_TRANSFER_TOPIC,
  erc1155Abi,
  erc721Abi,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from './erc.abis.js';
import type { LogSource } from './log.scanner.js';
import type { BatchedCalls } from './multicall.batcher.js';
import { unlessQuotaSpent } from './provider-quota.gate.js';
import type { TokenUriReader } from './token-uri.reader.js';
import { consecutiveIds, logOrder, transferValues, type IndexedTransfers } from './transfer-logs.util.js';

interface Candidate {
  contract: Address;
  tokenId: bigint;
}

interface Held extends Candidate {
  balance: number;
}

interface HeldToken {
  contract: string;
  tokenId: bigint;
}

/** A transfer index: what it says a wallet holds, and the blocks it has read to say so. */
export interface WalletIndex {
  holdings(network: Network, wallet: string): Promise<IndexedTransfers<HeldToken, HeldToken> | null>;
}

/**
 * A wallet's NFTs on one network: candidates from the Transfer, ConsecutiveTransfer and ERC-1155
 * logs naming it, each confirmed by ownerOf / balanceOf at one block, grouped by contract.
 */
export class WalletHoldingsReader {
  constructor(
    private readonly network: Network,
    private readonly client: Pick<PublicClient, 'getBlockNumber'>,
    private readonly calls: BatchedCalls,
    private readonly logs: LogSource,
    private readonly facts: CollectionFactsReader,
    private readonly uris: TokenUriReader,
    /** Contracts whose URIs are read at once. */
    private readonly parallel: number,
    /** Covers a range of blocks: only the blocks outside it are asked of the node's logs. */
    private readonly index?: WalletIndex,
  ) {}

  /**
   * A node that cannot serve part of the work (a spent quota, blocks it no longer keeps) leaves the
   * holdings it could read, and `options.onIncomplete` is told why the answer is partial.
   */
  async read(owner: string, options: WalletScanOptions): Promise<WalletHolding[]> {
    const wallet = owner.toLowerCase() as Address;
    const partial = options.onIncomplete;
    const block = await unlessQuotaSpent(() => latestBlock(this.client), null, partial);
    if (block === null) return [];
    const { erc721, erc1155 } = await this.candidates(wallet, block, options.includeAllTokenTypes, partial);
    const held721 = await unlessQuotaSpent(() => this.confirm721(wallet, erc721, block), [], partial);
    const held1155 = await unlessQuotaSpent(() => this.confirm1155(wallet, erc1155, block), [], partial);

    const groups = new Map<Address, { standard: TokenType; items: Held[] }>();
    for (const [standard, held] of [
      ['ERC-721', held721],
      ['ERC-1155', held1155],
    ] as const) {
      for (const item of held) {
        const group = groups.get(item.contract) ?? { standard, items: [] };
        group.items.push(item);
        groups.set(item.contract, group);
      }
    }
    const facts = await unlessQuotaSpent(
      () => this.facts.read([...groups.keys()], block, true),
      null,
      partial,
    );
    if (facts === null) return [];
    const factsOf = new Map(facts.map((fact) => [fact!.address, fact!]));

    const holdings = await mapWithConcurrency([...groups], this.parallel, async ([contract, group]) => {
      group.items.sort((a, b) => compareIds(a.tokenId, b.tokenId));
      const ids = group.items.map((item) => item.tokenId);
      const uris = await unlessQuotaSpent(
        () => this.uris.read(contract, group.standard, ids, block),
        [],
        partial,
      );
      // A contract without ERC-165 that still answered ownerOf / balanceOf is what its events say it is.
      const collection = toCollectionInfo(this.network, {
        ...factsOf.get(contract)!,
        erc721: group.standard === 'ERC-721',
        erc1155: group.standard === 'ERC-1155',
      })!;
      return {
        collection,
        tokens: group.items.map((item, index): TokenRef => ({
          tokenId: item.tokenId.toString(),
          tokenUri: uris[index] ?? null,
          balance: item.balance,
        })),
      };
    });
    return holdings.sort((a, b) => a.collection.address.localeCompare(b.collection.address));
  }

  /**
   * Tokens the wallet may hold: those the transfer index says it holds, ERC-721 ids whose latest
   * event in the blocks outside the index brought them to the wallet, and every ERC-1155 id it
   * received there.
   */
  private async candidates(
    wallet: Address,
    block: bigint,
    includeErc1155: boolean,
    onIncomplete?: (reason: string) => void,
  ): Promise<{ erc721: Candidate[]; erc1155: Candidate[] }> {
    const indexed = await this.index?.holdings(this.network, wallet);
    // The index answers for its blocks; the node's logs for the blocks before and after them.
    const ranges =
      indexed && indexed.toBlock <= block
        ? [
            { fromBlock: 0n, toBlock: indexed.fromBlock - 1n },
            { fromBlock: indexed.toBlock + 1n, toBlock: block },
          ].filter((range) => range.fromBlock <= range.toBlock)
        : [{ fromBlock: 0n, toBlock: block }];
    const fromLogs = await Promise.all(
      ranges.map((range) => this.logCandidates(wallet, range, includeErc1155, onIncomplete)),
    );
    const fromIndex = indexed && indexed.toBlock <= block ? indexed : null;
    // Every token the index or the logs name is confirmed by ownerOf / balanceOf at `block`.
    const erc721 = new Map<string, Candidate>();
    const erc1155 = new Map<string, Candidate>();
    const add = (into: Map<string, Candidate>, contract: string, tokenId: bigint): void => {
      const address = contract.toLowerCase() as Address;
      into.set(`${address}:${tokenId}`, { contract: address, tokenId });
    };
    for (const item of fromIndex?.erc721 ?? []) add(erc721, item.contract, item.tokenId);
    if (includeErc1155)
      for (const item of fromIndex?.erc1155 ?? []) add(erc1155, item.contract, item.tokenId);
    for (const part of fromLogs) {
      for (const item of part.erc721) add(erc721, item.contract, item.tokenId);
      for (const item of part.erc1155) add(erc1155, item.contract, item.tokenId);
    }
    return { erc721: [...erc721.values()], erc1155: [...erc1155.values()] };
  }

  /** Candidates named by the logs of one block range. */
  private async logCandidates(
    wallet: Address,
    range: { fromBlock: bigint; toBlock: bigint },
    includeErc1155: boolean,
    onIncomplete?: (reason: string) => void,
  ): Promise<{ erc721: Candidate[]; erc1155: Candidate[] }> {
    const walletTopic = pad(wallet, { size: 32 });
    // ERC-1155 transfers and EIP-2309 batch mints both name the recipient in topic 3: one query.
    const toWalletTopics = includeErc1155
      ? [TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC, CONSECUTIVE_TRANSFER_TOPIC]
      : [CONSECUTIVE_TRANSFER_TOPIC];
    const options = onIncomplete ? { onIncomplete } : {};
    const [incoming, outgoing, toWallet] = await Promise.all([
      this.logs.scan({ ...range, topics: [TRANSFER_TOPIC, null, walletTopic] }, options),
      this.logs.scan({ ...range, topics: [TRANSFER_TOPIC, walletTopic] }, options),
      this.logs.scan({ ...range, topics: [toWalletTopics, null, null, walletTopic] }, options),
    ]);

    // ERC-721: the latest event of each token decides whether it is worth asking ownerOf.
    const last = new Map<string, Candidate & { received: boolean; order: bigint }>();
    const note = (log: RpcLog, tokenId: bigint, received: boolean): void => {
      const contract = log.address.toLowerCase() as Address;
      const key = `${contract}:${tokenId}`;
      const entry = { contract, tokenId, received, order: logOrder(log) };
      const previous = last.get(key);
      if (!previous || previous.order < entry.order) last.set(key, entry);
    };
    for (const [logs, received] of [
      [incoming, true],
      [outgoing, false],
    ] as const) {
      for (const log of logs) {
        if (log.topics.length !== 4) continue; // 3 topics: an ERC-20 Transfer
        note(log, BigInt(log.topics[3]!), received);
      }
    }
    const erc1155 = new Map<string, Candidate>();
    for (const log of toWallet) {
      if (log.topics[0] === CONSECUTIVE_TRANSFER_TOPIC) {
        // Batch mints to the wallet; a batch moved away later shows as Transfer, and ownerOf decides.
        for (const tokenId of consecutiveIds(log)) note(log, tokenId, true);
        continue;
      }
      const contract = log.address.toLowerCase() as Address;
      for (const [tokenId] of transferValues(log))
        erc1155.set(`${contract}:${tokenId}`, { contract, tokenId });
    }
    return {
      erc721: [...last.values()]
        .filter((entry) => entry.received)
        .map(({ contract, tokenId }) => ({ contract, tokenId })),
      erc1155: [...erc1155.values()],
    };
  }

  private async confirm721(wallet: Address, candidates: Candidate[], block: bigint): Promise<Held[]> {
    const owners = await this.calls.callMany(
      candidates.map((candidate) => ({
        to: candidate.contract,
        data: encodeFunctionData({ abi: erc721Abi, functionName: 'ownerOf', args: [candidate.tokenId] }),
      })),
      block,
    );
    return candidates
      .filter(
        (_, index) =>
          asString(decodeResult(erc721Abi, 'ownerOf', owners[index] ?? null))?.toLowerCase() === wallet,
      )
      .map((candidate) => ({ ...candidate, balance: 1 }));
  }

  private async confirm1155(wallet: Address, candidates: Candidate[], block: bigint): Promise<Held[]> {
    const balances = await this.calls.callMany(
      candidates.map((candidate) => ({
        to: candidate.contract,
        data: encodeFunctionData({
          abi: erc1155Abi,
          functionName: 'balanceOf',
          args: [wallet, candidate.tokenId],
        }),
      })),
      block,
    );
    return candidates
      .map((candidate, index) => ({
        ...candidate,
        balance: asBigInt(decodeResult(erc1155Abi, 'balanceOf', balances[index] ?? null)) ?? 0n,
      }))
      .filter((candidate) => candidate.balance > 0n)
      .map((candidate) => ({ ...candidate, balance: safeNumber(candidate.balance) }));
  }
}
