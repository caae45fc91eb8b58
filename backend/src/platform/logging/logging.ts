import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import type { LoggerService } from '@nestjs/common';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { PinoPretty } from 'pino-pretty';
import type { LogSettings } from './log-settings.js';
import { redactSecrets } from './redact.js';

/** Nest's start-up chatter (one line per module and route) left out; every other line kept. */
const STARTUP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'WebSocketsController',
  'NestFactory',
  'NestApplication',
]);

class QuietPinoLogger extends NestPinoLogger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && STARTUP_CONTEXTS.has(context)) return;
    super.log(message, ...optionalParams);
  }
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (value instanceof Error) {
    // Serialized here: pino-http's error serializer would otherwise print the message as it is.
    const out = stdSerializers.err(value);
    return { ...out, message: redactSecrets(out.message), stack: redactSecrets(out.stack) };
  }
  return value;
}

/** The process's one pino logger: JSON lines, or readable lines (LOG_FORMAT=pretty). */
export function createRootLogger(settings: LogSettings, destination?: DestinationStream): Logger {
  const stream =
    destination ??
    (settings.format === 'pretty'
      ? PinoPretty({
          sync: true,
          singleLine: true,
          colorize: process.stdout.isTTY === true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname,context',
          messageFormat: '{if context}[{context}] {end}{msg}',
        })
      : pino.destination({ sync: true }));
  return pino(
    {
      level: settings.level,
      // The host names the container or machine when several send their lines to one place.
      base: { pid: process.pid, hostname: hostname() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        // Secrets inside URLs never reach a log line, whichever field or message carries them.
        log: (object) => Object.fromEntries(Object.entries(object).map(([k, v]) => [k, redactValue(v)])),
      },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map(redactValue) as Parameters<typeof method>);
        },
      },
    },
    stream,
  );
}

/** Nest's logger on top of the root logger (context in its own field). */
export function nestLogger(root: Logger): LoggerService {
  return new QuietPinoLogger(new PinoLogger({ pinoHttp: { logger: root }, useExisting: true }), {});
}

interface RoutedRequest extends IncomingMessage {
  originalUrl?: string;
  route?: { path?: string };
}

function pathOf(req: RoutedRequest): string {
  return (req.originalUrl ?? req.url ?? '').split('?')[0]!;
}

const QUIET_LOG = Symbol('nexus.quietLog');

/**
 * Leaves this request out of the request log: for answers that repeat one already logged, such
 * as a flood's 429s after the first of its window (a flood must not become a flood of log lines).
 */
export function quietRequestLog(res: ServerResponse): void {
  (res as ServerResponse & { [QUIET_LOG]?: true })[QUIET_LOG] = true;
}

/**
 * One line per API request once it is answered: request id, method, route (the pattern),
 * path, status and time in ms. Query strings are left out (they may carry URLs).
 */
export function requestLogger(root: Logger): HttpLogger {
  return pinoHttp({
    logger: root,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'reqId', responseTime: 'ms' },
    autoLogging: {
      ignore: (req) => !pathOf(req as RoutedRequest).startsWith('/api'),
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500
        ? 'error'
        : (res as ServerResponse & { [QUIET_LOG]?: true })[QUIET_LOG]
          ? 'silent'
          : 'info',
    customSuccessObject: (req: RoutedRequest, res: ServerResponse, value: Record<string, unknown>) => ({
      method: req.method,
      route: req.route?.path ?? null,
      path: pathOf(req),
      status: res.statusCode,
      ms: value.ms,
    }),
    customErrorObject: (
      req: RoutedRequest,
      res: ServerResponse,
      _error: Error,
      value: Record<string, unknown>,
    ) => ({
      method: req.method,
      route: req.route?.path ?? null,
      path: pathOf(req),
      status: res.statusCode,
      ms: value.ms,
    }),
    customSuccessMessage: (req: RoutedRequest, res: ServerResponse, ms: number) =>
      `${req.method} ${pathOf(req)} ${res.statusCode} ${ms} ms`,
    customErrorMessage: (req: RoutedRequest, res: ServerResponse) =>
      `${req.method} ${pathOf(req)} ${res.statusCode}`,
  });
}
