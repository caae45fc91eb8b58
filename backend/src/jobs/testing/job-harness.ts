import { Test, type TestingModule } from '@nestjs/testing';
import { METADATA_RESOLVER, NFT_SOURCE, type MetadataResolver, type NftSource } from '../../chain/index.js';
import { CollectionsRepository } from '../../collections/index.js';
import { AppConfig } from '../../platform/config/index.js';
import { ScanQueueRepository } from '../../platform/queues/index.js';
import { ScanProgressRepository } from '../../platform/realtime/index.js';
import { ScanCacheRepository } from '../../scans/index.js';
import { CollectionScanService } from '../collection-scan.service.js';
import { MetadataRetryService } from '../metadata-retry.service.js';
import { ScanExecution } from '../scan-execution.service.js';
import { ScanRunRepository } from '../scan-run.repository.js';
import { TokenMetadataService } from '../token-metadata.js';
import { WalletScanService } from '../wallet-scan.service.js';
import { TransferHistoryWatch } from '../../transfer-index/index.js';
import {
  FakeCollections,
  FakeHistoryWatch,
  FakeProgress,
  FakeQueue,
  FakeRunLog,
  FakeScanCache,
} from './fake-state.js';

export interface JobHarness {
  module: TestingModule;
  progress: FakeProgress;
  runs: FakeRunLog;
  cache: FakeScanCache;
  queue: FakeQueue;
  collections: FakeCollections;
  history: FakeHistoryWatch;
}

/** The scan services as the worker wires them, on a chain and a resolver the test gives, and fakes. */
export async function jobHarness(
  source: NftSource,
  resolver: MetadataResolver,
  config: { fullAnswerMaxNfts?: number } = {},
): Promise<JobHarness> {
  const fakes = {
    progress: new FakeProgress(),
    runs: new FakeRunLog(),
    cache: new FakeScanCache(),
    queue: new FakeQueue(),
    collections: new FakeCollections(),
    history: new FakeHistoryWatch(),
  };
  const module = await Test.createTestingModule({
    providers: [
      CollectionScanService,
      WalletScanService,
      ScanExecution,
      TokenMetadataService,
      MetadataRetryService,
      { provide: NFT_SOURCE, useValue: source },
      { provide: METADATA_RESOLVER, useValue: resolver },
      {
        provide: AppConfig,
        useValue: {
          metadataConcurrency: 8,
          metadataRetryDelayMs: 60_000,
          metadataHostRetryMs: 30_000,
          fullAnswerMaxNfts: 10_000,
          ...config,
        },
      },
      { provide: ScanProgressRepository, useValue: fakes.progress },
      { provide: ScanRunRepository, useValue: fakes.runs },
      { provide: ScanCacheRepository, useValue: fakes.cache },
      { provide: ScanQueueRepository, useValue: fakes.queue },
      { provide: CollectionsRepository, useValue: fakes.collections },
      { provide: TransferHistoryWatch, useValue: fakes.history },
    ],
  }).compile();
  module.useLogger(false);
  return { module, ...fakes };
}
