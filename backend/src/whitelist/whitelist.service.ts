import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type {
  WhitelistedCollection,
  WhitelistedCollectionInput,
  WhitelistedCollectionPatch,
} from '@nexus/contract';
import type {
  CreateWhitelistedCollectionDto,
  UpdateWhitelistedCollectionDto,
} from './whitelisted-collection.dto.js';
import type { WhitelistedCollectionEntity } from './whitelisted-collection.entity.js';
import { WhitelistCacheRepository } from './whitelist-cache.repository.js';
import { DuplicateWhitelistEntryError, WhitelistRepository } from './whitelist.repository.js';

export const WHITELIST_ERRORS = {
  notFound: 'Whitelisted collection not found',
  duplicate: 'This collection is already whitelisted on this network',
} as const;

/** Every field a body may set, in the order of SPEC §3. */
const EDITABLE_FIELDS = [
  'contractAddress',
  'name',
  'network',
  'description',
  'logoUrl',
  'bannerUrl',
  'website',
  'discord',
  'twitter',
  'telegram',
  'isFeatured',
  'hasAnimatedBackground',
  'backgroundImageUrls',
  'bubbleCount',
  'animationSpeed',
  'bubbleSize',
  'animationDirection',
] as const satisfies ReadonlyArray<keyof WhitelistedCollectionPatch>;

/** SPEC §9: the featured collection first, then by name (as the web app sorts it). */
export function compareWhitelisted(a: WhitelistedCollection, b: WhitelistedCollection): number {
  return (
    Number(b.isFeatured) - Number(a.isFeatured) ||
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
    Number(a.id) - Number(b.id)
  );
}

export function toApiWhitelisted(e: WhitelistedCollectionEntity): WhitelistedCollection {
  return {
    id: e.id,
    contractAddress: e.contractAddress,
    name: e.name,
    network: e.network,
    description: e.description,
    logoUrl: e.logoUrl,
    bannerUrl: e.bannerUrl,
    website: e.website,
    discord: e.discord,
    twitter: e.twitter,
    telegram: e.telegram,
    isFeatured: e.isFeatured,
    hasAnimatedBackground: e.hasAnimatedBackground,
    backgroundImageUrls: [...e.backgroundImageUrls],
    bubbleCount: e.bubbleCount,
    animationSpeed: e.animationSpeed,
    bubbleSize: e.bubbleSize,
    animationDirection: e.animationDirection,
  };
}

/** The fields a validated body carries, without the absent ones; addresses lower-case. */
function pickFields(
  body: CreateWhitelistedCollectionDto | UpdateWhitelistedCollectionDto,
): WhitelistedCollectionPatch {
  const patch: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) {
    if (body[field] !== undefined) patch[field] = body[field];
  }
  // EVM addresses compare case-insensitively; Solana's base58 is case-sensitive and kept as typed.
  if (typeof patch.contractAddress === 'string' && patch.contractAddress.startsWith('0x'))
    patch.contractAddress = patch.contractAddress.toLowerCase();
  return patch as WhitelistedCollectionPatch;
}

/** GET, POST, PATCH, DELETE /api/whitelisted-collections: PostgreSQL behind a Redis cache. */
@Injectable()
export class WhitelistService {
  constructor(
    private readonly repository: WhitelistRepository,
    private readonly cache: WhitelistCacheRepository,
  ) {}

  /** The sorted list as JSON text: straight from Redis when cached. */
  async listJson(): Promise<string> {
    const cached = await this.cache.get();
    if (cached !== null) return cached;
    const json = await this.load();
    await this.cache.fill(json);
    return json;
  }

  async create(body: CreateWhitelistedCollectionDto): Promise<WhitelistedCollection> {
    const created = await this.write(() =>
      this.repository.create(pickFields(body) as WhitelistedCollectionInput),
    );
    await this.refresh();
    return toApiWhitelisted(created);
  }

  async update(id: string, body: UpdateWhitelistedCollectionDto): Promise<WhitelistedCollection> {
    const updated = await this.write(() => this.repository.update(id, pickFields(body)));
    if (!updated) throw new NotFoundException(WHITELIST_ERRORS.notFound);
    await this.refresh();
    return toApiWhitelisted(updated);
  }

  async remove(id: string): Promise<{ success: true }> {
    if (!(await this.repository.delete(id))) throw new NotFoundException(WHITELIST_ERRORS.notFound);
    await this.refresh();
    return { success: true };
  }

  /** After a change (or seeding): every API node answers the new list at once. */
  async refresh(): Promise<void> {
    await this.cache.replace(await this.load());
  }

  private async load(): Promise<string> {
    const rows = await this.repository.findAll();
    return JSON.stringify(rows.map(toApiWhitelisted).sort(compareWhitelisted));
  }

  private async write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DuplicateWhitelistEntryError)
        throw new ConflictException(WHITELIST_ERRORS.duplicate);
      throw error;
    }
  }
}
