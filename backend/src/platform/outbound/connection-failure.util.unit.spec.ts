import { connectionFailureKind, systemErrorCode } from './connection-failure.util.js';

/** What fetch (undici) throws: a TypeError whose cause is the socket's or resolver's error. */
function fetchFailure(code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`${code} host`), { code }) });
}

describe(connectionFailureKind.name, () => {
  it.each(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME'])('reads %s as a DNS failure', (code) => {
    expect(connectionFailureKind(fetchFailure(code))).toBe('dns');
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'])('reads %s as an unreachable host', (code) => {
    expect(connectionFailureKind(fetchFailure(code))).toBe('unreachable');
  });

  it('reads an error without a system code as an unreachable host', () => {
    expect(connectionFailureKind(new TypeError('fetch failed'))).toBe('unreachable');
    expect(connectionFailureKind('text')).toBe('unreachable');
  });
});

describe(systemErrorCode.name, () => {
  it('finds the code however deep the wrapping goes', () => {
    const wrapped = new Error('request failed', {
      cause: new Error('outer', { cause: fetchFailure('ENOTFOUND') }),
    });
    expect(systemErrorCode(wrapped)).toBe('ENOTFOUND');
  });

  it('ignores numeric and non-system codes (JSON-RPC errors carry numbers)', () => {
    expect(systemErrorCode(Object.assign(new Error('rpc'), { code: -32000 }))).toBeNull();
    expect(systemErrorCode(Object.assign(new Error('x'), { code: 'not a code' }))).toBeNull();
  });
});
