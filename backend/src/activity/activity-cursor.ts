import { BadRequestException } from '@nestjs/common';
import type { HeldKey, HolderKey, TransferKey } from '../transfer-index/index.js';

/** The message of every cursor that is not one this route handed out. */
export const BAD_CURSOR = 'cursor is not valid: pass the `next` of the previous page unchanged';

/**
 * Cursors are opaque to callers: a tag naming what they page, then the key of the last row, as
 * base64url JSON. A cursor of another list, edited or truncated, is a 400, never a query.
 */
type CursorKind = 'feed' | 'holders' | 'held';

function encode(kind: CursorKind, key: unknown[]): string {
  return Buffer.from(JSON.stringify([kind, ...key])).toString('base64url');
}

function decode(kind: CursorKind, cursor: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadRequestException(BAD_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed[0] !== kind) throw new BadRequestException(BAD_CURSOR);
  return parsed.slice(1);
}

const UINT = /^\d{1,78}$/;
const ADDRESS = /^0x[0-9a-f]{40}$/;
const isIndex = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 2_147_483_647;
const isUint = (value: unknown): value is string => typeof value === 'string' && UINT.test(value);
const isAddress = (value: unknown): value is string => typeof value === 'string' && ADDRESS.test(value);

export const feedCursor = {
  encode: (key: TransferKey) => encode('feed', [key.blockNumber.toString(), key.logIndex, key.position]),
  decode(cursor: string): TransferKey {
    const [block, logIndex, position, ...rest] = decode('feed', cursor);
    if (!isUint(block) || block.length > 19 || !isIndex(logIndex) || !isIndex(position) || rest.length > 0)
      throw new BadRequestException(BAD_CURSOR);
    return { blockNumber: BigInt(block), logIndex, position };
  },
};

export const holderCursor = {
  encode: (key: HolderKey) => encode('holders', [key.tokens.toString(), key.owner]),
  decode(cursor: string): HolderKey {
    const [tokens, owner, ...rest] = decode('holders', cursor);
    if (!isUint(tokens) || !isAddress(owner) || rest.length > 0) throw new BadRequestException(BAD_CURSOR);
    return { tokens: BigInt(tokens), owner };
  },
};

export const heldCursor = {
  encode: (key: HeldKey) => encode('held', [key.contract, key.tokenId]),
  decode(cursor: string): HeldKey {
    const [contract, tokenId, ...rest] = decode('held', cursor);
    if (!isAddress(contract) || !isUint(tokenId) || rest.length > 0)
      throw new BadRequestException(BAD_CURSOR);
    return { contract, tokenId };
  },
};
