import { HttpException, HttpStatus } from '@nestjs/common';
import { rateLimitMessage } from '@nexus/contract';

/**
 * 429 in the wording every limit uses unless a domain has its own; the exception filter adds
 * `Retry-After: retryAfterS`.
 */
export class TooManyRequestsException extends HttpException {
  constructor(
    readonly retryAfterS: number,
    message: string = rateLimitMessage(retryAfterS),
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
