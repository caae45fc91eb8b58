export { ApiKeyRefusalsRepository } from './api-key-refusals.repository.js';
export { clientKey, isClientKey, requestClientKey } from './client-address.js';
export { ClientTurns } from './client-turns.js';
export { FloodGate, retryAfterSeconds, setRateLimitHeaders } from './flood-gate.js';
export { RateLimit, SkipRateLimit } from './rate-limit.decorator.js';
export { RateLimitModule } from './rate-limit.module.js';
export { documentDefaultRateLimit } from './rate-limit.openapi.js';
export { RateLimiterService, type RateLimitVerdict } from './rate-limiter.service.js';
export { SuspiciousIpService } from './suspicious-ip.service.js';
