export { TransferIndexModule } from './transfer-index.module.js';
export { TransferIndexService } from './transfer-index.service.js';
export {
  TransferIndexRepository,
  type IndexCursor,
  type IndexedCollectionTokens,
  type IndexedHoldings,
  type TransferRow,
} from '../chain/transfer-index.repository.js';
export { ContractNamer, type ContractFacts, type ContractFactsSource } from './contract-namer.js';
export {
  TransferIndexer,
  type IndexSettings,
  type PassResult,
  type TransferFeed,
} from './transfer-indexer.js';
