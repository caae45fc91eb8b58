import { Inject, Injectable } from '@nestjs/common';
import type { ScanJobPayload } from '@nexus/contract';
import { toApiNft } from '../collections/index.js';
import { ChainScanService, visitorIncompleteReason } from './chain-scan.service.js';
import { MetadataRetryService } from './metadata-retry.service.js';
import type { ScanOutcomeSummary } from './scan-execution.service.js';
import type { ScanReporter } from './scan-reporter.js';

/** Runs inside a worker: every NFT a wallet holds now on one network, with metadata. */
@Injectable()
export class WalletScanService extends ChainScanService {
  @Inject(MetadataRetryService) private readonly metadataRetry!: MetadataRetryService;

  protected async scan(
    payload: ScanJobPayload,
    reporter: ScanReporter,
    started: number,
  ): Promise<ScanOutcomeSummary> {
    await reporter.stage('preparing');
    // A source that stops before the wallet's last token says so; the answer is then partial.
    let isComplete = true;
    let incompleteReason: string | undefined;
    const holdings = await this.source.getWalletHoldings(payload.network, payload.address, {
      includeAllTokenTypes: payload.includeAllTokenTypes,
      onIncomplete: (reason) => {
        isComplete = false;
        incompleteReason ??= visitorIncompleteReason(reason);
        this.logger.warn(`${payload.key}: partial holdings (${reason})`);
      },
    });
    const tokenCount = holdings.reduce((sum, h) => sum + h.tokens.length, 0);

    await reporter.stage('calculating', { tokensFound: tokenCount, tokensTotal: tokenCount });
    let fetchedBefore = 0;
    const resolved = [];
    for (const holding of holdings) {
      const nfts = await this.metadata.records(holding.tokens, payload.includeMetadata, (done) =>
        reporter.counts({ metadataFetched: fetchedBefore + done }),
      );
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
    for (const { holding, nfts } of resolved)
      await this.metadataRetry.scheduleFor(holding.collection.network, holding.collection.address, nfts);
    const scanDuration = Date.now() - started;
    const partial = isComplete ? {} : { incompleteReason: incompleteReason! };
    await this.cacheAnswer(payload, apiNfts, {
      scanDuration,
      totalCollections: holdings.length,
      isComplete,
      ...partial,
    });
    this.logger.log(
      `${payload.key}: ${apiNfts.length} NFTs in ${holdings.length} collections, ${scanDuration} ms`,
    );
    return {
      totalNfts: apiNfts.length,
      totalCollections: holdings.length,
      scanDuration,
      isComplete,
      ...partial,
    };
  }
}
