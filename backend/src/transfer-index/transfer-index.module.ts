import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain.module.js';
import { TransferIndexService } from './transfer-index.service.js';

/** The transfer index: its passes (its tables are the chain module's TransferIndexRepository, which wallet scans read). */
@Module({
  imports: [ChainModule],
  providers: [TransferIndexService],
  exports: [TransferIndexService],
})
export class TransferIndexModule {}
