import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/index.js';
import { QueuesModule } from '../platform/queues/index.js';
import { RealtimeModule } from '../platform/realtime/index.js';
import { ContractNamer } from './contract-namer.js';
import { TransferIndexStoreModule } from './transfer-index-store.module.js';
import { TransferHistoryService } from './transfer-history.service.js';
import { TransferIndexService } from './transfer-index.service.js';
import { TransferPasses } from './transfer-passes.js';

/**
 * The transfer index: its passes (a network's, or one collection's history where the network's
 * index is off), through the chain's JSON-RPC client, into its tables.
 */
@Module({
  imports: [ChainModule, QueuesModule, RealtimeModule, TransferIndexStoreModule],
  providers: [TransferPasses, ContractNamer, TransferIndexService, TransferHistoryService],
  exports: [TransferIndexService, TransferHistoryService],
})
export class TransferIndexModule {}
