import { Global, Module } from '@nestjs/common';
import { TRANSFER_INDEX } from '../chain/index.js';
import { QueuesModule } from '../platform/queues/index.js';
import { IndexedContractsRepository } from './indexed-contracts.repository.js';
import { TransferActivityReader } from './transfer-activity.reader.js';
import { TransferIndexReader } from './transfer-index.reader.js';
import { TransferIndexRepository } from './transfer-index.repository.js';
import { TransferHistoryWatch } from './transfer-history.watch.js';

/**
 * The transfer index's tables, and the chain's TRANSFER_INDEX port answered from them. Global,
 * imported once by CoreModule: the chain module reads the index through the port without
 * importing this domain, and this domain's passes import the chain module.
 */
@Global()
@Module({
  imports: [QueuesModule],
  providers: [
    TransferHistoryWatch,
    TransferIndexRepository,
    TransferIndexReader,
    TransferActivityReader,
    IndexedContractsRepository,
    { provide: TRANSFER_INDEX, useExisting: TransferIndexReader },
  ],
  exports: [
    TransferHistoryWatch,
    TransferIndexRepository,
    TransferIndexReader,
    TransferActivityReader,
    IndexedContractsRepository,
    TRANSFER_INDEX,
  ],
})
export class TransferIndexStoreModule {}
