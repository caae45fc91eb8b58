import { Inject, Injectable } from '@nestjs/common';
import { SCAN_ERRORS, type ScanJobPayload } from '@nexus/contract';
import { toApiNft } from '../collections/index.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ScanQueueRepository } from '../queues/index.js';
import { rarityJobPayload } from './rarity-job.payload.js';
import { ChainScanService } from './chain-scan.service.js';
import { PermanentScanError, type ScanOutcomeSummary } from './scan-execution.service.js';
import type { ScanReporter } from './scan-reporter.js';

/** Runs inside a worker: enumerate a collection, resolve metadata, store, cache, report. */
@Injectable()
export class CollectionScanService extends ChainScanService {
  @Inject(ScanQueueRepository) private readonly queue!: ScanQueueRepository;
  @Inject(APP_CONFIG) private readonly config!: AppConfig;

  protected async scan(
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
    const nfts = await this.metadata.records(tokens, payload.includeMetadata, (done) =>
      reporter.counts({ metadataFetched: done }),
    );
    const metadataFetched = nfts.filter((n) => n.metadataStatus === 'ok').length;

    await reporter.stage('finalizing', { metadataFetched });
    const scanDuration = Date.now() - started;
    const isComplete = info.totalSupply === null || tokens.length >= info.totalSupply;
    const collection = await this.collections.saveScan({ info, nfts, scanDuration, isComplete });

    // A collection too large to answer whole is answered by pages from PostgreSQL, never from this cache.
    if (nfts.length <= this.config.fullAnswerMaxNfts) {
      const apiNfts = nfts.map((n) => toApiNft(n, info));
      await this.cacheAnswer(payload, apiNfts, { scanDuration, totalCollections: 1, isComplete });
    }
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
