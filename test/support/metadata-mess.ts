import type { MetadataReason, Nft } from '@nexus/contract';
import { Redis } from 'ioredis';
import { messyKindOf, type MessyKind } from '../../deploy/devchain/src/messy-metadata.server.js';

/** Kinds whose host answers within the scan's budget: read during the scan. */
export const READ_IN_SCAN: readonly MessyKind[] = [
  'plain',
  'bom',
  'jsonc',
  'anim-mp4',
  'anim-glb',
  'anim-html',
  'big-image',
  'ipfs-v0',
  'ipfs-v1',
  'redirect-public',
];
/** Kinds whose host answers in 5–20 s: listed pending, filled by the metadata-retry job. */
export const SLOW: readonly MessyKind[] = ['slow-5s', 'slow-12s', 'slow-20s'];
/** Kinds without metadata for good, and why. */
export const BROKEN: Partial<Record<MessyKind, MetadataReason>> = {
  html: 'not-json',
  'redirect-private': 'private-address',
};

/** The NFTs of the given kinds of a messy collection. */
export function nftsOfKinds(nfts: readonly Nft[], kinds: readonly MessyKind[]): Nft[] {
  return nfts.filter((n) => kinds.includes(messyKindOf(BigInt(n.tokenId))));
}

/** `kind: read/pending/missing` counts and the reasons given, for the figures. */
export function outcomesByKind(nfts: readonly Nft[]): string {
  const counts = new Map<string, number>();
  for (const nft of nfts) {
    const outcome =
      nft.attributes.length > 0
        ? 'read'
        : `${nft.metadataUnavailable ? 'pending' : 'missing'}:${nft.metadataReason}`;
    const key = `${messyKindOf(BigInt(nft.tokenId))} ${outcome}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key}=${count}`).join('; ');
}

/**
 * The connections to private addresses a system (Redis key prefix `prefix`) counted as refused this
 * hour, once they reach `expected` or 15 s passed (the worker adds its counts to Redis once a second).
 */
export async function countedPrivateRefusals(
  redisUrl: string,
  prefix: string,
  expected: number,
): Promise<number> {
  const redis = new Redis(redisUrl);
  try {
    const hour = Math.floor(Date.now() / 3_600_000);
    const key = `${prefix}:security:connection-refusals:${hour}`;
    let counted = 0;
    for (let waited = 0; waited < 15_000 && counted < expected; waited += 250) {
      counted = Number((await redis.hget(key, 'privateAddress')) ?? 0);
      if (counted < expected) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return counted;
  } finally {
    redis.disconnect();
  }
}
