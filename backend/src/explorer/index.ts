export { ExplorerModule } from './explorer.module.js';
export { NFT_METADATA_ERRORS, refreshedRecentlyMessage } from './nft-metadata.service.js';
