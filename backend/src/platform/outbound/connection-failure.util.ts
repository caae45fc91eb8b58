/** System error codes of a failed name lookup (getaddrinfo and c-ares spellings). */
const DNS_CODES: ReadonlySet<string> = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_NODATA',
  'EAI_FAIL',
  'ENODATA',
  'ESERVFAIL',
]);

const MAX_CAUSE_DEPTH = 8;

/**
 * The system error code (`ECONNREFUSED`, `ENOTFOUND`…) somewhere down an error's `cause` chain:
 * fetch, undici and viem each wrap the socket's error once more. Read by shape, not `instanceof`,
 * since fetch's errors may come from another realm (vm contexts, test runners).
 */
export function systemErrorCode(error: unknown): string | null {
  let node: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof node === 'object' && node !== null; depth++) {
    const code: unknown = (node as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z0-9_]+$/.test(code)) return code;
    node = (node as { cause?: unknown }).cause;
  }
  return null;
}

/** A connection that never got going: its host did not resolve ('dns'), or it was refused or cut. */
export function connectionFailureKind(error: unknown): 'dns' | 'unreachable' {
  const code = systemErrorCode(error);
  return code !== null && DNS_CODES.has(code) ? 'dns' : 'unreachable';
}
