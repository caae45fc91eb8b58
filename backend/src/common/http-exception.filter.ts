import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Response } from 'express';
import { RetryLaterException } from './too-many-requests.exception.js';

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
}

/**
 * Every error answers `{statusCode, message, error}` with message a single string. Body-parser errors
 * (malformed JSON, too large) are the visitor's, so 4xx; anything unexpected is logged and answers 500
 * without internals.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let message = 'Internal server error';
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : exception.message;
      // Body-parser errors arrive wrapped, with the parser's error as the cause.
      const cause = exception.cause as BodyParserError | undefined;
      if (cause?.type === 'entity.parse.failed') message = 'Malformed JSON body';
      if (cause?.type === 'entity.too.large') message = 'Request body is too large';
    } else if (isClientError(exception)) {
      status = exception.status!;
      message =
        exception.type === 'entity.parse.failed'
          ? 'Malformed JSON body'
          : exception.type === 'entity.too.large'
            ? 'Request body is too large'
            : (exception.message ?? 'Bad request');
    } else {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (res.headersSent) return;
    if (exception instanceof RetryLaterException) res.setHeader('Retry-After', String(exception.retryAfterS));
    res.status(status).json({ statusCode: status, message, error: HttpStatus[status] ?? 'Error' });
  }
}

function isClientError(e: unknown): e is BodyParserError {
  const status = (e as BodyParserError | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
