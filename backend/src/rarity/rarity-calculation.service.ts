import { Injectable, InternalServerErrorException, Logger } from '@nestjs/common';
import {
  DEFAULT_RARITY_METHOD,
  RARITY_FAILED,
  type CalculateRarityRequest,
  type CalculateRarityResponse,
  type RarityCacheSource,
  type RarityMethodName,
} from '@nexus/contract';
import { canonicalTokens } from './canonical-tokens.js';
import type { CachedRarity } from './rarity-cache.repository.js';
import { RarityResultCache } from './rarity-result.cache.js';
import { RarityEngine } from './rarity.engine.js';
import type { RarityToken } from './rarity.types.js';

/** A POST /api/calculate-rarity answer as JSON text: the cached `nfts` list is spliced in, not re-serialised. */
export interface RarityAnswer {
  body: string;
  cacheSource: RarityCacheSource;
}

/** Ranks a token set sent by a visitor: memory, then Redis, then one shared calculation per key. */
@Injectable()
export class RarityCalculationService {
  private readonly logger = new Logger(RarityCalculationService.name);
  private readonly engine = new RarityEngine();
  /** Calculations under way, by cache key: identical requests at the same time share one. */
  private readonly inflight = new Map<string, Promise<CachedRarity>>();

  constructor(private readonly cache: RarityResultCache) {}

  async calculate(request: CalculateRarityRequest): Promise<RarityAnswer> {
    const started = Date.now();
    const method = request.method ?? DEFAULT_RARITY_METHOD;
    // The engine reads tokenId and the trait fields only: whatever else the NFTs carry is ignored.
    const { tokens, hash } = canonicalTokens(request.nfts);
    const key = this.cache.key(request.network, request.contractAddress.toLowerCase(), method, hash);

    if (!request.forceRefresh) {
      const inMemory = this.cache.fromMemory(key);
      if (inMemory) return this.answer(inMemory, 'memory', started);
      const inRedis = await this.cache.fromRedis(key);
      if (inRedis) return this.answer(inRedis, 'redis', started);
    }
    const result = await this.shared(key, tokens, method, !request.forceRefresh);
    return this.answer(result, 'fresh', started);
  }

  private shared(
    key: string,
    tokens: RarityToken[],
    method: RarityMethodName,
    cachedAllowed: boolean,
  ): Promise<CachedRarity> {
    const running = this.inflight.get(key);
    if (running) return running;
    // A request that missed the cache just before another one stored the result.
    const stored = cachedAllowed ? this.cache.fromMemory(key) : undefined;
    if (stored) return Promise.resolve(stored);
    const calculation = this.compute(key, tokens, method).finally(() => this.inflight.delete(key));
    this.inflight.set(key, calculation);
    return calculation;
  }

  private async compute(key: string, tokens: RarityToken[], method: RarityMethodName): Promise<CachedRarity> {
    let result: CachedRarity;
    try {
      const started = performance.now();
      const ranked = this.engine.rank(tokens, { method });
      const nftsJson = JSON.stringify(ranked.results());
      result = {
        nftsJson,
        method,
        tokenCount: ranked.size,
        calculationTime: Math.round(performance.now() - started),
      };
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
