import { Inject, Injectable } from '@nestjs/common';
import { METADATA_RESOLVER } from '../chain/chain.tokens.js';
import type { MetadataResolver, TokenRef } from '../chain/nft-source.js';
import type { NftRecord } from '../collections/index.js';
import { mapWithConcurrency } from '../common/concurrency.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';

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

/** Resolves every token's metadata with at most `concurrency` requests in flight, in input order. */
export async function resolveTokens(
  tokens: readonly TokenRef[],
  resolver: MetadataResolver,
  concurrency: number,
  onProgress: (done: number) => void,
): Promise<NftRecord[]> {
  let done = 0;
  return mapWithConcurrency(tokens, concurrency, async (token) => {
    const metadata = token.metadata ?? (token.tokenUri ? await resolver.resolve(token.tokenUri) : null);
    onProgress(++done);
    return metadata
      ? {
          ...emptyRecord(token),
          name: metadata.name ?? '',
          description: metadata.description ?? '',
          image: metadata.image,
          attributes: metadata.attributes,
          metadataStatus: 'ok' as const,
        }
      : { ...emptyRecord(token), metadataStatus: token.tokenUri ? ('error' as const) : ('missing' as const) };
  });
}

/** The NFT rows of scanned tokens: with their metadata when the job asks for it, else bare. */
@Injectable()
export class TokenMetadataService {
  constructor(
    @Inject(METADATA_RESOLVER) private readonly resolver: MetadataResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** At most METADATA_CONCURRENCY requests in flight; `onProgress` counts the tokens done. */
  records(
    tokens: readonly TokenRef[],
    includeMetadata: boolean,
    onProgress: (done: number) => void,
  ): Promise<NftRecord[]> {
    if (!includeMetadata) return Promise.resolve(tokens.map((t) => emptyRecord(t)));
    return resolveTokens(tokens, this.resolver, this.config.metadataConcurrency, onProgress);
  }
}
