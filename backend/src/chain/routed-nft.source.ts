import type { Network } from '@nexus/contract';
import type {
  CollectionInfo,
  EnumerateProgress,
  NftSource,
  TokenPageSink,
  TokenRef,
  WalletHolding,
  WalletScanOptions,
} from './nft-source.js';

/** Sends each call to the source chosen for its network (Alchemy where configured, else JSON-RPC). */
export class RoutedNftSource implements NftSource {
  constructor(private readonly pick: (network: Network) => NftSource) {}

  getCollection(network: Network, address: string): Promise<CollectionInfo | null> {
    return this.pick(network).getCollection(network, address);
  }

  enumerateCollection(
    collection: CollectionInfo,
    onProgress?: (p: EnumerateProgress) => void,
    onIncomplete?: (reason: string) => void,
  ): Promise<TokenRef[]> {
    return this.pick(collection.network).enumerateCollection(collection, onProgress, onIncomplete);
  }

  streamCollection(
    collection: CollectionInfo,
    onPage: TokenPageSink,
    onProgress?: (p: EnumerateProgress) => void,
    onIncomplete?: (reason: string) => void,
  ): Promise<number> {
    return this.pick(collection.network).streamCollection(collection, onPage, onProgress, onIncomplete);
  }

  getWalletHoldings(network: Network, owner: string, options: WalletScanOptions): Promise<WalletHolding[]> {
    return this.pick(network).getWalletHoldings(network, owner, options);
  }
}
