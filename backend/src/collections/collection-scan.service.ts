import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ScanJobPayload } from '@nexus/contract';
import { METADATA_RESOLVER, NFT_SOURCE } from '../chain/chain.tokens.js';
import type { MetadataResolver, NftSource } from '../chain/nft-source.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { rarityJobPayload } from '../rarity/rarity-job.payload.js';
import { ScanCacheRepository } from '../scans/scan-cache.repository.js';
import { ScanQueueRepository } from '../scans/scan-queue.repository.js';
import type { ScanReporter } from '../scans/scan-reporter.js';
import {
  PermanentScanError,
  ScanExecution,
  type ScanOutcomeSummary,
} from '../scans/scan-execution.service.js';
import { CollectionsRepository } from './collections.repository.js';
import { toApiNft } from './nft.mapper.js';
import { emptyRecord, resolveTokens } from './token-metadata.js';

/** SPEC §8 scan error texts. */
export const SCAN_ERRORS = {
  notFound: 'Collection Not Found',
  empty: 'No NFTs found in this collection',
} as const;

/** Runs inside a worker: enumerate a collection, resolve metadata, store, cache, report. */
@Injectable()
export class CollectionScanService {
  private readonly logger = new Logger(CollectionScanService.name);

  constructor(
    @Inject(NFT_SOURCE) private readonly source: NftSource,
    @Inject(METADATA_RESOLVER) private readonly resolver: MetadataResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly collections: CollectionsRepository,
    private readonly cache: ScanCacheRepository,
    private readonly execution: ScanExecution,
    private readonly queue: ScanQueueRepository,
  ) {}

  run(payload: ScanJobPayload, attempt = 1): Promise<ScanOutcomeSummary> {
    return this.execution.execute(payload, attempt, (reporter, started) =>
      this.scan(payload, reporter, started),
    );
  }

  private async scan(
    payload: ScanJobPayload,
    reporter: ScanReporter,
    started: number,
  ): Promise<ScanOutcomeSummary> {
    const info = await this.source.getCollection(payload.network, payload.address);
    if (!info) throw new PermanentScanError(SCAN_ERRORS.notFound);

    await reporter.stage('preparing', { tokensTotal: info.totalSupply });
    const tokens = await this.source.enumerateCollection(info, (p) =>
      reporter.counts({ tokensFound: p.tokensFound, tokensTotal: p.tokensTotal }),
    );
    if (tokens.length === 0) throw new PermanentScanError(SCAN_ERRORS.empty);

    await reporter.stage('calculating', { tokensFound: tokens.length });
    const nfts = payload.includeMetadata
      ? await resolveTokens(tokens, this.resolver, this.config.metadataConcurrency, (done) =>
          reporter.counts({ metadataFetched: done }),
        )
      : tokens.map((t) => emptyRecord(t));
    const metadataFetched = nfts.filter((n) => n.metadataStatus === 'ok').length;

    await reporter.stage('finalizing', { metadataFetched });
    const scanDuration = Date.now() - started;
    const isComplete = info.totalSupply === null || tokens.length >= info.totalSupply;
    const collection = await this.collections.saveScan({ info, nfts, scanDuration, isComplete });

    await this.cache.set(payload.key, 'collection', {
      meta: { scanDuration, totalCollections: 1, isComplete, cachedAt: Date.now() },
      nftsJson: JSON.stringify(nfts.map((n) => toApiNft(n, info))),
    });
    this.logger.log(`${payload.key}: ${nfts.length} NFTs in ${scanDuration} ms`);
    await this.queueRarity(info.network, info.address);
    return { totalNfts: collection.nftCount, totalCollections: 1, scanDuration, isComplete };
  }

  /**
   * Ranking runs as its own job (progress under the rarity key) on the stored collection; a job
   * already waiting for this collection takes the new NFTs too. The scan stands if it cannot be queued.
   */
  private async queueRarity(network: ScanJobPayload['network'], address: string): Promise<void> {
    try {
      await this.queue.enqueue(rarityJobPayload(network, address));
    } catch (error) {
      this.logger.warn(
        `rarity job for ${address} not queued: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
