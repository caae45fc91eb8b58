import { Injectable, Logger } from '@nestjs/common';
import {
  DEFAULT_RARITY_METHOD,
  RARITY_FAILED,
  SCAN_ERRORS,
  scanKey,
  type ScanJobPayload,
  type ScanStage,
} from '@nexus/contract';
import { CollectionsRepository, toApiNft, type CollectionEntity } from '../collections/index.js';
import { ScanQueueRepository } from '../platform/queues/index.js';
import {
  RarityCacheRepository,
  RarityEngine,
  rarityResultKey,
  TokenSetHash,
  TraitIndexBuilder,
} from '../rarity/index.js';
import { ScanCacheRepository } from '../scans/index.js';
import { RarityRankRepository } from './rarity-rank.repository.js';
import { rarityJobPayload } from '../platform/queues/index.js';
import {
  PermanentScanError,
  ScanExecution,
  ScanJobService,
  type ScanOutcomeSummary,
} from './scan-execution.service.js';
import type { ScanReporter } from './scan-reporter.js';

/** Tries when scans keep replacing the collection while it is ranked; then the job fails and Bull retries. */
const MAX_PASSES = 3;

/**
 * Runs inside a worker after every collection scan: rank the stored collection (SPEC §4 stages),
 * store score and rank on its rows, and refresh the answers that carry them.
 */
@Injectable()
export class RarityJobService extends ScanJobService {
  private readonly logger = new Logger(RarityJobService.name);
  private readonly engine = new RarityEngine();
  /** Scan time (ms) of the data each finished job ranked, until the queue reports the job complete. */
  private readonly rankedScans = new Map<string, number>();

  constructor(
    private readonly collections: CollectionsRepository,
    private readonly rarity: RarityRankRepository,
    private readonly scanCache: ScanCacheRepository,
    private readonly results: RarityCacheRepository,
    private readonly queue: ScanQueueRepository,
    execution: ScanExecution,
  ) {
    super(execution);
  }

  /** Failures other than a missing collection reach the visitor as SPEC §8's 'Failed to calculate rarity'. */
  override async run(payload: ScanJobPayload, attempt = 1): Promise<ScanOutcomeSummary> {
    try {
      return await super.run(payload, attempt);
    } catch (error) {
      if (error instanceof PermanentScanError) throw error;
      this.logger.warn(`${payload.key}: ${error instanceof Error ? error.message : String(error)}`);
      throw new Error(RARITY_FAILED, { cause: error });
    }
  }

  /**
   * After the queue has marked a job complete: a scan that stored new NFTs while the job was finishing
   * joined it instead of starting another, so rank again when the stored scan is not the one ranked.
   */
  async followUp(payload: ScanJobPayload): Promise<boolean> {
    const ranked = this.rankedScans.get(payload.key);
    this.rankedScans.delete(payload.key);
    if (ranked === undefined) return false;
    const collection = await this.collections.find(payload.network, payload.address);
    const latest = collection?.lastScannedAt?.getTime();
    if (latest === undefined || latest === ranked) return false;
    await this.queue.enqueue(rarityJobPayload(payload.network, payload.address));
    return true;
  }

  /**
   * Puts the ranks into the cached POST /api/nfts answer of the collection. Only an answer still
   * cached is rewritten: one that expired or was cleared (even while the rows were read) is rebuilt
   * from PostgreSQL, ranks included, at the next request.
   */
  private async refreshScanAnswer(collection: CollectionEntity): Promise<void> {
    const key = scanKey('collection', collection.network, collection.address);
    const ref = {
      network: collection.network,
      address: collection.address,
      name: collection.name,
      standard: collection.standard,
    };
    await this.scanCache.rewrite(key, 'collection', async () => {
      // Only a collection POST /api/nfts answers whole is cached: read whole only then.
      const stored = await this.collections.load(collection.network, collection.address);
      return stored ? JSON.stringify(stored.nfts.map((n) => toApiNft(n, ref))) : null;
    });
  }

  protected async scan(
    payload: ScanJobPayload,
    reporter: ScanReporter,
    started: number,
  ): Promise<ScanOutcomeSummary> {
    // A pass repeated because a scan replaced the NFTs does not send the stages again.
    const stage = async (
      pass: number,
      name: Exclude<ScanStage, 'error' | 'complete' | 'initializing'>,
      counts = {},
    ) => {
      if (pass === 1) await reporter.stage(name, counts);
    };
    for (let pass = 1; ; pass++) {
      await stage(pass, 'preparing');
      const collection = await this.collections.find(payload.network, payload.address);
      if (!collection?.lastScannedAt) throw new PermanentScanError(SCAN_ERRORS.notFound);
      const scannedAt = collection.lastScannedAt;
      // Ranked from the stored traits (id and attributes only), read in batches: each batch is interned
      // into the trait index and fingerprinted, then dropped, so the job never holds the collection's
      // rows. N is the tokens whose metadata resolved; ranked in token id order, like POST /api/calculate-rarity.
      const builder = new TraitIndexBuilder();
      const fingerprint = new TokenSetHash();
      const { stored } = await this.collections.rankingBatches(collection.id, (batch) => {
        for (const token of batch) fingerprint.add(token);
        builder.add(batch);
      });
      const hash = fingerprint.digest();
      const tokenCount = builder.size;

      await stage(pass, 'calculating', { tokensFound: stored, tokensTotal: stored });
      const rankStarted = performance.now();
      const ranked = this.engine.rankIndex(builder.build());
      const results = ranked.results();
      const calculationTime = Math.round(performance.now() - rankStarted);

      await stage(pass, 'finalizing', { metadataFetched: tokenCount });
      const write = await this.rarity.storeRanks(collection.id, scannedAt, results);
      if (!write.current) {
        if (pass < MAX_PASSES) continue;
        throw new Error(`${payload.key}: the collection changed during ${MAX_PASSES} rankings`);
      }

      // From now on POST /api/nfts answers carry the ranks, and this exact token set is answered from cache.
      await this.refreshScanAnswer(collection);
      const resultKey = rarityResultKey(collection.network, collection.address, DEFAULT_RARITY_METHOD, hash);
      await this.results.set(resultKey, {
        nftsJson: JSON.stringify(results),
        method: DEFAULT_RARITY_METHOD,
        tokenCount,
        calculationTime,
      });
      this.rankedScans.set(payload.key, scannedAt.getTime());

      const scanDuration = Date.now() - started;
      this.logger.log(
        `${payload.key}: ${tokenCount} of ${stored} NFTs ranked in ${scanDuration} ms (${write.changed} changed)`,
      );
      return {
        totalNfts: tokenCount,
        totalCollections: 1,
        scanDuration,
        isComplete: collection.isComplete,
      };
    }
  }
}
