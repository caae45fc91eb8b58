import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/index.js';
import { RealtimeModule } from '../platform/realtime/index.js';
import { TransferIndexStoreModule } from './transfer-index-store.module.js';
import { TransferIndexService } from './transfer-index.service.js';

/** The transfer index: its passes, through the chain's JSON-RPC client, into its tables. */
@Module({
  imports: [ChainModule, RealtimeModule, TransferIndexStoreModule],
  providers: [TransferIndexService],
  exports: [TransferIndexService],
})
export class TransferIndexModule {}
