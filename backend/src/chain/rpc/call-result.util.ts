import { decodeFunctionResult, type Abi, type Hex } from 'viem';

/** Decoded return value of one call, or null when it reverted or returned something else. */
export function decodeResult(abi: Abi, functionName: string, data: Hex | null): unknown {
  if (!data || data === '0x') return null;
  try {
    return decodeFunctionResult({ abi, functionName, data });
  } catch {
    return null;
  }
}

export function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function asBigInt(value: unknown): bigint | null {
  return typeof value === 'bigint' ? value : null;
}

/** A uint256 as a JS number, clamped where it would lose precision (supplies, balances). */
export function safeNumber(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

export function compareIds(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `items` cut into runs of at most `size`. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
