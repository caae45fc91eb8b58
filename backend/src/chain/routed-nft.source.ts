import type { Network } from '@nexus/contract';
import type { NftSource } from './nft-source.js';

/** The arguments of one of the source's calls. */
type Call<K extends keyof NftSource> = Parameters<NftSource[K]>;

/** Sends each call to the source chosen for its network (Alchemy where configured, else JSON-RPC). */
export class RoutedNftSource implements NftSource {
  constructor(private readonly pick: (network: Network) => NftSource) {}

  getCollection(...call: Call<'getCollection'>): ReturnType<NftSource['getCollection']> {
    return this.pick(call[0]).getCollection(...call);
  }

  enumerateCollection(...call: Call<'enumerateCollection'>): ReturnType<NftSource['enumerateCollection']> {
    return this.pick(call[0].network).enumerateCollection(...call);
  }

  streamCollection(...call: Call<'streamCollection'>): ReturnType<NftSource['streamCollection']> {
    return this.pick(call[0].network).streamCollection(...call);
  }

  getWalletHoldings(...call: Call<'getWalletHoldings'>): ReturnType<NftSource['getWalletHoldings']> {
    return this.pick(call[0]).getWalletHoldings(...call);
  }
}
