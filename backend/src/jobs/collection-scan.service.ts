import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { INCOMPLETE_REASONS, SCAN_ERRORS, type ScanJobPayload } from '@nexus/contract';
import { type TokenRef, awaitedLater } from '../chain/index.js';
import { toApiNft, type NftRecord } from '../collections/index.js';
import { AppConfig } from '../platform/config/index.js';
import { ScanQueueRepository, rarityJobPayload } from '../platform/queues/index.js';
import { TransferHistoryWatch } from '../transfer-index/index.js';
import { ChainScanService, visitorIncompleteReason } from './chain-scan.service.js';
import { MetadataRetryService } from './metadata-retry.service.js';
import { PermanentScanError, type ScanOutcomeSummary } from './scan-execution.service.js';
import type { ScanReporter } from './scan-reporter.js';

/** NFTs resolved and stored together: a worker's scan memory is about one chunk. */
export const SCAN_CHUNK = 1_000;

/**
 * Runs inside a worker: enumerate a collection page by page, resolve metadata and store chunk by
 * chunk as the pages come, cache, report.
 */
@Injectable()
export class CollectionScanService extends ChainScanService implements OnModuleInit {
  @Inject(ScanQueueRepository) private readonly queue!: ScanQueueRepository;
  @Inject(MetadataRetryService) private readonly metadataRetry!: MetadataRetryService;
  @Inject(AppConfig) private readonly config!: AppConfig;
  @Inject(TransferHistoryWatch) private readonly history!: TransferHistoryWatch;

  /**
   * A first scan given up after storing some chunks: its NFTs are answered as an incomplete scan
   * (not as a scan still under way), until a later scan finishes the collection.
   */
  onModuleInit(): void {
    this.execution.whenGivenUp('collection', async ({ network, address }) => {
      if (await this.collections.endGivenUpScan(network, address, INCOMPLETE_REASONS.stopped)) {
        this.logger.warn(`${network}:${address}: first scan given up; its stored NFTs kept as incomplete`);
      }
    });
  }

  protected async scan(
    payload: ScanJobPayload,
    reporter: ScanReporter,
    started: number,
  ): Promise<ScanOutcomeSummary> {
    const info = await this.source.getCollection(payload.network, payload.address);
    if (!info) throw new PermanentScanError(SCAN_ERRORS.notFound);
    // Where the network's index is off, the collection's transfers are read beside the scan (its
    // owners, holders and activity); a queue or Redis outage only leaves them unread for now.
    await this.history.look(payload.network, info.address.toLowerCase()).catch((error: unknown) => {
      this.logger.warn(
        `${payload.network}:${payload.address}: history not queued (${(error as Error).message})`,
      );
    });

    await reporter.stage('preparing', { tokensTotal: info.totalSupply });
    // Enumeration, metadata and storage go chunk by chunk as the source hands pages: a worker holds
    // about two chunks of NFTs and a few pages of tokens, whatever the collection's size.
    const scanStartedAt = new Date();
    // Begun with the first token: a collection without any is not left half written.
    let collectionId = null as string | null;
    // The whole answer is cached only for a collection POST /api/nfts answers whole: its pieces are
    // kept while the count stays within that, dropped once past it.
    let answer = [] as string[] | null;
    let answered = 0;
    // Two chunks in flight on one budget of metadata requests: the next chunk's requests fill the
    // slots the current one's slowest leave, and at most two chunks of NFTs are in memory.
    const limit = this.metadata.limit();
    const resolving: Array<Promise<NftRecord[]>> = [];
    let chunk: TokenRef[] = [];
    let listed = 0;
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
      storing = awaitedLater(this.collections.storeChunk(collectionId!, records, scanStartedAt));
      answered += records.length;
      if (answered > this.config.fullAnswerMaxNfts) answer = null;
      answer?.push(records.map((n) => JSON.stringify(toApiNft(n, info))).join(','));
    };
    const resolveChunk = async () => {
      const tokens = chunk;
      chunk = [];
      resolving.push(
        awaitedLater(
          this.metadata.records(
            tokens,
            payload.includeMetadata,
            () => void reporter.counts({ metadataFetched: ++fetched }),
            limit,
          ),
        ),
      );
      // The source waits meanwhile: no more pages are read than the chunks in flight can take.
      if (resolving.length >= 2) await storeNext();
    };
    // A source that could not read every token says why; the answer is then partial.
    let unread: string | undefined;
    await this.source.streamCollection(
      info,
      async (refs) => {
        if (refs.length === 0) return;
        if (collectionId === null) {
          collectionId = await this.collections.beginScan(info);
          await reporter.stage('calculating');
        }
        listed += refs.length;
        for (const ref of refs) {
          chunk.push(ref);
          if (chunk.length >= SCAN_CHUNK) await resolveChunk();
        }
      },
      (p) => reporter.counts({ tokensFound: p.tokensFound, tokensTotal: p.tokensTotal }),
      (reason) => {
        unread ??= visitorIncompleteReason(reason);
        this.logger.warn(`${payload.key}: partial enumeration (${reason})`);
      },
    );
    // Nothing read is not an empty collection: the scan fails (and is tried again) instead.
    if (collectionId === null && unread) throw new Error(`no token could be read: ${unread}`);
    if (collectionId === null) throw new PermanentScanError(SCAN_ERRORS.empty);
    if (chunk.length > 0) await resolveChunk();
    while (resolving.length > 0) await storeNext();
    await storing;

    await reporter.stage('finalizing', { metadataFetched });
    const scanDuration = Date.now() - started;
    const isComplete = !unread && (info.totalSupply === null || listed >= info.totalSupply);
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
