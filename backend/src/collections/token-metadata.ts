import type { MetadataResolver, TokenRef } from '../chain/nft-source.js';
import { mapWithConcurrency } from '../common/concurrency.js';
import type { NftRecord } from './collections.repository.js';

export function emptyRecord(token: TokenRef): NftRecord {
  return {
    tokenId: token.tokenId,
    tokenUri: token.tokenUri,
    name: '',
    description: '',
    image: null,
    attributes: [],
    metadataStatus: 'missing',
    rarityScore: null,
    rarityRank: null,
  };
}

/**
 * Resolves every token's metadata with at most `concurrency` requests in flight, in input order.
 * Metadata the source already holds is used as it is; a token the source could not read
 * (`metadataUnavailable`) is not fetched again here: its URI is typically a spam host.
 */
export async function resolveTokens(
  tokens: readonly TokenRef[],
  resolver: MetadataResolver,
  concurrency: number,
  onProgress: (done: number) => void,
): Promise<NftRecord[]> {
  let done = 0;
  return mapWithConcurrency(tokens, concurrency, async (token) => {
    const uri = token.metadataUnavailable === undefined ? token.tokenUri : null;
    const metadata = token.metadata ?? (uri ? await resolver.resolve(uri) : null);
    onProgress(++done);
    if (!metadata) {
      const failed = Boolean(token.tokenUri) || token.metadataUnavailable !== undefined;
      return { ...emptyRecord(token), metadataStatus: failed ? ('error' as const) : ('missing' as const) };
    }
    return {
      ...emptyRecord(token),
      name: metadata.name ?? '',
      description: metadata.description ?? '',
      image: metadata.image,
      ...(metadata.imageFallback ? { imageFallback: metadata.imageFallback } : {}),
      attributes: metadata.attributes,
      metadataStatus: 'ok' as const,
    };
  });
}
