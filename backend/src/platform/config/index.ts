export { AppConfig, type ChainConfig, ConfigError, loadConfig, loadConfigOrExit } from './app-config.js';
export { ConfigModule } from './config.module.js';
export { DEFAULT_RATE_LIMITS, type RateLimitRule } from './rate-limit-rules.js';
export { NEXUS_DONATION_ADDRESSES } from './donation-address.js';
export type { ConnectionLimits } from './connection-limits.js';
