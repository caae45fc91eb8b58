export { RetryLaterException, TooManyRequestsException } from './too-many-requests.exception.js';
export { ExpressServerAdapter } from './express-server.adapter.js';
export { compressedAssets } from './compressed-assets.js';
export { errorBody, HttpExceptionFilter } from './http-exception.filter.js';
export { jsonBodyParser } from './json-body.parser.js';
export { sameOriginMiddleware } from './same-origin.middleware.js';
export { securityHeaders } from './security-headers.js';
export { sendWebAppPage } from './web-app-page.js';
export {
  createValidationPipe,
  inputProblem,
  MAX_INPUT_DEPTH,
  NUL_MESSAGE,
  quickCheck,
  TOO_DEEP_MESSAGE,
} from './validation.pipe.js';
export { ConcurrencyLimit, mapWithConcurrency } from './concurrency.js';
export { isUnavailable, VISITOR_ERRORS, visitorScanError } from './visitor-errors.js';
export { seededRandom } from './seeded-random.js';
export { LruCache } from './lru-cache.js';
export { isLink, Link, Optional, OptionalFlag, OptionalWholeNumber, Text, trim } from './validation.rules.js';
export { exitIfStuck } from './shutdown.js';
export { RepeatingTask, type RepeatSchedule } from './repeating-task.js';
export { exceedsJsonDepth, JsonTooDeepError, MAX_JSON_DEPTH } from './json-depth.js';
export {
  type DeflatedPart,
  deflateHead,
  type DeflateHead,
  deflatePart,
  finishDeflate,
} from './deflate-splice.js';
