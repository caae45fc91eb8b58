import { Inject, Injectable, Logger } from '@nestjs/common';
import { scanKey, type MetadataReason, type MetadataRetryPayload, type Network } from '@nexus/contract';
import { METADATA_RESOLVER, type MetadataResolver } from '../chain/index.js';
import { CollectionsRepository, type NftRecord } from '../collections/index.js';
import { AppConfig } from '../platform/config/index.js';
import { ScanQueueRepository, rarityJobPayload } from '../platform/queues/index.js';
import { ScanProgressRepository } from '../platform/realtime/index.js';
import { ScanCacheRepository } from '../scans/index.js';
import { resolveTokens } from './token-metadata.js';

/** Passes over the still-unavailable tokens of one job, while each pass recovers some. */
const MAX_PASSES = 4;

/** Reasons of hosts that answer, only too slowly or too rarely for a scan: asked again soon. */
const SLOW_REASONS: ReadonlySet<MetadataReason> = new Set<MetadataReason>([
  'timeout',
  'rate-limited',
  'ipfs-missing',
]);

export interface MetadataRetryOutcome {
  /** Tokens asked again. */
  retried: number;
  /** Of those, how many now have metadata. */
  recovered: number;
  /** Still without a reachable host: the job is tried again later. */
  unavailable: number;
}

/** Thrown while some hosts stay unreachable, so Bull tries again after its backoff. */
export class HostsStillUnavailableError extends Error {
  constructor(readonly outcome: MetadataRetryOutcome) {
    super(`${outcome.unavailable} of ${outcome.retried} tokens still have no reachable metadata host`);
    this.name = 'HostsStillUnavailableError';
  }
}

/**
 * The metadata-retry job: fetches again the metadata of a stored collection's tokens marked
 * 'unavailable' (their host could not be reached, or was too slow, during the scan) with the
 * resolver's full time budget and retries, stores what each pass finds, drops the cached answer so
 * the next request reads the update, tells the browsers showing the collection (socket event
 * `collection:metadata` per pass that settled tokens), and ranks the collection again when tokens
 * gained metadata.
 */
@Injectable()
export class MetadataRetryService {
  private readonly logger = new Logger(MetadataRetryService.name);

  constructor(
    @Inject(METADATA_RESOLVER) private readonly resolver: MetadataResolver,
    private readonly config: AppConfig,
    private readonly collections: CollectionsRepository,
    private readonly cache: ScanCacheRepository,
    private readonly queue: ScanQueueRepository,
    private readonly progress: ScanProgressRepository,
  ) {}

  /**
   * Queues a retry for the collections of `records` whose tokens were unreachable; a scan stands
   * when it cannot be queued. When every host was only slow or throttling (no dead one), the first
   * retry comes once their breakers let a request through again (METADATA_HOST_RETRY_MS), so the
   * open gallery fills in within a minute rather than after METADATA_RETRY_DELAY_MS.
   */
  async scheduleFor(network: Network, address: string, records: readonly NftRecord[]): Promise<void> {
    const unavailable = records.filter((r) => r.metadataStatus === 'unavailable');
    if (unavailable.length === 0) return;
    const slowOnly = unavailable.every((r) => r.metadataReason && SLOW_REASONS.has(r.metadataReason));
    const delayMs = slowOnly
      ? Math.min(this.config.metadataRetryDelayMs, this.config.metadataHostRetryMs)
      : this.config.metadataRetryDelayMs;
    try {
      await this.queue.enqueueMetadataRetry(
        { network, address: address.toLowerCase(), requestedAt: new Date().toISOString() },
        delayMs,
      );
    } catch (error) {
      this.logger.warn(
        `metadata retry for ${address} not queued: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Throws HostsStillUnavailableError after saving what it found when some hosts stay down. */
  async run(payload: MetadataRetryPayload): Promise<MetadataRetryOutcome> {
    const stored = await this.collections.load(payload.network, payload.address);
    const unavailable = stored?.nfts.filter((n) => n.metadataStatus === 'unavailable' && n.tokenUri) ?? [];
    if (unavailable.length === 0) return { retried: 0, recovered: 0, unavailable: 0 };

    // A host that answers again closes its breaker on the first request (half-open), while the
    // requests in flight beside it were refused: ask those again at once, as long as hosts recover.
    let pending = unavailable.map((n) => ({ tokenId: n.tokenId, tokenUri: n.tokenUri }));
    let settled = 0;
    let recovered = 0;
    for (let pass = 0; pass < MAX_PASSES && pending.length > 0; pass++) {
      const found = await resolveTokens(pending, this.resolver, this.config.metadataConcurrency, () => {}, {
        timeoutMs: this.config.metadataRetryTimeoutMs,
      });
      const answered = found.filter((r) => r.metadataStatus !== 'unavailable');
      pending = pending.filter((_, i) => found[i]!.metadataStatus === 'unavailable');
      if (answered.length === 0) break;
      settled += answered.length;
      const gained = answered.filter((r) => r.metadataStatus === 'ok').length;
      recovered += gained;
      await this.store(payload, answered, gained, pending.length);
    }
    const outcome: MetadataRetryOutcome = {
      retried: unavailable.length,
      recovered,
      unavailable: pending.length,
    };
    if (settled > 0 && recovered > 0) {
      await this.queue.enqueue(rarityJobPayload(payload.network, payload.address));
    }
    this.logger.log(
      `${payload.network}:${payload.address}: metadata retried for ${outcome.retried} tokens, ` +
        `${outcome.recovered} recovered, ${outcome.unavailable} still unavailable`,
    );
    if (outcome.unavailable > 0) throw new HostsStillUnavailableError(outcome);
    return outcome;
  }

  /** One pass's settled tokens: stored, the cached answer dropped, the collection's viewers told. */
  private async store(
    payload: MetadataRetryPayload,
    answered: NftRecord[],
    recovered: number,
    remaining: number,
  ): Promise<void> {
    const key = scanKey('collection', payload.network, payload.address);
    await this.collections.saveMetadata(payload.network, payload.address, answered);
    await this.cache.delete(key);
    this.progress.metadataFilled({
      key,
      network: payload.network,
      address: payload.address,
      tokenIds: answered.map((r) => r.tokenId),
      recovered,
      remaining,
    });
  }
}
