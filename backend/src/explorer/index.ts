export { ExplorerModule } from './explorer.module.js';
export { NFT_METADATA_ERRORS, refreshedRecentlyMessage } from './nft-metadata.service.js';
export { NftTokenParamsDto, TOKEN_ID_PATTERN } from './nft-metadata.dto.js';
