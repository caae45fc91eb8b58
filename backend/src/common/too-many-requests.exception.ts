import { HttpException, HttpStatus } from '@nestjs/common';
import { rateLimitMessage } from '@nexus/contract';

/** 429 in the wording every limit uses; the exception filter adds `Retry-After: retryAfterS`. */
export class TooManyRequestsException extends HttpException {
  constructor(readonly retryAfterS: number) {
    super(rateLimitMessage(retryAfterS), HttpStatus.TOO_MANY_REQUESTS);
  }
}
