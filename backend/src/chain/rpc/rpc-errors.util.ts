import { BaseError, HttpRequestError, ResponseBodyTooLargeError, RpcRequestError, TimeoutError } from 'viem';
import { connectionFailureKind } from '../../platform/outbound/index.js';

/** Messages providers use for throttling: the same call passes after a pause. */
const THROTTLED =
  /rate.?limit|too many requests|exceeded .*capacity|capacity exceeded|credits? limited|request limit reached|limit reached|per second|\/s(ec(ond)?)?\b|throughput|compute units|requests? per|try again (later|in)|slow down/i;

/** Messages of a spent daily or monthly allowance: asking again at once is refused again. */
const QUOTA = /daily|monthly|per (day|month)|quota/i;

/** JSON-RPC codes providers use for throttling in an HTTP 200 body (QuickNode -32007, -32012; -32029; 429). */
const THROTTLE_CODES = [429, -32007, -32029, -32090];

export interface RpcAnswer {
  /** What the node said (its messages and details), joined. */
  messages: string;
  status?: number;
  codes: number[];
  /** `data` members of JSON-RPC errors (Infura's suggested range, its backoff). */
  data: unknown[];
  timeout: boolean;
  tooLarge: boolean;
}

/** What a failed call's answer carried, through viem's wrappers. */
export function collectAnswer(error: unknown): RpcAnswer {
  const codes: number[] = [];
  const data: unknown[] = [];
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
    const record = node as {
      code?: unknown;
      message?: unknown;
      details?: unknown;
      shortMessage?: unknown;
      data?: unknown;
    };
    if (typeof record.code === 'number') codes.push(record.code);
    if (record.data !== undefined && record.data !== null) data.push(record.data);
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
  return { messages: parts.join(' | '), status, codes, data, timeout, tooLarge };
}

/**
 * Throttling, in any of its shapes: HTTP 429 with or without Retry-After, or an HTTP 200 whose
 * JSON-RPC error says so (`-32005 Rate limit exceeded`, `-32012 credits limited to 6000/sec`,
 * `-32007 100/second request limit reached`, `-32029 Too Many Requests`, Alchemy's `exceeded its
 * compute units per second capacity`). `quota` is a spent daily or monthly allowance (Infura's
 * `daily request count exceeded`, Alchemy's `Monthly capacity limit exceeded`): not worth asking
 * again at once. Null when the answer is not throttling.
 */
export function throttling(error: unknown): 'rate' | 'quota' | null {
  const found = collectAnswer(error);
  const throttled =
    found.status === 429 ||
    found.codes.some((code) => THROTTLE_CODES.includes(code)) ||
    THROTTLED.test(found.messages) ||
    // EIP-1474 "limit exceeded" with nothing about ranges or results: a request limit.
    (found.codes.includes(-32005) && !/range|result|logs|blocks|size/i.test(found.messages));
  if (
    found.status === 402 ||
    (QUOTA.test(found.messages) && (throttled || /exceeded|reached/i.test(found.messages)))
  )
    return 'quota';
  return throttled ? 'rate' : null;
}

/**
 * Worth trying again after a pause: throttling, server errors, timeouts, dropped connections. A
 * node whose host name does not resolve is misconfigured, not busy; a spent daily quota is not asked
 * again at once.
 */
export function isTransient(error: unknown): boolean {
  const found = collectAnswer(error);
  const throttled = throttling(error);
  if (throttled === 'quota') return false;
  if (found.timeout || throttled === 'rate') return true;
  if (found.status !== undefined) return [408, 425, 429, 500, 502, 503, 504].includes(found.status);
  // An HttpRequestError without status is a network failure (refused, reset): retry.
  return (
    error instanceof BaseError &&
    error.walk((node) => node instanceof HttpRequestError) !== null &&
    found.codes.length === 0 &&
    connectionFailureKind(error) !== 'dns'
  );
}

/**
 * The pause the node asks for, in ms: a Retry-After header (seconds or HTTP date), or Infura's
 * `data.backoff_seconds` in a JSON-RPC error.
 */
export function retryAfterMs(error: unknown): number | null {
  if (!(error instanceof BaseError)) return null;
  for (const item of collectAnswer(error).data) {
    const backoff = (item as { backoff_seconds?: unknown; rate?: { backoff_seconds?: unknown } })
      ?.backoff_seconds;
    // Infura sends `backoff_seconds: 0` with its 429s: no pause named, the usual backoff applies.
    if (typeof backoff === 'number' && backoff > 0) return backoff * 1000;
  }
  const answer = error.walk((node) => node instanceof HttpRequestError || node instanceof RpcRequestError) as
    HttpRequestError | RpcRequestError | null;
  const header = answer?.headers?.get('Retry-After');
  if (!header) return null;
  const seconds = Number.parseInt(header, 10);
  if (!Number.isNaN(seconds)) return seconds > 0 ? seconds * 1000 : null;
  const date = Date.parse(header) - Date.now();
  return date > 0 ? date : null;
}

/**
 * A refusal of the JSON-RPC batch itself, whole or one error per call: geth `batch too large`,
 * Besu `Number of requests in batch exceeds --rpc-max-batch-size`, Nethermind `Batch size limit
 * exceeded`, jsonrpsee `The batch request was too large`, dRPC `Batch of more than 3 requests are
 * not allowed on free tier`, NodeReal `batch size exceed limit 500` (-32005).
 */
export function isBatchRefusal(error: unknown): boolean {
  return /batch (request )?(was )?too large|batch size (limit )?(exceeded|too large)|batch size exceeds?( the)? limit|batch limit|requests in batch exceeds|batch of more than \d+|batch(es| requests?)? (are |is )?not (allowed|supported)|max(imum)? batch size/i.test(
    collectAnswer(error).messages,
  );
}

/**
 * The calls one batch may hold, where a batch refusal says it: NodeReal `batch size exceed limit
 * 500`, dRPC `Batch of more than 3 requests are not allowed`, Besu `exceeds --rpc-max-batch-size
 * (1024)`, `maximum batch size is 100`. Null when it does not.
 */
export function batchCap(error: unknown): number | null {
  const messages = collectAnswer(error).messages;
  const stated =
    /batch size exceeds?(?: the)? limit:? (\d+)|batch of more than (\d+)|max(?:imum)?[- ]batch[- ]size:? (?:is )?\(?(\d+)|batch (?:size )?limit(?: of| is)?:? (\d+)/i.exec(
      messages,
    );
  const value = stated ? Number(stated.slice(1).find((group) => group !== undefined)) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * A node without the state of an older block (not an archive node): geth / Nethermind `missing trie
 * node`, `header not found`, Erigon / reth `state not available`, `required historical state
 * unavailable`, Besu `World state unavailable`, `state histories haven't been fully indexed yet`,
 * `historical state … is not available`, `state at block … is pruned`.
 */
export function isStateUnavailable(error: unknown): boolean {
  return /missing trie node|header not found|(world )?state (is )?(not available|unavailable)|historical state (\S+ )*(is )?(not available|unavailable|pruned)|required historical state|state histories|state at block \S+ is pruned|pruned state|not an archive node|archive (node )?(access )?(is )?required/i.test(
    collectAnswer(error).messages,
  );
}

/**
 * An eth_call refused for its size (a Multicall3 aggregate of many calls): out of the node's gas
 * cap (geth `out of gas`, `gas required exceeds allowance`, `exceeds block gas limit`, `intrinsic gas
 * too high`), its request or response size (HTTP 413, `request entity too large`, `response size
 * exceeded`, `max call data`, a body past the client's limit) or its time (`execution timeout`,
 * `request timed out`, a client timeout). Fewer calls at once pass.
 */
export function isCallTooLarge(error: unknown): boolean {
  const found = collectAnswer(error);
  if (found.status === 413 || found.tooLarge || found.timeout) return true;
  return /out of gas|gas required exceeds|exceeds block gas limit|gas limit (reached|exceeded)|intrinsic gas too high|gas cap|entity too large|request (body )?too large|payload too large|response (size )?(exceeded|too large|too big)|response size limit|call ?data (size )?(is )?too (large|big)|max(imum)? call ?data|execution time ?out|request timed out|timed out/i.test(
    found.messages,
  );
}

/**
 * A node that no longer keeps the blocks asked for (history expiry, a pruned or snap-synced node):
 * geth `pruned history unavailable` (EIP-4444), `history has been pruned`, `historical data not
 * available`, `block is before the earliest available block`, Erigon `blocks before N are pruned`.
 * No narrower call gets them from this node.
 */
export function isHistoryUnavailable(error: unknown): boolean {
  return /pruned history|history (has been |is )?(pruned|expired|unavailable|not available)|histor(y|ical) (data|blocks?|logs?|receipts?) (is |are )?(not available|unavailable|pruned)|blocks? before \S+ (are|is|have been) pruned|before the (node's )?(earliest|oldest) (available )?block|earliest available block is/i.test(
    collectAnswer(error).messages,
  );
}
