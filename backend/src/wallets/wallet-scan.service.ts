import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ScanJobPayload } from '@nexus/contract';
import { METADATA_RESOLVER, NFT_SOURCE } from '../chain/chain.tokens.js';
import type { MetadataResolver, NftSource } from '../chain/nft-source.js';
import { CollectionsRepository } from '../collections/collections.repository.js';
import { toApiNft } from '../collections/nft.mapper.js';
import { emptyRecord, resolveTokens } from '../collections/token-metadata.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ScanCacheRepository } from '../scans/scan-cache.repository.js';
import { ScanExecution, type ScanOutcomeSummary } from '../scans/scan-execution.service.js';
import type { ScanReporter } from '../scans/scan-reporter.js';

/** Runs inside a worker: every NFT a wallet holds now on one network, with metadata. */
@Injectable()
export class WalletScanService {
  private readonly logger = new Logger(WalletScanService.name);

  constructor(
    @Inject(NFT_SOURCE) private readonly source: NftSource,
    @Inject(METADATA_RESOLVER) private readonly resolver: MetadataResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly collections: CollectionsRepository,
    private readonly cache: ScanCacheRepository,
    private readonly execution: ScanExecution,
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
    await reporter.stage('preparing');
    // A source that stops before the wallet's last token says so; the answer is then partial.
    let isComplete = true;
    const holdings = await this.source.getWalletHoldings(payload.network, payload.address, {
      includeAllTokenTypes: payload.includeAllTokenTypes,
      onIncomplete: (reason) => {
        isComplete = false;
        this.logger.warn(`${payload.key}: partial holdings (${reason})`);
      },
    });
    const tokenCount = holdings.reduce((sum, h) => sum + h.tokens.length, 0);

    await reporter.stage('calculating', { tokensFound: tokenCount, tokensTotal: tokenCount });
    let fetchedBefore = 0;
    const resolved = [];
    for (const holding of holdings) {
      const nfts = payload.includeMetadata
        ? await resolveTokens(holding.tokens, this.resolver, this.config.metadataConcurrency, (done) =>
            reporter.counts({ metadataFetched: fetchedBefore + done }),
          )
        : holding.tokens.map((t) => emptyRecord(t));
      fetchedBefore += holding.tokens.length;
      resolved.push({ holding, nfts });
    }

    await reporter.stage('finalizing', { metadataFetched: fetchedBefore });
    await this.collections.saveHoldings(
      resolved.map(({ holding, nfts }) => ({ info: holding.collection, nfts })),
    );
    const apiNfts = resolved.flatMap(({ holding, nfts }) =>
      nfts.map((n, i) => toApiNft(n, holding.collection, holding.tokens[i]!.balance ?? 1)),
    );
    const scanDuration = Date.now() - started;
    await this.cache.set(payload.key, 'wallet', {
      meta: { scanDuration, totalCollections: holdings.length, isComplete, cachedAt: Date.now() },
      nftsJson: JSON.stringify(apiNfts),
    });
    this.logger.log(
      `${payload.key}: ${apiNfts.length} NFTs in ${holdings.length} collections, ${scanDuration} ms`,
    );
    return { totalNfts: apiNfts.length, totalCollections: holdings.length, scanDuration, isComplete };
  }
}
