export { TransferIndexModule } from './transfer-index.module.js';
export { TransferIndexStoreModule } from './transfer-index-store.module.js';
export { TransferIndexService } from './transfer-index.service.js';
export { TransferHistoryService } from './transfer-history.service.js';
export {
  HISTORY_WATCHED_MAX,
  HISTORY_WATCH_MS,
  historyProgress,
  TransferHistoryWatch,
} from './transfer-history.watch.js';
export { TransferIndexRepository } from './transfer-index.repository.js';
export { TransferIndexReader } from './transfer-index.reader.js';
export { TransferActivityReader } from './transfer-activity.reader.js';
export type { ActivityRow, HeldKey, HolderKey, SinceRow, TransferKey } from './transfer-activity.sql.js';
export { IndexedContractsRepository } from './indexed-contracts.repository.js';
export type {
  ContractNaming,
  IndexCursor,
  IndexedCollectionTokens,
  IndexedHoldings,
  TransferRow,
  UnnamedContract,
} from './transfer-index.rows.js';
export { ContractNamer, type ContractFacts, type ContractFactsSource } from './contract-namer.js';
export {
  TransferIndexer,
  type IndexSettings,
  type PassResult,
  type TransferFeed,
} from './transfer-indexer.js';
export { TRANSFER_INDEX_ENTITIES } from './transfer-index.entities.js';
export { TransferDigest, LIVE_MAX_COLLECTIONS, LIVE_MAX_WALLETS } from './transfer-digest.js';
