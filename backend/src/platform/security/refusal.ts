import { HttpStatus } from '@nestjs/common';
import { rateLimitMessage } from '@nexus/contract';
import type { Request, Response } from 'express';
import { errorBody } from '../common/index.js';
import { requestIdOf } from '../logging/index.js';

/**
 * A 429 written straight to the response, with the body and Retry-After HttpExceptionFilter gives
 * the guard's refusal, for the refusals answered before routing.
 */
export function sendTooManyRequests(req: Request, res: Response, retryAfterS: number): void {
  res.setHeader('Retry-After', String(retryAfterS));
  res
    .status(HttpStatus.TOO_MANY_REQUESTS)
    .json(errorBody(HttpStatus.TOO_MANY_REQUESTS, rateLimitMessage(retryAfterS), requestIdOf(req)));
}
