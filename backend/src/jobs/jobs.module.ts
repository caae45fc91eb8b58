import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/index.js';
import { CollectionsModule } from '../collections/index.js';
import { RarityCacheRepository } from '../rarity/index.js';
import { ScanStateModule } from '../scans/index.js';
import { TransferIndexModule } from '../transfer-index/index.js';
import { CollectionScanService } from './collection-scan.service.js';
import { MetadataRetryService } from './metadata-retry.service.js';
import { RarityJobService } from './rarity-job.service.js';
import { RarityRankRepository } from './rarity-rank.repository.js';
import { ScanExecution } from './scan-execution.service.js';
import { ScanRunRepository } from './scan-run.repository.js';
import { TokenMetadataService } from './token-metadata.js';
import { WalletScanService } from './wallet-scan.service.js';

/**
 * The work of every job: the collection scan, the wallet scan and the rarity job, and the execution
 * they share (run log, progress reporter, outcome). The worker runs them by the job table (JOB_HANDLERS).
 */
@Module({
  imports: [ChainModule, ScanStateModule, CollectionsModule, TransferIndexModule],
  providers: [
    CollectionScanService,
    WalletScanService,
    RarityJobService,
    MetadataRetryService,
    TokenMetadataService,
    ScanExecution,
    ScanRunRepository,
    RarityRankRepository,
    RarityCacheRepository,
  ],
  exports: [
    CollectionScanService,
    WalletScanService,
    RarityJobService,
    MetadataRetryService,
    ScanExecution,
    ScanRunRepository,
    TransferIndexModule,
  ],
})
export class JobsModule {}
