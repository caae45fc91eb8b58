import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { requestIdOf } from '../logging/index.js';
import { RetryLaterException } from './too-many-requests.exception.js';
import { isUnavailable, VISITOR_ERRORS } from './visitor-errors.js';

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
}

/** Fixed texts for body-parser's refusals (its own messages name internals such as the parser). */
function bodyParserMessage(error: BodyParserError): string | null {
  switch (error.type) {
    case 'entity.parse.failed':
      return 'Malformed JSON body';
    case 'entity.too.large':
      return 'Request body is too large';
    case 'entity.too.deep':
      return error.message ?? 'JSON body is nested too deeply';
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return 'Unsupported body encoding';
    default:
      return null;
  }
}

/**
 * Every error answers `{statusCode, message, error, requestId}` with message a single string.
 * Body-parser errors (malformed JSON, too large, too deep) are the visitor's, so 4xx. Anything
 * unexpected answers a fixed message — 503 when a dependency did not answer, 500 otherwise — and
 * its details (stack, URLs, with secrets redacted) go to the server log under the request id.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    const requestId = req ? requestIdOf(req) : undefined;
    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let message: string = VISITOR_ERRORS.internal;
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : exception.message;
      // Body-parser errors arrive wrapped, with the parser's error as the cause.
      const cause = exception.cause as BodyParserError | undefined;
      if (cause?.type === 'entity.too.deep') status = HttpStatus.BAD_REQUEST;
      if (cause) message = bodyParserMessage(cause) ?? message;
    } else if (isClientError(exception)) {
      status = exception.type === 'entity.too.deep' ? HttpStatus.BAD_REQUEST : exception.status!;
      message =
        bodyParserMessage(exception) ?? (exception.expose ? exception.message : undefined) ?? 'Bad request';
    } else {
      if (isUnavailable(exception)) {
        status = HttpStatus.SERVICE_UNAVAILABLE;
        message = VISITOR_ERRORS.unavailable;
      }
      this.logger.error(
        {
          reqId: requestId,
          method: req?.method,
          path: req?.originalUrl?.split('?')[0],
          err: exception instanceof Error ? exception : new Error(String(exception)),
        },
        `answered ${status}`,
      );
    }
    if (res.headersSent) return;
    if (exception instanceof RetryLaterException) res.setHeader('Retry-After', String(exception.retryAfterS));
    res.status(status).json(errorBody(status, message, requestId));
  }
}

/** Every error answer's body, from the filter or from a refusal answered before routing. */
export function errorBody(status: number, message: string, requestId: string | undefined) {
  return { statusCode: status, message, error: HttpStatus[status] ?? 'Error', requestId };
}

function isClientError(e: unknown): e is BodyParserError {
  const status = (e as BodyParserError | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
