import {
  createPublicClient,
  decodeAbiParameters,
  decodeFunctionResult,
  encodeFunctionData,
  pad,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type RpcLog,
} from 'viem';
import type { Network } from '@nexus/contract';
import type {
  CollectionInfo,
  EnumerateProgress,
  NftSource,
  TokenRef,
  WalletHolding,
  WalletScanOptions,
} from '../nft-source.js';
import { mapWithConcurrency } from '../../common/concurrency.js';
import {
  erc1155Abi,
  erc165Abi,
  erc721Abi,
  INTERFACE_ERC1155,
  INTERFACE_ERC721,
  INTERFACE_ERC721_ENUMERABLE,
  multicall3Abi,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
  CONSECUTIVE_TRANSFER_TOPIC,
  MAX_CONSECUTIVE_RANGE,
} from './erc.abis.js';
import { LogScanner } from './log.scanner.js';
import { resilientTransport } from './resilient.transport.js';
import { MULTICALL3_ADDRESS, rpcChain } from './rpc-chains.config.js';
import { RpcStats, type RpcStatsSnapshot } from './rpc.stats.js';

export interface RpcNetworkConfig {
  chainId: number;
  rpcUrl: string;
}

export interface RpcNftSourceOptions {
  /** Calls per aggregate3 multicall (default 500). */
  multicallChunk?: number;
  /** JSON-RPC calls in flight per network (default 8). */
  concurrency?: number;
  /** JSON-RPC calls per HTTP request (default 10; 1 disables batching). */
  httpBatchSize?: number;
  /** Per HTTP request (default 20 s). */
  timeoutMs?: number;
  /** Attempts after a transient failure (default 4). */
  retries?: number;
  /** First backoff delay, doubled per attempt (default 250 ms). */
  retryBaseDelayMs?: number;
  /** Known eth_getLogs span limit per network; otherwise learnt from the node's refusals. */
  maxLogBlockRange?: Partial<Record<Network, number>>;
  /**
   * Chains shorter than this are scanned from block 0; on longer ones a collection's logs are
   * scanned from its deployment block, found by bisecting eth_getCode (default 100,000).
   */
  deploymentSearchThreshold?: number;
}

interface NetworkRpc {
  network: Network;
  client: PublicClient;
  scanner: LogScanner;
  multicall: Promise<boolean> | null;
}

interface Call {
  to: Address;
  data: Hex;
}

interface CollectionFacts {
  address: Address;
  erc721: boolean;
  erc1155: boolean;
  enumerable: boolean;
  name: string;
  symbol: string;
  totalSupply: number | null;
}

const ZERO_TOPIC = pad('0x00', { size: 32 });

function topicAddress(topic: Hex | undefined): Address {
  return `0x${(topic ?? ZERO_TOPIC).slice(26)}`.toLowerCase() as Address;
}

function compareIds(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** ERC-1155 metadata URI: `{id}` is the id as 64 lower-case hex digits (EIP-1155 "Metadata"). */
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

export function substituteId(uri: string, tokenId: bigint): string {
  return uri.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));
}

/** Decoded return value of one call, or null when it reverted or returned something else. */
function decode(abi: Abi, functionName: string, data: Hex | null): unknown {
  if (!data || data === '0x') return null;
  try {
    return decodeFunctionResult({ abi, functionName, data });
  } catch {
    return null;
  }
}

function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function asBigInt(value: unknown): bigint | null {
  return typeof value === 'bigint' ? value : null;
}

function safeNumber(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/**
 * NftSource over plain JSON-RPC (viem), for any EVM node: ERC-165 detection, enumeration by index
 * or by logs, wallet holdings from Transfer logs confirmed by ownerOf / balanceOf. Reads go
 * through Multicall3 in large chunks and JSON-RPC batches, pinned to one block per operation so a
 * scan sees one consistent state.
 */
export class RpcNftSource implements NftSource {
  private readonly stats = new RpcStats();
  private readonly networks = new Map<Network, NetworkRpc>();
  private readonly multicallChunk: number;
  private readonly parallel: number;
  private readonly deploymentSearchThreshold: bigint;

  constructor(networks: Partial<Record<Network, RpcNetworkConfig>>, options: RpcNftSourceOptions = {}) {
    this.multicallChunk = options.multicallChunk ?? 500;
    const concurrency = options.concurrency ?? 8;
    this.parallel = concurrency;
    this.deploymentSearchThreshold = BigInt(options.deploymentSearchThreshold ?? 100_000);
    for (const [network, config] of Object.entries(networks) as Array<[Network, RpcNetworkConfig]>) {
      const transport = resilientTransport({
        url: config.rpcUrl,
        stats: this.stats,
        concurrency,
        batchSize: options.httpBatchSize ?? 10,
        timeoutMs: options.timeoutMs ?? 20_000,
        retries: options.retries ?? 4,
        retryBaseDelayMs: options.retryBaseDelayMs ?? 250,
      });
      const client = createPublicClient({
        chain: rpcChain(network, config.chainId, config.rpcUrl),
        transport,
        pollingInterval: 1_000,
      });
      const scanner = new LogScanner(client, this.stats, {
        initialSpan: options.maxLogBlockRange?.[network],
        parallel: Math.max(1, Math.floor(concurrency / 2)),
      });
      this.networks.set(network, { network, client, scanner, multicall: null });
    }
  }

  /** Requests made so far (benchmarks, dashboards). */
  getStats(): RpcStatsSnapshot {
    return this.stats.snapshot();
  }

  resetStats(): void {
    this.stats.reset();
  }

  async getCollection(network: Network, address: string): Promise<CollectionInfo | null> {
    const rpc = this.rpc(network);
    const block = await rpc.client.getBlockNumber();
    const [facts] = await this.collectionFacts(rpc, [address.toLowerCase() as Address], block);
    return facts ? this.toCollectionInfo(network, facts) : null;
  }

  async enumerateCollection(
    collection: CollectionInfo,
    onProgress?: (progress: EnumerateProgress) => void,
  ): Promise<TokenRef[]> {
    const rpc = this.rpc(collection.network);
    const address = collection.address.toLowerCase() as Address;
    const block = await rpc.client.getBlockNumber();

    if (collection.standard === 'ERC-721' && collection.enumerable) {
      const byIndex = await this.enumerateByIndex(rpc, address, block, onProgress);
      if (byIndex) return byIndex;
    }

    const ids =
      collection.standard === 'ERC-1155'
        ? await this.erc1155Ids(rpc, address, block)
        : await this.erc721Ids(rpc, address, block);
    const total = ids.length;
    onProgress?.({ tokensFound: 0, tokensTotal: total });
    let found = 0;
    const pages = this.chunks(ids);
    const refs = await mapWithConcurrency(pages, this.parallel, async (page) => {
      const uris = await this.tokenUris(rpc, address, collection.standard, page, block);
      found += page.length;
      onProgress?.({ tokensFound: found, tokensTotal: total });
      return page.map((id, index): TokenRef => ({ tokenId: id.toString(), tokenUri: uris[index] ?? null }));
    });
    return refs.flat();
  }

  async getWalletHoldings(
    network: Network,
    owner: string,
    options: WalletScanOptions,
  ): Promise<WalletHolding[]> {
    const rpc = this.rpc(network);
    const wallet = owner.toLowerCase() as Address;
    const walletTopic = pad(wallet, { size: 32 });
    const block = await rpc.client.getBlockNumber();
    const range = { fromBlock: 0n, toBlock: block };

    // ERC-1155 transfers and EIP-2309 batch mints both name the recipient in topic 3: one query.
    const toWalletTopics = options.includeAllTokenTypes
      ? [TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC, CONSECUTIVE_TRANSFER_TOPIC]
      : [CONSECUTIVE_TRANSFER_TOPIC];
    const [incoming, outgoing, toWallet] = await Promise.all([
      rpc.scanner.scan({ ...range, topics: [TRANSFER_TOPIC, null, walletTopic] }),
      rpc.scanner.scan({ ...range, topics: [TRANSFER_TOPIC, walletTopic] }),
      rpc.scanner.scan({ ...range, topics: [toWalletTopics, null, null, walletTopic] }),
    ]);
    const incomingConsecutive = toWallet.filter((log) => log.topics[0] === CONSECUTIVE_TRANSFER_TOPIC);
    const incoming1155 = toWallet.filter((log) => log.topics[0] !== CONSECUTIVE_TRANSFER_TOPIC);

    // ERC-721: the latest event of each token decides whether it is worth asking ownerOf.
    const last = new Map<string, { contract: Address; tokenId: bigint; received: boolean; order: bigint }>();
    const order = (log: RpcLog): bigint =>
      BigInt(log.blockNumber ?? '0x0') * 1_000_000n + BigInt(log.logIndex ?? '0x0');
    const note = (log: RpcLog, tokenId: bigint, received: boolean): void => {
      const contract = log.address.toLowerCase() as Address;
      const key = `${contract}:${tokenId}`;
      const entry = { contract, tokenId, received, order: order(log) };
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
    // Batch mints to the wallet; a batch moved away later shows as Transfer, and ownerOf decides.
    for (const log of incomingConsecutive) {
      for (const tokenId of consecutiveIds(log)) note(log, tokenId, true);
    }
    const candidates721 = [...last.values()].filter((entry) => entry.received);
    const owners = await this.callMany(
      rpc,
      candidates721.map((candidate) => ({
        to: candidate.contract,
        data: encodeFunctionData({ abi: erc721Abi, functionName: 'ownerOf', args: [candidate.tokenId] }),
      })),
      block,
    );
    const held721 = candidates721.filter(
      (_, index) => asString(decode(erc721Abi, 'ownerOf', owners[index] ?? null))?.toLowerCase() === wallet,
    );

    const candidates1155 = new Map<string, { contract: Address; tokenId: bigint }>();
    for (const log of incoming1155) {
      const contract = log.address.toLowerCase() as Address;
      for (const tokenId of this.transferIds(log))
        candidates1155.set(`${contract}:${tokenId}`, { contract, tokenId });
    }
    const candidateList1155 = [...candidates1155.values()];
    const balances = await this.callMany(
      rpc,
      candidateList1155.map((candidate) => ({
        to: candidate.contract,
        data: encodeFunctionData({
          abi: erc1155Abi,
          functionName: 'balanceOf',
          args: [wallet, candidate.tokenId],
        }),
      })),
      block,
    );
    const held1155 = candidateList1155
      .map((candidate, index) => ({
        ...candidate,
        balance: asBigInt(decode(erc1155Abi, 'balanceOf', balances[index] ?? null)) ?? 0n,
      }))
      .filter((candidate) => candidate.balance > 0n);

    const contracts = [...new Set([...held721, ...held1155].map((held) => held.contract))];
    const facts = await this.collectionFacts(rpc, contracts, block, true);
    const factsOf = new Map(facts.map((fact) => [fact!.address, fact!]));

    const groups = new Map<
      Address,
      { standard: 'ERC-721' | 'ERC-1155'; items: Array<{ tokenId: bigint; balance: number }> }
    >();
    for (const held of held721) {
      const group = groups.get(held.contract) ?? { standard: 'ERC-721', items: [] };
      group.items.push({ tokenId: held.tokenId, balance: 1 });
      groups.set(held.contract, group);
    }
    for (const held of held1155) {
      const group = groups.get(held.contract) ?? { standard: 'ERC-1155', items: [] };
      group.items.push({ tokenId: held.tokenId, balance: safeNumber(held.balance) });
      groups.set(held.contract, group);
    }

    const holdings = await mapWithConcurrency([...groups], this.parallel, async ([contract, group]) => {
      group.items.sort((a, b) => compareIds(a.tokenId, b.tokenId));
      const uris = await this.tokenUris(
        rpc,
        contract,
        group.standard,
        group.items.map((item) => item.tokenId),
        block,
      );
      const fact = factsOf.get(contract)!;
      // A contract without ERC-165 that still answered ownerOf / balanceOf is what its events say it is.
      const collection = this.toCollectionInfo(network, {
        ...fact,
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

  // --- internals -------------------------------------------------------------------------------

  private rpc(network: Network): NetworkRpc {
    const rpc = this.networks.get(network);
    if (!rpc) throw new Error(`no RPC node configured for ${network}`);
    return rpc;
  }

  private chunks<T>(items: readonly T[]): T[][] {
    const chunks: T[][] = [];
    for (let start = 0; start < items.length; start += this.multicallChunk) {
      chunks.push(items.slice(start, start + this.multicallChunk));
    }
    return chunks;
  }

  private hasMulticall(rpc: NetworkRpc): Promise<boolean> {
    rpc.multicall ??= rpc.client
      .getCode({ address: MULTICALL3_ADDRESS })
      .then((code) => code !== undefined && code !== '0x')
      .catch(() => {
        rpc.multicall = null; // ask again next time
        return false;
      });
    return rpc.multicall;
  }

  /**
   * Return data of each call (null when it reverted or returned nothing), through aggregate3 in
   * chunks; plain eth_calls (JSON-RPC batched) where no Multicall3 is deployed.
   */
  private async callMany(
    rpc: NetworkRpc,
    calls: readonly Call[],
    blockNumber: bigint,
  ): Promise<Array<Hex | null>> {
    if (calls.length === 0) return [];
    if (!(await this.hasMulticall(rpc))) {
      return mapWithConcurrency(calls, this.parallel * 4, async (call) => {
        try {
          const { data } = await rpc.client.call({ to: call.to, data: call.data, blockNumber });
          return data ?? null;
        } catch {
          return null;
        }
      });
    }
    const results = await mapWithConcurrency(this.chunks(calls), this.parallel, async (chunk) => {
      // aggregate3 is payable in Multicall3's ABI, so it goes through eth_call rather than readContract.
      const { data } = await rpc.client.call({
        to: MULTICALL3_ADDRESS,
        data: encodeFunctionData({
          abi: multicall3Abi,
          functionName: 'aggregate3',
          args: [chunk.map((call) => ({ target: call.to, allowFailure: true, callData: call.data }))],
        }),
        blockNumber,
      });
      if (!data) throw new Error('aggregate3 returned no data');
      const answers = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data });
      return answers.map((answer) =>
        answer.success && answer.returnData !== '0x' ? answer.returnData : null,
      );
    });
    return results.flat();
  }

  private async collectionFacts(
    rpc: NetworkRpc,
    addresses: readonly Address[],
    blockNumber: bigint,
    keepUnknown = false,
  ): Promise<Array<CollectionFacts | null>> {
    const perContract = 6;
    const calls = addresses.flatMap((address): Call[] => [
      {
        to: address,
        data: encodeFunctionData({
          abi: erc165Abi,
          functionName: 'supportsInterface',
          args: [INTERFACE_ERC721],
        }),
      },
      {
        to: address,
        data: encodeFunctionData({
          abi: erc165Abi,
          functionName: 'supportsInterface',
          args: [INTERFACE_ERC1155],
        }),
      },
      {
        to: address,
        data: encodeFunctionData({
          abi: erc165Abi,
          functionName: 'supportsInterface',
          args: [INTERFACE_ERC721_ENUMERABLE],
        }),
      },
      { to: address, data: encodeFunctionData({ abi: erc721Abi, functionName: 'name' }) },
      { to: address, data: encodeFunctionData({ abi: erc721Abi, functionName: 'symbol' }) },
      { to: address, data: encodeFunctionData({ abi: erc721Abi, functionName: 'totalSupply' }) },
    ]);
    const answers = await this.callMany(rpc, calls, blockNumber);
    return addresses.map((address, index) => {
      const at = (offset: number): Hex | null => answers[index * perContract + offset] ?? null;
      const erc721 = decode(erc165Abi, 'supportsInterface', at(0)) === true;
      const erc1155 = !erc721 && decode(erc165Abi, 'supportsInterface', at(1)) === true;
      if (!erc721 && !erc1155 && !keepUnknown) return null;
      const supply = asBigInt(decode(erc721Abi, 'totalSupply', at(5)));
      return {
        address,
        erc721,
        erc1155,
        enumerable: erc721 && decode(erc165Abi, 'supportsInterface', at(2)) === true,
        name: asString(decode(erc721Abi, 'name', at(3))) ?? '',
        symbol: asString(decode(erc721Abi, 'symbol', at(4))) ?? '',
        // ERC-1155 totalSupply() (when present) counts units across ids, not tokens: not comparable.
        totalSupply: erc721 && supply !== null ? safeNumber(supply) : null,
      };
    });
  }

  private toCollectionInfo(network: Network, facts: CollectionFacts): CollectionInfo | null {
    if (!facts.erc721 && !facts.erc1155) return null;
    return {
      network,
      address: facts.address,
      name: facts.name,
      symbol: facts.symbol,
      standard: facts.erc721 ? 'ERC-721' : 'ERC-1155',
      totalSupply: facts.erc721 ? facts.totalSupply : null,
      enumerable: facts.erc721 && facts.enumerable,
    };
  }

  private async tokenUris(
    rpc: NetworkRpc,
    contract: Address,
    standard: 'ERC-721' | 'ERC-1155',
    ids: readonly bigint[],
    blockNumber: bigint,
  ): Promise<Array<string | null>> {
    const answers = await this.callMany(
      rpc,
      ids.map((id) => ({
        to: contract,
        data:
          standard === 'ERC-721'
            ? encodeFunctionData({ abi: erc721Abi, functionName: 'tokenURI', args: [id] })
            : encodeFunctionData({ abi: erc1155Abi, functionName: 'uri', args: [id] }),
      })),
      blockNumber,
    );
    return answers.map((answer, index) => {
      if (standard === 'ERC-721') return asString(decode(erc721Abi, 'tokenURI', answer));
      const uri = asString(decode(erc1155Abi, 'uri', answer));
      return uri === null ? null : substituteId(uri, ids[index]!);
    });
  }

  /** totalSupply then tokenByIndex, page by page; null when the contract does not really enumerate. */
  private async enumerateByIndex(
    rpc: NetworkRpc,
    address: Address,
    blockNumber: bigint,
    onProgress?: (progress: EnumerateProgress) => void,
  ): Promise<TokenRef[] | null> {
    const [supplyData] = await this.callMany(
      rpc,
      [{ to: address, data: encodeFunctionData({ abi: erc721Abi, functionName: 'totalSupply' }) }],
      blockNumber,
    );
    const supply = asBigInt(decode(erc721Abi, 'totalSupply', supplyData ?? null));
    if (supply === null) return null;
    const total = safeNumber(supply);
    onProgress?.({ tokensFound: 0, tokensTotal: total });
    const indexes = Array.from({ length: total }, (_, index) => BigInt(index));
    let found = 0;
    let broken = false;
    const pages = await mapWithConcurrency(
      this.chunks(indexes),
      Math.max(1, Math.floor(this.parallel / 2)),
      async (page) => {
        if (broken) return [];
        const answers = await this.callMany(
          rpc,
          page.map((index) => ({
            to: address,
            data: encodeFunctionData({ abi: erc721Abi, functionName: 'tokenByIndex', args: [index] }),
          })),
          blockNumber,
        );
        const ids = answers.map((answer) => asBigInt(decode(erc721Abi, 'tokenByIndex', answer)));
        if (ids.some((id) => id === null)) {
          broken = true;
          return [];
        }
        const uris = await this.tokenUris(rpc, address, 'ERC-721', ids as bigint[], blockNumber);
        found += page.length;
        onProgress?.({ tokensFound: found, tokensTotal: total });
        return (ids as bigint[]).map((id, index): TokenRef => ({
          tokenId: id.toString(),
          tokenUri: uris[index] ?? null,
        }));
      },
    );
    if (broken) return null;
    return pages.flat().sort((a, b) => compareIds(BigInt(a.tokenId), BigInt(b.tokenId)));
  }

  /** First block with code at `address`, when the chain is long enough for it to matter. */
  private async startBlock(rpc: NetworkRpc, address: Address, latest: bigint): Promise<bigint> {
    if (latest < this.deploymentSearchThreshold) return 0n;
    try {
      let low = 0n;
      let high = latest;
      while (low < high) {
        const middle = (low + high) / 2n;
        const code = await rpc.client.getCode({ address, blockNumber: middle });
        if (code !== undefined && code !== '0x') high = middle;
        else low = middle + 1n;
      }
      return low;
    } catch {
      // Pruned nodes cannot answer historical state: scan everything.
      return 0n;
    }
  }

  /**
   * Ids in existence from Transfer and EIP-2309 ConsecutiveTransfer logs: mints add, burns remove,
   * replayed in chain order.
   */
  private async erc721Ids(rpc: NetworkRpc, address: Address, block: bigint): Promise<bigint[]> {
    const fromBlock = await this.startBlock(rpc, address, block);
    const logs = await rpc.scanner.scan({
      address,
      topics: [[TRANSFER_TOPIC, CONSECUTIVE_TRANSFER_TOPIC]],
      fromBlock,
      toBlock: block,
    });
    const existing = new Set<bigint>();
    for (const log of logs) {
      if (log.topics.length !== 4) continue;
      const consecutive = log.topics[0] === CONSECUTIVE_TRANSFER_TOPIC;
      // Transfer names from and to in topics 1 and 2; ConsecutiveTransfer in topics 2 and 3.
      const [fromTopic, toTopic] = consecutive ? log.topics.slice(2, 4) : log.topics.slice(1, 3);
      const ids = consecutive ? consecutiveIds(log) : [BigInt(log.topics[3]!)];
      if (fromTopic === ZERO_TOPIC) for (const id of ids) existing.add(id);
      if (toTopic === ZERO_TOPIC) for (const id of ids) existing.delete(id);
    }
    return [...existing].sort(compareIds);
  }

  /** Ids with a non-zero supply from TransferSingle / TransferBatch logs. */
  private async erc1155Ids(rpc: NetworkRpc, address: Address, block: bigint): Promise<bigint[]> {
    const fromBlock = await this.startBlock(rpc, address, block);
    const logs = await rpc.scanner.scan({
      address,
      topics: [[TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC]],
      fromBlock,
      toBlock: block,
    });
    const supply = new Map<bigint, bigint>();
    for (const log of logs) {
      const minted = log.topics[2] === ZERO_TOPIC;
      const burned = topicAddress(log.topics[3]) === topicAddress(ZERO_TOPIC);
      if (minted === burned) continue; // a plain transfer leaves supply as it is
      for (const [tokenId, value] of this.transferValues(log)) {
        supply.set(tokenId, (supply.get(tokenId) ?? 0n) + (minted ? value : -value));
      }
    }
    return [...supply]
      .filter(([, amount]) => amount > 0n)
      .map(([tokenId]) => tokenId)
      .sort(compareIds);
  }

  private transferValues(log: RpcLog): Array<[bigint, bigint]> {
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

  private transferIds(log: RpcLog): bigint[] {
    return this.transferValues(log).map(([tokenId]) => tokenId);
  }
}
