import { Inject, Injectable, Logger } from '@nestjs/common';
import { INCOMPLETE_REASONS, type Nft, type ScanJobPayload } from '@nexus/contract';
import { NFT_SOURCE, type NftSource } from '../chain/index.js';
import { CollectionsRepository } from '../collections/index.js';
import { ScanCacheRepository } from '../scans/index.js';
import { ScanExecution, ScanJobService, type ScanOutcomeSummary } from './scan-execution.service.js';
import { TokenMetadataService } from './token-metadata.js';

/** A scan that reads the chain: tokens from the source, their metadata, stored, then cached as the answer. */
@Injectable()
export abstract class ChainScanService extends ScanJobService {
  protected readonly logger = new Logger(this.constructor.name);

  constructor(
    @Inject(NFT_SOURCE) protected readonly source: NftSource,
    protected readonly metadata: TokenMetadataService,
    protected readonly collections: CollectionsRepository,
    private readonly cache: ScanCacheRepository,
    execution: ScanExecution,
  ) {
    super(execution);
  }

  /** Caches the POST /api/nfts answer of the scan: its NFTs as the JSON text the API sends. */
  protected async cacheAnswer(
    payload: ScanJobPayload,
    nfts: Nft[],
    outcome: Omit<ScanOutcomeSummary, 'totalNfts'>,
  ): Promise<void> {
    await this.cacheAnswerJson(payload, JSON.stringify(nfts), outcome);
  }

  /** The same, from the NFT list's JSON text. */
  protected async cacheAnswerJson(
    payload: ScanJobPayload,
    nftsJson: string,
    outcome: Omit<ScanOutcomeSummary, 'totalNfts'>,
  ): Promise<void> {
    const { scanDuration, totalCollections, isComplete, incompleteReason } = outcome;
    await this.cache.set(payload.key, payload.kind, {
      meta: {
        scanDuration,
        totalCollections,
        isComplete,
        ...(isComplete ? {} : { incompleteReason: incompleteReason ?? INCOMPLETE_REASONS.partial }),
        cachedAt: Date.now(),
      },
      nftsJson,
    });
  }
}

const VISITOR_REASONS = new Set<string>(Object.values(INCOMPLETE_REASONS));

/**
 * The reason a visitor is shown for a partial answer: the source's own when it is one of ours
 * (INCOMPLETE_REASONS' texts), else the general one for a source that stopped early (its own
 * words, which may name a node or a page key, stay in the log).
 */
export function visitorIncompleteReason(reason: string): string {
  return VISITOR_REASONS.has(reason) ? reason : INCOMPLETE_REASONS.source;
}
