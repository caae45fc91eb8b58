import { Logger } from '@nestjs/common';
import type { Network } from '@nexus/contract';

import type {
  CollectionInfo,
  EnumerateProgress,
  NftSource,
  TokenPageSink,
  WalletScanOptions,
} from '../nft-source.js';
import { collectTokens } from '../token-stream.util.js';
import type {
  AlchemyContract,
  AlchemyNft,
  AlchemyNftsForContractResponse,
  AlchemyNftsForOwnerResponse,
  AlchemyOwnedNft,
} from './alchemy-api.types.js';
import { FetchError } from '../../platform/outbound/index.js';
import { AlchemyHttpClient, type AlchemyQuery } from './alchemy-http.client.js';
import {
  type AlchemyCollectionInfo,
  type AlchemyTokenRef,
  type AlchemyWalletHolding,
  groupHoldings,
  nftItems,
  toCollectionInfo,
  toTokenRef,
} from './alchemy.mapper.js';
import { type AlchemyNetwork, alchemyServes, alchemySlug } from './alchemy.networks.js';

/** The most NFTs one page of getNFTsForOwner / getNFTsForContract may hold. */
export const ALCHEMY_MAX_PAGE_SIZE = 100;

export interface AlchemyNftSourceOptions {
  apiKey: string;
  /**
   * Replaces `https://{network}.g.alchemy.com`; the path `/nft/v3/{apiKey}/…` is kept. May hold
   * `{network}` and a path prefix (`http://127.0.0.1:PORT`, `http://127.0.0.1:PORT/{network}`).
   */
  baseUrl?: string;
  /** Per HTTP attempt (default 20 s). */
  timeoutMs?: number;
  /** Further attempts after a 429, 5xx, timeout or dropped connection (default 4). */
  retries?: number;
  /** First backoff, doubled per attempt (default 500 ms). */
  retryBaseDelayMs?: number;
  /** Longest single wait between attempts, Retry-After included (default 30 s). */
  maxRetryDelayMs?: number;
  /** NFTs per page, 1–100 (default 100). */
  pageSize?: number;
  /** Pages read per wallet or collection before stopping with what was read (default 200). */
  maxPages?: number;
  fetch?: typeof fetch;
  /** Told when Alchemy refuses the key (401 or 403). */
  onKeyRefused?: (status: number) => void;
}

interface Page<T> {
  items: T[];
  pageKey: string | null;
  /** Entries the answer held, well-formed or not (what Alchemy's totalCount counts). */
  received: number;
  /** How many NFTs Alchemy counts in all pages (getNFTsForOwner's totalCount), when it says. */
  totalCount: number | null;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nextPageKey(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function invalid(method: string, network: AlchemyNetwork, expected: string): FetchError {
  return new FetchError(
    'invalid-response',
    `Alchemy ${method} on ${alchemySlug(network)} answered without ${expected}`,
  );
}

/**
 * NftSource over the Alchemy NFT API v3 for the networks it serves (ethereum, polygon). Tokens
 * carry the metadata Alchemy already holds (`metadata`), so a scan fetches a token URI only when
 * Alchemy has nothing for it. Wallet holdings include what Alchemy classes as spam: the API
 * answers every holding, each collection carries Alchemy's verdict, and the interface decides
 * what to hide.
 */
export class AlchemyNftSource implements NftSource {
  private readonly logger = new Logger(AlchemyNftSource.name);
  private readonly http: AlchemyHttpClient;
  private readonly pageSize: number;
  private readonly maxPages: number;

  constructor(options: AlchemyNftSourceOptions) {
    this.http = new AlchemyHttpClient({
      apiKey: options.apiKey,
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs ?? 20_000,
      retries: options.retries ?? 4,
      retryBaseDelayMs: options.retryBaseDelayMs ?? 500,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
      fetch: options.fetch,
      onKeyRefused: options.onKeyRefused,
    });
    const pageSize = options.pageSize ?? ALCHEMY_MAX_PAGE_SIZE;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > ALCHEMY_MAX_PAGE_SIZE) {
      throw new Error(
        `Alchemy page size must be an integer from 1 to ${ALCHEMY_MAX_PAGE_SIZE}, got ${pageSize}`,
      );
    }
    const maxPages = options.maxPages ?? 200;
    if (!Number.isInteger(maxPages) || maxPages < 1) {
      throw new Error(`Alchemy page cap must be a positive integer, got ${maxPages}`);
    }
    this.pageSize = pageSize;
    this.maxPages = maxPages;
  }

  async getCollection(network: Network, address: string): Promise<AlchemyCollectionInfo | null> {
    const served = this.served(network);
    const body = await this.http.get(served, 'getContractMetadata', { contractAddress: address });
    if (!isObject(body)) throw invalid('getContractMetadata', served, 'a contract object');
    // An address without code or an ERC-20 answers 200 with tokenType NOT_A_CONTRACT / NO_SUPPORTED_NFT_STANDARD.
    return toCollectionInfo(network, {
      ...body,
      address: typeof body.address === 'string' ? body.address : address,
    });
  }

  enumerateCollection(
    collection: CollectionInfo,
    onProgress?: (progress: EnumerateProgress) => void,
  ): Promise<AlchemyTokenRef[]> {
    // Every token this source hands is one of its own (AlchemyTokenRef).
    return collectTokens((onPage) => this.streamCollection(collection, onPage, onProgress)) as Promise<
      AlchemyTokenRef[]
    >;
  }

  /**
   * Page by page as Alchemy answers them, one request at a time (the next after `onPage` took the
   * last). A token repeated from the page before (the page key is the next page's first token) is
   * handed once.
   */
  async streamCollection(
    collection: CollectionInfo,
    onPage: TokenPageSink,
    onProgress?: (progress: EnumerateProgress) => void,
  ): Promise<number> {
    const served = this.served(collection.network);
    let previous = new Set<string>();
    let found = 0;
    await this.readPages(
      `collection ${collection.address} on ${alchemySlug(served)}`,
      (pageKey) => this.contractPage(served, collection.address, pageKey),
      async ({ items: nfts }) => {
        const seen = new Set<string>();
        const tokens: AlchemyTokenRef[] = [];
        for (const nft of nfts) {
          const token = toTokenRef(nft);
          if (!token || seen.has(token.tokenId) || previous.has(token.tokenId)) continue;
          seen.add(token.tokenId);
          tokens.push(token);
        }
        previous = seen;
        found += tokens.length;
        onProgress?.({ tokensFound: found, tokensTotal: collection.totalSupply });
        if (tokens.length > 0) await onPage(tokens);
      },
    );
    return found;
  }

  async getWalletHoldings(
    network: Network,
    owner: string,
    options: WalletScanOptions,
  ): Promise<AlchemyWalletHolding[]> {
    const served = this.served(network);
    const owned: AlchemyOwnedNft[] = [];
    const seen = { received: 0, totalCount: null as number | null };
    const cut = await this.readPages(
      `wallet ${owner} on ${alchemySlug(served)}`,
      (pageKey) => this.ownerPage(served, owner, pageKey),
      (page) => {
        owned.push(...page.items);
        seen.received += page.received;
        seen.totalCount = page.totalCount ?? seen.totalCount;
      },
    );
    // totalCount is read so that a wallet answered in part never passes for the whole of it.
    const short =
      seen.totalCount !== null && seen.received < seen.totalCount
        ? `Alchemy counts ${seen.totalCount} NFTs and answered ${seen.received}`
        : null;
    const incomplete = cut ?? short;
    if (incomplete !== null) options.onIncomplete?.(incomplete);
    const holdings = groupHoldings(network, owned);
    return options.includeAllTokenTypes
      ? holdings
      : holdings.filter((holding) => holding.collection.standard === 'ERC-721');
  }

  /**
   * Collections whose name or description matches the query (searchContractMetadata), for the
   * discovery endpoint. Contracts Alchemy does not know as ERC-721 / ERC-1155 are left out.
   */
  async searchCollections(network: Network, query: string): Promise<AlchemyCollectionInfo[]> {
    const served = this.served(network);
    const words = query.trim();
    if (words === '') return [];
    const body = await this.http.get(served, 'searchContractMetadata', { query: words });
    const contracts: unknown = Array.isArray(body) ? body : isObject(body) ? body.contracts : undefined;
    if (!Array.isArray(contracts)) throw invalid('searchContractMetadata', served, 'a list of contracts');
    const found = new Map<string, AlchemyCollectionInfo>();
    for (const contract of contracts) {
      if (!isObject(contract)) continue;
      const info = toCollectionInfo(network, contract as unknown as AlchemyContract);
      if (info && !found.has(info.address)) found.set(info.address, info);
    }
    return [...found.values()];
  }

  private served(network: Network): AlchemyNetwork {
    if (alchemyServes(network)) return network;
    throw new FetchError(
      'unsupported',
      `The Alchemy NFT API does not serve ${network}; use the JSON-RPC source for it`,
    );
  }

  private async ownerPage(
    network: AlchemyNetwork,
    owner: string,
    pageKey: string | null,
  ): Promise<Page<AlchemyOwnedNft>> {
    // No excludeFilters[]=SPAM: every holding comes back and spam is hidden by the interface.
    const query: AlchemyQuery = { owner, withMetadata: true, pageSize: this.pageSize, pageKey };
    const body = await this.http.get(network, 'getNFTsForOwner', query);
    if (!isObject(body) || !Array.isArray(body.ownedNfts))
      throw invalid('getNFTsForOwner', network, 'ownedNfts');
    const response = body as unknown as AlchemyNftsForOwnerResponse;
    return {
      items: nftItems<AlchemyOwnedNft>(response.ownedNfts),
      pageKey: nextPageKey(response.pageKey),
      received: response.ownedNfts.length,
      totalCount: count(response.totalCount),
    };
  }

  private async contractPage(
    network: AlchemyNetwork,
    address: string,
    pageKey: string | null,
  ): Promise<Page<AlchemyNft>> {
    // The pageKey of one answer is the startToken of the next request.
    const query: AlchemyQuery = {
      contractAddress: address,
      withMetadata: true,
      limit: this.pageSize,
      startToken: pageKey,
    };
    const body = await this.http.get(network, 'getNFTsForContract', query);
    if (!isObject(body) || !Array.isArray(body.nfts)) throw invalid('getNFTsForContract', network, 'nfts');
    const response = body as unknown as AlchemyNftsForContractResponse;
    return {
      items: nftItems<AlchemyNft>(response.nfts),
      pageKey: nextPageKey(response.pageKey),
      received: response.nfts.length,
      totalCount: null,
    };
  }

  /**
   * Follows page keys until the last page, a repeated key, or the page cap. Answers null when it
   * read to the end, otherwise why it stopped before.
   */
  private async readPages<T>(
    what: string,
    fetchPage: (pageKey: string | null) => Promise<Page<T>>,
    onPage: (page: Page<T>) => void | Promise<void>,
  ): Promise<string | null> {
    const keys = new Set<string>();
    let pageKey: string | null = null;
    for (let page = 0; page < this.maxPages; page++) {
      const result = await fetchPage(pageKey);
      await onPage(result);
      pageKey = result.pageKey;
      if (pageKey === null) return null;
      if (keys.has(pageKey)) {
        this.logger.warn(`Alchemy repeated a page key while reading ${what}; stopping there`);
        return `Alchemy repeated a page key after ${page + 1} pages`;
      }
      keys.add(pageKey);
    }
    this.logger.warn(`Read ${this.maxPages} pages of ${what}, the cap; the rest is left out`);
    return `stopped at the cap of ${this.maxPages} pages`;
  }
}
