import { HttpRequestError, LimitExceededRpcError, RpcRequestError, TimeoutError } from 'viem';
import { isRangeRefusal, isTransient, retryAfterMs, statedSpanLimit } from './rpc-errors.util.js';

function rpcError(code: number, message: string, status?: number): RpcRequestError {
  return new RpcRequestError({ body: {}, url: 'http://node', error: { code, message }, status });
}

describe('rpc errors', () => {
  it.each([
    ['Infura', rpcError(-32005, 'query returned more than 10000 results')],
    [
      'Alchemy',
      rpcError(
        -32602,
        'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range',
      ),
    ],
    ['public node', rpcError(-32000, 'block range is too wide')],
    ['QuickNode', rpcError(-32614, 'eth_getLogs is limited to a 10,000 range')],
    ['geth-style', rpcError(-32000, 'exceed maximum block range: 50000')],
    [
      'wrapped by viem',
      new LimitExceededRpcError(rpcError(-32005, 'query returned more than 10000 results')),
    ],
    ['HTTP 413', new HttpRequestError({ url: 'http://node', status: 413 })],
    ['timeout', new TimeoutError({ body: {}, url: 'http://node' })],
  ])('reads a %s range refusal as "split the range"', (_, error) => {
    expect(isRangeRefusal(error)).toBe(true);
  });

  it.each([
    ['a public node', rpcError(-32005, 'block range exceeds 2000'), 2000n],
    ['geth-style', rpcError(-32000, 'exceed maximum block range: 50000'), 50_000n],
    ['QuickNode', rpcError(-32614, 'eth_getLogs is limited to a 10,000 range'), 10_000n],
    ['Infura (a result count, not a span)', rpcError(-32005, 'query returned more than 10000 results'), null],
    ['a refusal without a number', rpcError(-32000, 'block range is too wide'), null],
  ])('reads the span %s states', (_, error, span) => {
    expect(statedSpanLimit(error)).toBe(span);
  });

  it.each([
    ['HTTP 429', new HttpRequestError({ url: 'http://node', status: 429 })],
    ['HTTP 503', new HttpRequestError({ url: 'http://node', status: 503 })],
    ['JSON-RPC 429', rpcError(429, 'Too Many Requests')],
    ['Infura throttling', rpcError(-32005, 'daily request count exceeded, request rate limited')],
    ['timeout', new TimeoutError({ body: {}, url: 'http://node' })],
    ['connection refused', new HttpRequestError({ url: 'http://node', details: 'fetch failed' })],
  ])('retries %s', (_, error) => {
    expect(isTransient(error)).toBe(true);
  });

  it.each([
    ['a revert', rpcError(3, 'execution reverted')],
    ['HTTP 400', new HttpRequestError({ url: 'http://node', status: 400 })],
    ['a bad request', rpcError(-32602, 'invalid argument 0: hex string has odd length')],
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

  it('does not read throttling as a range refusal', () => {
    expect(isRangeRefusal(rpcError(-32005, 'daily request count exceeded, request rate limited'))).toBe(
      false,
    );
    expect(isRangeRefusal(new HttpRequestError({ url: 'http://node', status: 429 }))).toBe(false);
  });

  it('honours Retry-After in seconds', () => {
    const error = new HttpRequestError({
      url: 'http://node',
      status: 429,
      headers: new Headers({ 'Retry-After': '2' }),
    });
    expect(retryAfterMs(error)).toBe(2_000);
    expect(retryAfterMs(new HttpRequestError({ url: 'http://node', status: 429 }))).toBeNull();
  });
});
