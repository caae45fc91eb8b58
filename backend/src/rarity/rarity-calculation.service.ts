import {
  BadRequestException,
  Injectable,
  InternalServerErrorException,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import {
  DEFAULT_RARITY_METHOD,
  RARITY_FAILED,
  SCAN_ERRORS,
  type CalculateRarityRequest,
  type CalculateRarityResponse,
  type RarityCacheSource,
  type RarityMethodName,
} from '@nexus/contract';
import { CollectionsRepository } from '../collections/index.js';
import { JsonTooDeepError } from '../platform/common/index.js';
import { NOT_AN_OBJECT } from './calculate-rarity.pipe.js';
import { canonicalTokens } from './canonical-tokens.js';
import type { CachedRarity } from './rarity-cache.repository.js';
import { RarityResultCache } from './rarity-result.cache.js';
import type { RarityReadRefusal } from './rarity-thread.protocol.js';
import { RarityThread, type RarityThreadRanking } from './rarity-thread.js';
import { RarityEngine } from './rarity.engine.js';

/** Checks a body's fields but `nfts` (`nftsProblem`: what the rarity thread found wrong with them). */
export type RarityFieldCheck = (
  fields: unknown,
  nftsProblem?: string | null,
) => Promise<CalculateRarityRequest>;

function refusal(reason: RarityReadRefusal): Error {
  if (reason === 'too-deep') return new JsonTooDeepError();
  return new BadRequestException(reason === 'malformed' ? 'Malformed JSON body' : NOT_AN_OBJECT);
}

/** A POST /api/calculate-rarity answer as JSON text: the cached `nfts` list is spliced in, not re-serialised. */
export interface RarityAnswer {
  body: string;
  cacheSource: RarityCacheSource;
}

/**
 * Ranks a token set sent by a visitor, or the collection Nexus stored: memory, then Redis, then one
 * shared calculation per key. A small token list is ranked here; a large body is read, checked and
 * ranked on the rarity thread, and so is a stored collection.
 */
@Injectable()
export class RarityCalculationService {
  private readonly logger = new Logger(RarityCalculationService.name);
  private readonly engine = new RarityEngine();
  /** Calculations under way, by cache key: identical requests at the same time share one. */
  private readonly inflight = new Map<string, Promise<CachedRarity>>();

  constructor(
    private readonly cache: RarityResultCache,
    private readonly thread: RarityThread,
    private readonly collections: CollectionsRepository,
  ) {}

  /** A checked body: its token list, or (without `nfts`) the stored collection. */
  async calculate(request: CalculateRarityRequest): Promise<RarityAnswer> {
    const nfts = request.nfts;
    if (nfts === undefined) return this.stored(request);
    const started = Date.now();
    const method = request.method ?? DEFAULT_RARITY_METHOD;
    // The engine reads tokenId and the trait fields only: whatever else the NFTs carry is ignored.
    const { tokens, hash } = canonicalTokens(nfts);
    const key = this.cache.key(request.network, request.contractAddress.toLowerCase(), method, hash);
    const cached = await this.fromCache(key, request, started);
    if (cached) return cached;
    const result = await this.shared(
      key,
      method,
      async () => {
        const rankStarted = performance.now();
        const ranked = this.engine.rank(tokens, { method });
        return {
          nftsJson: JSON.stringify(ranked.results()),
          tokenCount: ranked.size,
          calculationTime: Math.round(performance.now() - rankStarted),
        };
      },
      !request.forceRefresh,
    );
    return this.answer(result, 'fresh', started);
  }

  /**
   * A large body as its bytes: parsed and its `nfts` checked and fingerprinted on the rarity thread,
   * the other fields checked here by `check`, then answered from cache or ranked there.
   */
  async calculateBytes(bytes: Buffer, check: RarityFieldCheck): Promise<RarityAnswer> {
    const started = Date.now();
    const { id, reply } = await this.thread.read(bytes);
    if (reply.type === 'refused') throw refusal(reply.reason);
    // The thread keeps the token set until it is ranked or released: exactly one of them follows.
    let kept = reply.hash !== null;
    try {
      const request = await check(
        JSON.parse(reply.fields) as unknown,
        reply.hasNfts ? reply.problem : undefined,
      );
      if (!reply.hasNfts) return await this.stored(request);
      const method = request.method ?? DEFAULT_RARITY_METHOD;
      const key = this.cache.key(request.network, request.contractAddress.toLowerCase(), method, reply.hash!);
      const cached = await this.fromCache(key, request, started);
      if (cached) return cached;
      const result = await this.shared(
        key,
        method,
        () => {
          kept = false;
          return this.thread.rankRead(id, method);
        },
        !request.forceRefresh,
      );
      return this.answer(result, 'fresh', started);
    } finally {
      if (kept) this.thread.release(id);
    }
  }

  /**
   * `{contractAddress, network}` without `nfts`: the collection as Nexus stored it (the tokens whose
   * metadata resolved, as the rarity job ranks them), ranked on the rarity thread once per stored
   * version of the collection and method; PostgreSQL writes the tokens as one JSON text, which the
   * rarity thread parses. `forceRefresh` has nothing to refresh: the version names the result (a
   * new scan makes a new version), so a forced request is answered from cache like any other and
   * cannot make the API rank a large collection over and over. 404 when no scan of it is stored.
   */
  private async stored(request: CalculateRarityRequest): Promise<RarityAnswer> {
    const started = Date.now();
    const method = request.method ?? DEFAULT_RARITY_METHOD;
    const collection = await this.collections.find(request.network, request.contractAddress);
    if (!collection?.lastScannedAt) throw new NotFoundException(SCAN_ERRORS.notFound);
    // Every scan that writes the collection's NFTs changes the row's updated_at: a new version.
    const version = `stored-${collection.updatedAt.getTime()}`;
    const key = this.cache.key(collection.network, collection.address, method, version);
    const cached = await this.fromCache(key, { ...request, forceRefresh: false }, started);
    if (cached) return cached;
    const result = await this.shared(
      key,
      method,
      async () => this.thread.rankJson(await this.collections.rankingTokensJson(collection.id), method),
      true,
    );
    return this.answer(result, 'fresh', started);
  }

  private async fromCache(
    key: string,
    request: CalculateRarityRequest,
    started: number,
  ): Promise<RarityAnswer | null> {
    if (request.forceRefresh) return null;
    const inMemory = this.cache.fromMemory(key);
    if (inMemory) return this.answer(inMemory, 'memory', started);
    const inRedis = await this.cache.fromRedis(key);
    if (inRedis) return this.answer(inRedis, 'redis', started);
    return null;
  }

  private shared(
    key: string,
    method: RarityMethodName,
    rank: () => Promise<RarityThreadRanking>,
    cachedAllowed: boolean,
  ): Promise<CachedRarity> {
    const running = this.inflight.get(key);
    if (running) return running;
    // A request that missed the cache just before another one stored the result.
    const stored = cachedAllowed ? this.cache.fromMemory(key) : undefined;
    if (stored) return Promise.resolve(stored);
    const calculation = this.compute(key, method, rank).finally(() => this.inflight.delete(key));
    this.inflight.set(key, calculation);
    return calculation;
  }

  private async compute(
    key: string,
    method: RarityMethodName,
    rank: () => Promise<RarityThreadRanking>,
  ): Promise<CachedRarity> {
    let result: CachedRarity;
    try {
      const ranked = await rank();
      result = { ...ranked, method };
    } catch (error) {
      this.logger.error(`${key}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      throw new InternalServerErrorException(RARITY_FAILED);
    }
    await this.cache.store(key, result);
    return result;
  }

  private answer(result: CachedRarity, cacheSource: RarityCacheSource, started: number): RarityAnswer {
    const rest: Omit<CalculateRarityResponse, 'nfts'> = {
      method: result.method,
      fromCache: cacheSource !== 'fresh',
      cacheSource,
      loadTime: Date.now() - started,
    };
    return { body: `{"nfts":${result.nftsJson},${JSON.stringify(rest).slice(1)}`, cacheSource };
  }
}
