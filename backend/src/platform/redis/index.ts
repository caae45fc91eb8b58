export {
  handleDroppedAnswers,
  REDIS,
  REDIS_CACHE,
  RedisConnections,
  RedisModule,
  untilReady,
} from './redis.module.js';
export { CacheTimeoutError, SoftCache } from './soft-cache.js';
export { countMatching, deleteMatching, readPayload, replacePayload, writePayload } from './redis-json.js';
export { CachedJson } from './cached-json.js';
export { CacheRepository } from './cache.repository.js';
export { RedisRepository } from './redis.repository.js';
