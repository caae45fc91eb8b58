import { HttpStatus } from '@nestjs/common';
import { rateLimitMessage } from '@nexus/contract';
import type { Request, Response } from 'express';
import { requestIdOf } from '../logging/request-id.js';

/**
 * A 429 written straight to the response, as HttpExceptionFilter writes the guard's refusal (same
 * body, Retry-After), for the refusals answered before routing.
 */
export function sendTooManyRequests(req: Request, res: Response, retryAfterS: number): void {
  res.setHeader('Retry-After', String(retryAfterS));
  res.status(HttpStatus.TOO_MANY_REQUESTS).json({
    statusCode: HttpStatus.TOO_MANY_REQUESTS,
    message: rateLimitMessage(retryAfterS),
    error: HttpStatus[HttpStatus.TOO_MANY_REQUESTS],
    requestId: requestIdOf(req),
  });
}
