export { requestIdMiddleware, requestIdOf } from './request-id.js';
export { createRootLogger, nestLogger, quietRequestLog, requestLogger } from './logging.js';
export { redactSecrets } from './redact.js';
export { LOG_LEVELS, type LogSettings } from './log-settings.js';
