import { Inject, Injectable } from '@nestjs/common';
import { INCOMPLETE_REASONS, SCAN_ERRORS, type ScanJobPayload } from '@nexus/contract';
import { toApiNft, type NftRecord } from '../collections/index.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ScanQueueRepository } from '../queues/index.js';
import { rarityJobPayload } from '../queues/index.js';
import { ChainScanService, visitorIncompleteReason } from './chain-scan.service.js';
import { MetadataRetryService } from './metadata-retry.service.js';
import { PermanentScanError, type ScanOutcomeSummary } from './scan-execution.service.js';
import type { ScanReporter } from './scan-reporter.js';

/** NFTs resolved and stored together: a worker's scan memory is about one chunk. */
export const SCAN_CHUNK = 1_000;

/** Runs inside a worker: enumerate a collection, resolve metadata and store chunk by chunk, cache, report. */
@Injectable()
export class CollectionScanService extends ChainScanService {
  @Inject(ScanQueueRepository) private readonly queue!: ScanQueueRepository;
  @Inject(MetadataRetryService) private readonly metadataRetry!: MetadataRetryService;
  @Inject(APP_CONFIG) private readonly config!: AppConfig;

  protected async scan(
    payload: ScanJobPayload,
    reporter: ScanReporter,
    started: number,
  ): Promise<ScanOutcomeSummary> {
    const info = await this.source.getCollection(payload.network, payload.address);
    if (!info) throw new PermanentScanError(SCAN_ERRORS.notFound);

    await reporter.stage('preparing', { tokensTotal: info.totalSupply });
    // A source that could not read every token says why; the answer is then partial.
    let unread: string | undefined;
    const tokens = await this.source.enumerateCollection(
      info,
      (p) => reporter.counts({ tokensFound: p.tokensFound, tokensTotal: p.tokensTotal }),
      (reason) => {
        unread ??= visitorIncompleteReason(reason);
        this.logger.warn(`${payload.key}: partial enumeration (${reason})`);
      },
    );
    // Nothing read is not an empty collection: the scan fails (and is tried again) instead.
    if (tokens.length === 0 && unread) throw new Error(`no token could be read: ${unread}`);
    if (tokens.length === 0) throw new PermanentScanError(SCAN_ERRORS.empty);

    await reporter.stage('calculating', { tokensFound: tokens.length });
    // Metadata and storage go chunk by chunk: a worker holds one chunk of NFTs, whatever the size.
    const scanStartedAt = new Date();
    const collectionId = await this.collections.beginScan(info);
    // The whole answer is cached only for a collection POST /api/nfts answers whole.
    const answer: string[] | null = tokens.length <= this.config.fullAnswerMaxNfts ? [] : null;
    // Two chunks in flight on one budget of metadata requests: the next chunk's requests fill the
    // slots the current one's slowest leave, and at most two chunks of NFTs are in memory.
    const limit = this.metadata.limit();
    const resolving: Array<Promise<NftRecord[]>> = [];
    let fetched = 0;
    let metadataFetched = 0;
    // One record per reason its metadata is pending is enough to queue the metadata-retry job.
    const pending = new Map<string, NftRecord>();
    let storing: Promise<void> = Promise.resolve();
    const storeNext = async () => {
      const records = await resolving.shift()!;
      metadataFetched += records.filter((n) => n.metadataStatus === 'ok').length;
      for (const record of records) {
        if (record.metadataStatus !== 'unavailable') continue;
        const reason = record.metadataReason ?? '';
        if (!pending.has(reason)) pending.set(reason, record);
      }
      // One chunk is written while the next ones' metadata is read.
      await storing;
      storing = awaitedLater(this.collections.storeChunk(collectionId, records, scanStartedAt));
      answer?.push(records.map((n) => JSON.stringify(toApiNft(n, info))).join(','));
    };
    for (let start = 0; start < tokens.length; start += SCAN_CHUNK) {
      const chunk = tokens.slice(start, start + SCAN_CHUNK);
      resolving.push(
        awaitedLater(
          this.metadata.records(
            chunk,
            payload.includeMetadata,
            () => void reporter.counts({ metadataFetched: ++fetched }),
            limit,
          ),
        ),
      );
      if (resolving.length >= 2) await storeNext();
    }
    while (resolving.length > 0) await storeNext();
    await storing;

    await reporter.stage('finalizing', { metadataFetched });
    const scanDuration = Date.now() - started;
    const isComplete = !unread && (info.totalSupply === null || tokens.length >= info.totalSupply);
    const partial = isComplete ? {} : { incompleteReason: unread ?? INCOMPLETE_REASONS.supply };
    const collection = await this.collections.finishScan(collectionId, {
      scanStartedAt,
      scanDuration,
      isComplete,
      ...partial,
    });
    if (answer) {
      await this.cacheAnswerJson(payload, `[${answer.join(',')}]`, {
        scanDuration,
        totalCollections: 1,
        isComplete,
        ...partial,
      });
    }
    this.logger.log(`${payload.key}: ${collection.nftCount} NFTs in ${scanDuration} ms`);
    await this.queueRarity(info.network, info.address);
    await this.metadataRetry.scheduleFor(info.network, info.address, [...pending.values()]);
    return { totalNfts: collection.nftCount, totalCollections: 1, scanDuration, isComplete, ...partial };
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

/**
 * A promise awaited later than it may settle (a chunk write while the next chunk's metadata is read):
 * its rejection is thrown where it is awaited, and is not an unhandled rejection before that, which
 * would end the worker process and every job it runs.
 */
function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
