import { Injectable, NotFoundException } from '@nestjs/common';
import {
  DEFAULT_RARITY_METHOD,
  SCAN_ERRORS,
  type CollectionTraitsResponse,
  type Network,
  type NftDetailResponse,
  type NftRarityExplanation,
  type RarityMethodName,
} from '@nexus/contract';
import { CollectionsRepository, toApiNft, type CollectionRef, type NftRecord } from '../collections/index.js';
import { LruCache } from '../common/lru-cache.js';
import type { RankedCollection } from './ranked-collection.js';
import { RarityEngine } from './rarity.engine.js';
import type { RarityExplanation, TraitSummary } from './rarity.types.js';

/** SPEC §8's card title, for a contract Nexus has no collection scan of. */
const COLLECTION_NOT_FOUND = SCAN_ERRORS.notFound;

/** Collections ranked in memory per API node: a 10,000-token collection takes a few MB. */
const RANKED_COLLECTIONS = 8;

interface RankedEntry {
  /** The collection row's updated_at: every scan that writes NFTs of the collection changes it. */
  version: number;
  ref: CollectionRef;
  records: Map<string, NftRecord>;
  ranked: RankedCollection;
  summary?: TraitSummary;
}

/** Rarity of the stored collections: one NFT explained, and the trait summary of the filter bar. */
@Injectable()
export class CollectionRarityService {
  private readonly engine = new RarityEngine();
  private readonly ranked = new LruCache<string, RankedEntry>({ maxEntries: RANKED_COLLECTIONS });
  /** Loads under way, by collection, method and version: simultaneous misses share one. */
  private readonly loading = new Map<string, Promise<RankedEntry | null>>();

  constructor(private readonly collections: CollectionsRepository) {}

  async explain(
    network: Network,
    address: string,
    tokenId: string,
    method: RarityMethodName = DEFAULT_RARITY_METHOD,
  ): Promise<NftDetailResponse> {
    const entry = await this.entry(network, address, method);
    const record = entry.records.get(tokenId);
    if (!record) throw new NotFoundException(`NFT ${tokenId} not found in this collection`);
    const nft = toApiNft(record, entry.ref);
    const explanation = entry.ranked.explain(tokenId);
    // An NFT without metadata is not scored: N counts the tokens with metadata only.
    if (!explanation) return { ...nft, rarityScore: null, rarityRank: null, rarity: null };
    return {
      ...nft,
      rarityScore: explanation.rarityScore,
      rarityRank: explanation.rarityRank,
      rarity: toExplanation(explanation),
    };
  }

  async traits(network: Network, address: string): Promise<CollectionTraitsResponse> {
    const entry = await this.entry(network, address, DEFAULT_RARITY_METHOD);
    entry.summary ??= entry.ranked.traitSummary();
    return { network: entry.ref.network, address: entry.ref.address, ...entry.summary };
  }

  /** The ranked collection, from memory while the stored collection is unchanged. */
  private async entry(network: Network, address: string, method: RarityMethodName): Promise<RankedEntry> {
    const collection = await this.collections.find(network, address);
    if (!collection?.lastScannedAt) throw new NotFoundException(COLLECTION_NOT_FOUND);
    const key = `${network}:${collection.address}:${method}`;
    const version = collection.updatedAt.getTime();
    const cached = this.ranked.get(key);
    if (cached && cached.version >= version) return cached;

    const loadKey = `${key}:${version}`;
    let pending = this.loading.get(loadKey);
    if (!pending) {
      pending = this.load(network, collection.address, method).finally(() => this.loading.delete(loadKey));
      this.loading.set(loadKey, pending);
    }
    const entry = await pending;
    if (!entry) throw new NotFoundException(COLLECTION_NOT_FOUND);
    const current = this.ranked.get(key);
    if (!current || current.version < entry.version) this.ranked.set(key, entry);
    return entry;
  }

  private async load(
    network: Network,
    address: string,
    method: RarityMethodName,
  ): Promise<RankedEntry | null> {
    const stored = await this.collections.load(network, address);
    if (!stored?.collection.lastScannedAt) return null;
    const c = stored.collection;
    const scored = stored.nfts.filter((n) => n.metadataStatus === 'ok');
    return {
      version: c.updatedAt.getTime(),
      ref: { network: c.network, address: c.address, name: c.name, standard: c.standard },
      records: new Map(stored.nfts.map((n) => [n.tokenId, n])),
      ranked: this.engine.rank(scored, { method }),
    };
  }
}

function toExplanation(e: RarityExplanation): NftRarityExplanation {
  return {
    rank: e.rarityRank,
    score: e.rarityScore,
    method: e.method,
    uniqueAttributeCount: e.uniqueAttributeCount,
    tokenCount: e.tokenCount,
    traits: e.traits.map((t) => ({
      traitType: t.traitType,
      value: t.value,
      count: t.count,
      share: t.share,
      contribution: t.contribution,
      kind: t.kind,
      unique: t.unique,
    })),
  };
}
