import { HttpException, HttpStatus } from '@nestjs/common';
import { rateLimitMessage } from '@nexus/contract';

/** An answer that asks the client to come back: the exception filter adds `Retry-After: retryAfterS`. */
export class RetryLaterException extends HttpException {
  constructor(
    status: HttpStatus,
    readonly retryAfterS: number,
    message: string,
  ) {
    super(message, status);
  }
}

/** 429 in the wording every limit uses unless a domain has its own. */
export class TooManyRequestsException extends RetryLaterException {
  constructor(retryAfterS: number, message: string = rateLimitMessage(retryAfterS)) {
    super(HttpStatus.TOO_MANY_REQUESTS, retryAfterS, message);
  }
}
