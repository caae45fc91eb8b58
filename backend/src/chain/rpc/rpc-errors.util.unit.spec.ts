import { HttpRequestError, LimitExceededRpcError, RpcRequestError, TimeoutError } from 'viem';
import { readLogRefusal } from './log-refusal.util.js';
import { batchCap, isBatchRefusal, isTransient, retryAfterMs, throttling } from './rpc-errors.util.js';
import {
  RESULT_REFUSALS,
  SPAN_REFUSALS,
  THROTTLES,
  type ThrottleRow,
} from './testing/provider-refusals.fixture.js';

function rpcError(code: number, message: string, status?: number, data?: unknown): RpcRequestError {
  return new RpcRequestError({
    body: {},
    url: 'http://node',
    error: { code, message, ...(data === undefined ? {} : { data }) },
    ...(status === undefined ? {} : { status }),
  });
}

/** What viem throws for a throttling row's answer. */
function throttleError(row: ThrottleRow): Error {
  const headers = new Headers(row.headers ?? {});
  if (typeof row.body === 'string') {
    return new HttpRequestError({ url: 'http://node', status: row.status, details: row.body, headers });
  }
  const error = new RpcRequestError({
    body: {},
    url: 'http://node',
    error: row.body,
    ...(row.status === 200 ? {} : { status: row.status, headers }),
  });
  // viem wraps -32005 answers in its LimitExceededRpcError.
  return row.body.code === -32005 ? new LimitExceededRpcError(error) : error;
}

describe('rpc errors', () => {
  it.each(SPAN_REFUSALS)("reads $provider's span refusal ($source)", (row) => {
    const answer = row.answer(100n, 100n + BigInt(row.limit) * 2n);
    const error =
      row.status === undefined
        ? rpcError(answer.code, answer.message)
        : new HttpRequestError({ url: 'http://node', status: row.status, details: answer.message });

    expect(readLogRefusal(error)).toMatchObject({
      kind: 'span',
      maxSpan: row.stated ? BigInt(row.limit) : null,
    });
  });

  it.each(RESULT_REFUSALS)("reads $provider's result-count refusal ($source)", (row) => {
    const answer = row.answer(0x112a880n, 0x113a880n, 0x112a8c2n);
    const refusal = readLogRefusal(rpcError(answer.code, answer.message, undefined, answer.data));

    expect(refusal).toEqual({
      kind: 'results',
      suggested: row.suggests ? { from: 0x112a880n, to: 0x112a8c2n } : null,
    });
  });

  it.each([
    ['Alchemy', rpcError(-32602, 'Log response size exceeded.')],
    ['proxyd', rpcError(-32000, 'response size exceeded')],
    ['QuickNode', rpcError(-32000, 'query timeout exceeded')],
    ['BlockPI', rpcError(-32000, 'request timed out')],
    ['Nethermind', rpcError(-32016, 'eth_getLogs execution timeout')],
    [
      'HTTP 413',
      new HttpRequestError({ url: 'http://node', status: 413, details: 'Request Entity Too Large' }),
    ],
    ['a timed-out call', new TimeoutError({ body: {}, url: 'http://node' })],
  ])('reads a response-size cap or a timeout (%s) as too many results, not a span', (_, error) => {
    expect(readLogRefusal(error)).toEqual({ kind: 'results', suggested: null });
  });

  it('reads a refusal wrapped by viem, a 413 and a timeout', () => {
    expect(
      readLogRefusal(new LimitExceededRpcError(rpcError(-32005, 'query returned more than 10000 results'))),
    ).toMatchObject({ kind: 'results' });
    expect(readLogRefusal(new HttpRequestError({ url: 'http://node', status: 413 }))).toMatchObject({
      kind: 'results',
    });
    expect(readLogRefusal(new TimeoutError({ body: {}, url: 'http://node' }))).toMatchObject({
      kind: 'results',
    });
  });

  it.each(THROTTLES)('reads $provider as throttling, $kind ($source)', (row) => {
    const error = throttleError(row);

    expect(throttling(error)).toBe(row.kind);
    // Throttling is never a refusal of the range: the same call passes after a pause.
    expect(readLogRefusal(error)).toBeNull();
    // A spent daily or monthly quota is not asked again at once.
    expect(isTransient(error)).toBe(row.kind === 'rate');
  });

  it.each([
    ['HTTP 503', new HttpRequestError({ url: 'http://node', status: 503 })],
    ['timeout', new TimeoutError({ body: {}, url: 'http://node' })],
    ['connection refused', new HttpRequestError({ url: 'http://node', details: 'fetch failed' })],
  ])('retries %s', (_, error) => {
    expect(isTransient(error)).toBe(true);
  });

  it.each([
    ['a revert', rpcError(3, 'execution reverted')],
    ['HTTP 400', new HttpRequestError({ url: 'http://node', status: 400 })],
    ['a bad request', rpcError(-32602, 'invalid argument 0: hex string has odd length')],
    ['a result-count refusal', rpcError(-32005, 'query returned more than 10000 results')],
    [
      'a node whose host does not resolve',
      new HttpRequestError({
        url: 'http://node.invalid',
        details: 'fetch failed',
        cause: new TypeError('fetch failed', {
          cause: Object.assign(new Error('getaddrinfo ENOTFOUND node.invalid'), { code: 'ENOTFOUND' }),
        }),
      }),
    ],
  ])('does not retry %s', (_, error) => {
    expect(isTransient(error)).toBe(false);
  });

  it.each([
    'eth_getLogs: the block range of this request exceeds what your plan allows',
    'too many blocks in range, narrow the query',
    'requested blocks over the maximum for this endpoint',
  ])('reads a cap in words no provider uses yet as a span to halve: %s', (message) => {
    expect(readLogRefusal(rpcError(-32000, message))).toEqual({
      kind: 'span',
      maxSpan: null,
      suggested: null,
    });
  });

  it.each([
    'block range extends beyond current head block',
    'invalid block range params',
    'Rate limit exceeded: too many requests in range',
  ])('does not split for %s', (message) => {
    expect(readLogRefusal(rpcError(-32602, message))).toBeNull();
  });

  it('does not read a bad request as a refusal of the range', () => {
    expect(readLogRefusal(rpcError(-32602, 'invalid argument 0: hex string has odd length'))).toBeNull();
    expect(readLogRefusal(new HttpRequestError({ url: 'http://node', status: 429 }))).toBeNull();
  });

  it("honours Retry-After in seconds and Infura's backoff_seconds", () => {
    const error = new HttpRequestError({
      url: 'http://node',
      status: 429,
      headers: new Headers({ 'Retry-After': '2' }),
    });
    expect(retryAfterMs(error)).toBe(2_000);
    expect(retryAfterMs(new HttpRequestError({ url: 'http://node', status: 429 }))).toBeNull();
    expect(
      retryAfterMs(
        rpcError(-32005, 'project ID request rate exceeded', 429, {
          see: 'https://infura.io/docs/ethereum/jsonrpc/ratelimits',
          backoff_seconds: 3,
        }),
      ),
    ).toBe(3_000);
  });

  it('reads a zero backoff or Retry-After as no pause named (the usual backoff applies)', () => {
    const infura = rpcError(-32005, 'project ID request rate exceeded', 429, {
      see: 'https://infura.io/docs/ethereum/jsonrpc/ratelimits',
      current_rps: 13.4,
      allowed_rps: 10,
      backoff_seconds: 0,
    });
    expect(retryAfterMs(infura)).toBeNull();
    expect(
      retryAfterMs(
        new HttpRequestError({
          url: 'http://node',
          status: 429,
          headers: new Headers({ 'Retry-After': '0' }),
        }),
      ),
    ).toBeNull();
  });

  it.each([
    ['NodeReal', rpcError(-32005, 'batch size exceed limit 500'), 500],
    ['dRPC', rpcError(-32600, 'Batch of more than 3 requests are not allowed on free tier'), 3],
    ['Besu', rpcError(-32005, 'Number of requests in batch exceeds --rpc-max-batch-size (1024)'), 1024],
    ['geth', rpcError(-32600, 'batch too large'), null],
    ['Nethermind', rpcError(-32600, 'Batch size limit exceeded'), null],
  ])('reads a batch refusal (%s) and the cap it states', (_, error, cap) => {
    expect(isBatchRefusal(error)).toBe(true);
    expect(batchCap(error)).toBe(cap);
  });
});
