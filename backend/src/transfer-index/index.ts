export { TransferIndexModule } from './transfer-index.module.js';
export { TransferIndexService } from './transfer-index.service.js';
export {
  TransferIndexRepository,
  type IndexCursor,
  type IndexedHoldings,
  type TransferRow,
} from '../chain/transfer-index.repository.js';
export {
  TransferIndexer,
  type IndexSettings,
  type PassResult,
  type TransferFeed,
} from './transfer-indexer.js';
