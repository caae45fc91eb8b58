import { createPublicClient, encodeFunctionData, type Address } from 'viem';
import type { Network, TokenType } from '@nexus/contract';
import { asString, decodeResult } from './call-result.util.js';
import { erc721Abi } from './erc.abis.js';
import type {
  CollectionInfo,
  EnumerateProgress,
  NftSource,
  TokenPageSink,
  TokenRef,
  WalletHolding,
  WalletScanOptions,
} from '../nft-source.js';
import { latestBlock } from './chain-head.util.js';
import { CollectionEnumerator, type CollectionIndex } from './collection.enumerator.js';
import { CollectionFactsReader, toCollectionInfo, type CollectionFacts } from './collection-facts.reader.js';
import { MemoryLogLimits, type LogLimitsStore } from './log-limits.store.js';
import { LogScanner } from './log.scanner.js';
import { MulticallBatcher } from './multicall.batcher.js';
import { MemoryProviderFacts, type ProviderFacts } from './provider-facts.store.js';
import { QuotaGate, quotaGuardedTransport } from './provider-quota.gate.js';
import { resilientTransport } from './resilient.transport.js';
import { rpcChain } from './rpc-chains.config.js';
import { RpcStats, type RpcProviderSnapshot, type RpcStatsSnapshot } from './rpc.stats.js';
import { TokenUriReader } from './token-uri.reader.js';
import type { Pacer } from './shared-request.pacer.js';
import { TransferLogFeed } from './transfer-log.feed.js';
import { WalletHoldingsReader, type WalletIndex } from './wallet-holdings.reader.js';
import { deploymentBlock } from './deployment-block.js';

export interface RpcNetworkConfig {
  chainId: number;
  rpcUrl: string;
  /** Several nodes of the network (rpcUrl among them): calls go to the healthiest, fastest. */
  rpcUrls?: string[];
  /** Widest eth_getLogs range the node allows, when known. */
  maxLogRange?: number | null;
  /** The node's request budget: calls are spaced to stay within it. */
  requestsPerSecond?: number | null;
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
  /**
   * The transfer index: wallet scans (and, when it answers collectionTokens, enumerations of
   * collections without ERC721Enumerable) read it for the blocks it covers, the node for the rest.
   */
  index?: WalletIndex & Partial<CollectionIndex>;
  /** Per network, the pacer of a request budget shared with other processes (else one of this source's own). */
  pacers?: Partial<Record<Network, Pacer>>;
  /**
   * Per network, where the node's learnt eth_getLogs span is kept: shared by every process that
   * reads the node (Redis), else this source's own memory.
   */
  logLimits?: Partial<Record<Network, LogLimitsStore>>;
  /**
   * Per network, where the rest of what the node's refusals taught is kept (calls per aggregate,
   * no old state, a spent quota): shared by every process that reads the node (Redis), else this
   * source's own memory.
   */
  providerFacts?: Partial<Record<Network, ProviderFacts>>;
  /** A network of several nodes: each node's shared budget pacer, and where its stated span is kept. */
  nodes?: {
    pacer?: (network: Network, url: string) => Pacer | null;
    limits?: (network: Network, url: string) => LogLimitsStore | null;
    /** Where what each node's refusals taught (its batch cap) is kept for other processes. */
    facts?: (network: Network, url: string) => ProviderFacts | null;
  };
}

/** The readers of one network, sharing its client, log scanner and multicall batcher. */
interface NetworkReaders {
  head: () => Promise<bigint>;
  facts: CollectionFactsReader;
  enumerator: CollectionEnumerator;
  holdings: WalletHoldingsReader;
  feed: TransferLogFeed;
  deployedAt: (address: Address) => Promise<bigint>;
  calls: MulticallBatcher;
  uris: TokenUriReader;
}

/**
 * NftSource over plain JSON-RPC (viem), for any EVM node: ERC-165 detection, enumeration by index
 * or by logs, wallet holdings from Transfer logs confirmed by ownerOf / balanceOf. Reads go
 * through Multicall3 in large chunks and JSON-RPC batches, pinned to one block per operation so a
 * scan sees one consistent state. The work is done by one reader per concern; this class wires
 * them per network.
 */
export class RpcNftSource implements NftSource {
  private readonly stats = new RpcStats();
  private readonly networks = new Map<Network, NetworkReaders>();

  constructor(networks: Partial<Record<Network, RpcNetworkConfig>>, options: RpcNftSourceOptions = {}) {
    const chunkSize = options.multicallChunk ?? 500;
    const parallel = options.concurrency ?? 8;
    for (const [network, config] of Object.entries(networks) as Array<[Network, RpcNetworkConfig]>) {
      const learnt = options.providerFacts?.[network] ?? new MemoryProviderFacts();
      const several = (config.rpcUrls?.length ?? 0) > 1;
      const transport = resilientTransport({
        urls: config.rpcUrls?.length ? config.rpcUrls : [config.rpcUrl],
        network,
        stats: this.stats,
        concurrency: parallel,
        batchSize: options.httpBatchSize ?? 10,
        timeoutMs: options.timeoutMs ?? 20_000,
        retries: options.retries ?? 4,
        retryBaseDelayMs: options.retryBaseDelayMs ?? 250,
        ...(config.requestsPerSecond ? { requestsPerSecond: config.requestsPerSecond } : {}),
        ...(options.pacers?.[network] ? { pacer: options.pacers[network] } : {}),
        pacerFor: (url) => options.nodes?.pacer?.(network, url) ?? null,
        limitsFor: (url) => options.nodes?.limits?.(network, url) ?? null,
        factsFor: (url) => options.nodes?.facts?.(network, url) ?? (several ? null : learnt),
      });
      // A spent daily or monthly quota stops every call of every process until its reset.
      const guarded = quotaGuardedTransport(transport, new QuotaGate(learnt));
      const client = createPublicClient({
        chain: rpcChain(network, config.chainId, config.rpcUrl),
        transport: guarded,
        pollingInterval: 1_000,
      });
      const limits = options.logLimits?.[network] ?? new MemoryLogLimits();
      const logs = new LogScanner(client, this.stats, {
        initialSpan: options.maxLogBlockRange?.[network] ?? config.maxLogRange ?? undefined,
        parallel: Math.max(1, Math.floor(parallel / 2)),
        limits,
      });
      const calls = new MulticallBatcher(client, { chunkSize, parallel, facts: learnt });
      const uris = new TokenUriReader(calls);
      const facts = new CollectionFactsReader(calls);
      this.networks.set(network, {
        head: () => latestBlock(client),
        deployedAt: async (address) => deploymentBlock(client, address, await latestBlock(client)),
        facts,
        calls,
        uris,
        enumerator: new CollectionEnumerator(
          client,
          calls,
          logs,
          uris,
          {
            pageSize: chunkSize,
            parallel,
            deploymentSearchThreshold: BigInt(options.deploymentSearchThreshold ?? 100_000),
          },
          options.index?.collectionTokens ? (options.index as CollectionIndex) : undefined,
        ),
        holdings: new WalletHoldingsReader(
          network,
          client,
          calls,
          logs,
          facts,
          uris,
          parallel,
          options.index,
        ),
        // Its own scanner (its own pace of probing), sharing the node's learnt span: result-count
        // refusals of all-contract queries narrow only the scan that met them.
        feed: new TransferLogFeed(
          client,
          new LogScanner(client, this.stats, {
            initialSpan: options.maxLogBlockRange?.[network] ?? config.maxLogRange ?? undefined,
            parallel: Math.max(1, Math.floor(parallel / 2)),
            limits,
          }),
        ),
      });
    }
  }

  /** Requests made so far (benchmarks, dashboards). */
  getStats(): RpcStatsSnapshot {
    return this.stats.snapshot();
  }

  /** Each network's nodes: health, counters, learnt limits (this process's view). */
  getProviders(): Record<string, RpcProviderSnapshot[]> {
    return this.stats.providers();
  }

  resetStats(): void {
    this.stats.reset();
  }

  async getCollection(network: Network, address: string): Promise<CollectionInfo | null> {
    const readers = this.readers(network);
    const block = await readers.head();
    const [facts] = await readers.facts.read([address.toLowerCase() as Address], block);
    return facts ? toCollectionInfo(network, facts) : null;
  }

  /**
   * ERC-165 answers, name, symbol and supply of many contracts at the head, in Multicall3 batches
   * (null for an address that is not a contract); the transfer index names the contracts it sees.
   */
  async contractFacts(network: Network, addresses: string[]): Promise<Array<CollectionFacts | null>> {
    const readers = this.readers(network);
    const block = await readers.head();
    return readers.facts.read(
      addresses.map((address) => address.toLowerCase() as Address),
      block,
      true,
    );
  }

  enumerateCollection(
    collection: CollectionInfo,
    onProgress?: (progress: EnumerateProgress) => void,
    onIncomplete?: (reason: string) => void,
  ): Promise<TokenRef[]> {
    return this.readers(collection.network).enumerator.enumerate(collection, onProgress, onIncomplete);
  }

  streamCollection(
    collection: CollectionInfo,
    onPage: TokenPageSink,
    onProgress?: (progress: EnumerateProgress) => void,
    onIncomplete?: (reason: string) => void,
  ): Promise<number> {
    return this.readers(collection.network).enumerator.stream(collection, onPage, onProgress, onIncomplete);
  }

  getWalletHoldings(network: Network, owner: string, options: WalletScanOptions): Promise<WalletHolding[]> {
    return this.readers(network).holdings.read(owner, options);
  }

  /**
   * One token as the contract answers now: its URI (ERC-721 tokenURI, ERC-1155 uri with `{id}`) and,
   * for ERC-721, its owner (null where a call reverts: no URI, a burned token).
   */
  async readToken(
    network: Network,
    address: string,
    standard: TokenType,
    tokenId: bigint,
  ): Promise<{ tokenUri: string | null; owner: string | null }> {
    const readers = this.readers(network);
    const block = await readers.head();
    const contract = address.toLowerCase() as Address;
    const [tokenUri, ownerAnswer] = await Promise.all([
      readers.uris.read(contract, standard, [tokenId], block).then((uris) => uris[0] ?? null),
      standard === 'ERC-721'
        ? readers.calls.callMany(
            [
              {
                to: contract,
                data: encodeFunctionData({ abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] }),
              },
            ],
            block,
          )
        : Promise.resolve([null]),
    ]);
    const owner = asString(decodeResult(erc721Abi, 'ownerOf', ownerAnswer[0] ?? null));
    return { tokenUri, owner: owner ? owner.toLowerCase() : null };
  }

  /** The network's NFT transfers by block range, through this source's client (its limits and rate). */
  transferFeed(network: Network): TransferLogFeed {
    return this.readers(network).feed;
  }

  /** The block a contract was deployed in (0 where the node keeps no historical state). */
  deploymentBlock(network: Network, address: string): Promise<bigint> {
    return this.readers(network).deployedAt(address as Address);
  }

  private readers(network: Network): NetworkReaders {
    const readers = this.networks.get(network);
    if (!readers) throw new Error(`no RPC node configured for ${network}`);
    return readers;
  }
}
