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
import { CollectionsRepository, toApiNft, type CollectionEntity } from '../collections/index.js';
import type { CollectionQuestion } from './rarity-thread.protocol.js';
import { RarityThread } from './rarity-thread.js';
import type { RarityExplanation } from './rarity.types.js';

/** SPEC §8's card title, for a contract Nexus has no collection scan of. */
const COLLECTION_NOT_FOUND = SCAN_ERRORS.notFound;

/**
 * Rarity of the stored collections: one NFT explained, and the trait summary of the filter bar.
 * The rankings are made and kept on the rarity thread (a 100,000-token collection takes about a
 * second to rank: on the request thread every other visitor waited for it), from the tokens
 * PostgreSQL writes as one JSON text; the NFT itself is one row.
 */
@Injectable()
export class CollectionRarityService {
  /** Token lists being read for the rarity thread, by collection, method and version: simultaneous misses share one. */
  private readonly loading = new Map<string, Promise<string>>();

  constructor(
    private readonly collections: CollectionsRepository,
    private readonly thread: RarityThread,
  ) {}

  async explain(
    network: Network,
    address: string,
    tokenId: string,
    method: RarityMethodName = DEFAULT_RARITY_METHOD,
  ): Promise<NftDetailResponse> {
    const collection = await this.stored(network, address);
    const record = await this.collections.findNft(collection.id, tokenId);
    if (!record) throw new NotFoundException(`NFT ${tokenId} not found in this collection`);
    const ref = {
      network: collection.network,
      address: collection.address,
      name: collection.name,
      standard: collection.standard,
    };
    const nft = toApiNft(record, ref);
    // An NFT without metadata is not scored: N counts the tokens with metadata only.
    const explanation =
      record.metadataStatus === 'ok'
        ? (await this.ask(collection, method, { kind: 'explain', tokenId })).explanation
        : null;
    if (!explanation) return { ...nft, rarityScore: null, rarityRank: null, rarity: null };
    return {
      ...nft,
      rarityScore: explanation.rarityScore,
      rarityRank: explanation.rarityRank,
      rarity: toExplanation(explanation),
    };
  }

  async traits(network: Network, address: string): Promise<CollectionTraitsResponse> {
    const collection = await this.stored(network, address);
    const { summary } = await this.ask(collection, DEFAULT_RARITY_METHOD, { kind: 'traits' });
    return { network: collection.network, address: collection.address, ...summary! };
  }

  private async stored(network: Network, address: string): Promise<CollectionEntity> {
    const collection = await this.collections.find(network, address);
    if (!collection?.lastScannedAt) throw new NotFoundException(COLLECTION_NOT_FOUND);
    return collection;
  }

  /** The rarity thread's answer from the ranking it keeps, ranked there first when it keeps none of this version. */
  private async ask(collection: CollectionEntity, method: RarityMethodName, question: CollectionQuestion) {
    const key = `${collection.network}:${collection.address}:${method}`;
    // Every scan that writes NFTs of the collection changes the row's updated_at.
    const version = collection.updatedAt.getTime();
    const kept = await this.thread.askCollection({ key, version, method, question });
    if (kept.found) return kept;
    const loadKey = `${key}:${version}`;
    let tokens = this.loading.get(loadKey);
    if (!tokens) {
      tokens = this.collections.rankingTokensJson(collection.id).finally(() => this.loading.delete(loadKey));
      this.loading.set(loadKey, tokens);
    }
    return this.thread.rankCollection({ key, version, method, question, tokens: await tokens });
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
