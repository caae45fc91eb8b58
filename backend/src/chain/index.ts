export { ChainModule } from './chain.module.js';
export { type AddressProbe, EnsGatewayError, type NftReference } from './address-probe.js';
export { ADDRESS_PROBE, METADATA_RESOLVER, NFT_SOURCE, RPC_SOURCE, TRANSFER_INDEX } from './chain.tokens.js';
export type {
  CollectionInfo,
  EnumerateProgress,
  MetadataLookup,
  MetadataLookupOptions,
  MetadataResolver,
  NftSource,
  ResolvedMetadata,
  TokenPageSink,
  TokenRef,
  WalletHolding,
} from './nft-source.js';
export { RpcProvidersReport } from './rpc-providers.report.js';
export type { GatewayMetadataResolver } from './metadata/index.js';
export { RpcNftSource } from './rpc/rpc-nft.source.js';
export type { TransferLogFeed } from './rpc/transfer-log.feed.js';
export { awaitedLater, collectTokens, streamInOrder } from './token-stream.util.js';
export { rpcChain } from './rpc/rpc-chains.config.js';
