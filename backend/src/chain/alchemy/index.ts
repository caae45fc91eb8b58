export type * from './alchemy-api.types.js';
export { DEFAULT_ALCHEMY_BASE_URL } from './alchemy-http.client.js';
export type { AlchemyCollectionInfo, AlchemyTokenRef, AlchemyWalletHolding } from './alchemy.mapper.js';
export { ALCHEMY_NETWORK_SLUGS, type AlchemyNetwork, alchemyServes } from './alchemy.networks.js';
export {
  ALCHEMY_MAX_PAGE_SIZE,
  AlchemyNftSource,
  type AlchemyNftSourceOptions,
} from './alchemy-nft.source.js';
