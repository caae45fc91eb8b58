import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
// pino-http declares `IncomingMessage.id`, the field its log lines read the id from.
import type {} from 'pino-http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id a proxy in front may pass on: short, of safe characters (it is echoed and logged). */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Every request gets an id, in the `X-Request-Id` answer header, in error bodies and in the log
 * line, so that a visitor's report finds the server's details. The id a trusted proxy sends is kept.
 */
export function requestIdMiddleware(trustForwarded: boolean) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const forwarded = req.headers['x-request-id'];
    const id =
      trustForwarded && typeof forwarded === 'string' && FORWARDED_ID.test(forwarded)
        ? forwarded
        : randomUUID();
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}

export function requestIdOf(req: IncomingMessage): string | undefined {
  return typeof req.id === 'string' ? req.id : undefined;
}
