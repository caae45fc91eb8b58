import { BaseError, HttpRequestError, ResponseBodyTooLargeError, RpcRequestError, TimeoutError } from 'viem';
import { connectionFailureKind } from '../../outbound/index.js';

/** Messages nodes and providers use to refuse an eth_getLogs range or result size. */
const RANGE_REFUSAL =
  /block range|range (is )?too (large|wide|big|long)|exceeds? (the )?(max|maximum|block|range|limit)|more than \d+ (results|logs|blocks)|query returned more than|too many (results|logs|blocks)|response (size|is too (large|big))|log response size|max(imum)? (block )?range|limit exceeded|query timeout|timed? ?out|try with this block range|limited to .*range|range limit|narrow/i;

/** Messages providers use when throttling rather than refusing the request itself. */
const THROTTLED =
  /rate.?limit|too many requests|capacity|throughput|per second|request limit|exceeded .*(quota|compute units)/i;

function collect(error: unknown): {
  messages: string;
  status?: number;
  codes: number[];
  timeout: boolean;
  tooLarge: boolean;
} {
  const codes: number[] = [];
  let status: number | undefined;
  let timeout = false;
  let tooLarge = false;
  const parts: string[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (node instanceof TimeoutError) timeout = true;
    if (node instanceof ResponseBodyTooLargeError) tooLarge = true;
    if (node instanceof HttpRequestError && node.status !== undefined) status ??= node.status;
    // A JSON-RPC error carried by a non-2xx answer keeps the HTTP status.
    if (node instanceof RpcRequestError && node.status !== undefined) status ??= node.status;
    const record = node as { code?: unknown; message?: unknown; details?: unknown; shortMessage?: unknown };
    if (typeof record.code === 'number') codes.push(record.code);
    // viem's full `message` repeats the request body (method names, block tags): match only what the node said.
    const texts = node instanceof BaseError ? [record.details, record.shortMessage] : [record.message];
    for (const text of texts) if (typeof text === 'string') parts.push(text);
  };
  if (error instanceof BaseError) {
    error.walk((node) => {
      visit(node);
      return false;
    });
  } else {
    visit(error);
  }
  return { messages: parts.join(' | '), status, codes, timeout, tooLarge };
}

/** The node refused an eth_getLogs call for its span or its result size: split the range. */
export function isRangeRefusal(error: unknown): boolean {
  const found = collect(error);
  if (found.tooLarge || found.status === 413) return true;
  if (THROTTLED.test(found.messages) && !/range|results|logs|blocks/i.test(found.messages)) return false;
  return RANGE_REFUSAL.test(found.messages) || found.timeout;
}

/** Block-span limits nodes state in their refusals ("block range exceeds 2000", "maximum block range: 5"). */
const STATED_SPAN =
  /(?:block range (?:exceeds|is limited to|limit(?:ed)? (?:to|of)|too (?:large|wide),? max(?:imum)? (?:is )?)|max(?:imum)? block range:?|range limit(?: of)?|limited to a) ?(\d{1,3}(?:,\d{3})+|\d{1,9})/i;

/** The widest span a refusal says the node accepts, when it says so; null otherwise. */
export function statedSpanLimit(error: unknown): bigint | null {
  const match = STATED_SPAN.exec(collect(error).messages);
  if (!match) return null;
  const span = BigInt(match[1]!.replaceAll(',', ''));
  return span > 0n ? span : null;
}

/**
 * Worth trying again after a pause: throttling, server errors, timeouts, dropped connections. A
 * node whose host name does not resolve is misconfigured, not busy.
 */
export function isTransient(error: unknown): boolean {
  const found = collect(error);
  if (found.timeout) return true;
  if (found.status !== undefined) return [408, 425, 429, 500, 502, 503, 504].includes(found.status);
  if (found.codes.includes(429) || found.codes.includes(-32007)) return true;
  if (THROTTLED.test(found.messages)) return true;
  // An HttpRequestError without status is a network failure (refused, reset): retry.
  return (
    error instanceof BaseError &&
    error.walk((node) => node instanceof HttpRequestError) !== null &&
    found.codes.length === 0 &&
    connectionFailureKind(error) !== 'dns'
  );
}

/** Seconds or HTTP date of a Retry-After header on the failed answer, in ms. */
export function retryAfterMs(error: unknown): number | null {
  if (!(error instanceof BaseError)) return null;
  const answer = error.walk((node) => node instanceof HttpRequestError || node instanceof RpcRequestError) as
    HttpRequestError | RpcRequestError | null;
  const header = answer?.headers?.get('Retry-After');
  if (!header) return null;
  const seconds = Number.parseInt(header, 10);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(header) - Date.now();
  return date > 0 ? date : null;
}
