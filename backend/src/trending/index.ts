export { TrendingCacheRepository } from './trending-cache.repository.js';
export { TrendingModule } from './trending.module.js';
