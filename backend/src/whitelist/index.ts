export { WhitelistCacheRepository } from './whitelist-cache.repository.js';
export { WhitelistModule } from './whitelist.module.js';
export { type WhitelistAddition, WhitelistRepository } from './whitelist.repository.js';
export { WhitelistService } from './whitelist.service.js';
export { WhitelistedCollectionEntity } from './whitelisted-collection.entity.js';
