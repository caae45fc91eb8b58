import { Inject, Injectable } from '@nestjs/common';
import {
  METADATA_RESOLVER,
  type MetadataLookup,
  type MetadataLookupOptions,
  type MetadataResolver,
  type TokenRef,
} from '../chain/index.js';
import type { NftRecord } from '../collections/index.js';
import { ConcurrencyLimit, mapWithConcurrency } from '../platform/common/index.js';
import { AppConfig } from '../platform/config/index.js';
import { metadataHostOf, ScanHostLimit } from './scan-host-limit.js';

export function emptyRecord(token: TokenRef): NftRecord {
  return {
    tokenId: token.tokenId,
    tokenUri: token.tokenUri,
    name: '',
    description: '',
    image: null,
    attributes: [],
    metadataStatus: 'missing',
    metadataReason: token.tokenUri ? null : 'no-uri',
    rarityScore: null,
    rarityRank: null,
  };
}

/** The resolver's lookup, or its plain resolve where it cannot tell an unreachable host apart. */
function lookupWith(
  resolver: MetadataResolver,
  uri: string,
  options: MetadataLookupOptions,
): Promise<MetadataLookup> {
  return resolver.lookup
    ? resolver.lookup(uri, options)
    : resolver.resolve(uri).then((metadata) => (metadata ? { metadata } : { metadata: null }));
}

/** The URI a token's metadata is asked from: none when the source could not read it either. */
function requestUri(token: TokenRef): string | null {
  return token.metadataUnavailable === undefined ? token.tokenUri : null;
}

/**
 * Resolves every token's metadata with at most `concurrency` requests in flight, in input order.
 * Metadata the source already holds is used as it is; a token the source could not read
 * (`metadataUnavailable`) is not fetched again here: its URI is typically a spam host. A token whose
 * metadata host could not be reached is marked 'unavailable' (the metadata-retry job asks again).
 * Every record without metadata says why where the resolver could tell (`metadataReason`).
 * A ScanHostLimit also keeps one host from holding the slots and defers a host that keeps timing
 * out: its remaining tokens are 'unavailable' with that reason at once, for the metadata-retry job.
 */
export async function resolveTokens(
  tokens: readonly TokenRef[],
  resolver: MetadataResolver,
  concurrency: number | ConcurrencyLimit | ScanHostLimit,
  onProgress: (done: number) => void,
  options: MetadataLookupOptions = {},
): Promise<NftRecord[]> {
  let done = 0;
  // A shared limit lets several calls (a scan's chunks) draw on one budget of requests in flight.
  const shared = typeof concurrency === 'number' ? null : concurrency;
  const lanes = shared ? tokens.length : (concurrency as number);
  return mapWithConcurrency(tokens, lanes, async (token) => {
    if (shared instanceof ScanHostLimit) {
      const host = token.metadata ? null : metadataHostOf(requestUri(token));
      return shared.run(host, () => resolveToken(token, host, shared));
    }
    if (shared) return shared.run(() => resolveToken(token));
    return resolveToken(token);
  });

  async function resolveToken(
    token: TokenRef,
    host: string | null = null,
    hosts?: ScanHostLimit,
  ): Promise<NftRecord> {
    const uri = requestUri(token);
    const deferred = hosts?.deferred(host);
    const found: MetadataLookup = token.metadata
      ? { metadata: token.metadata }
      : deferred
        ? { metadata: null, unavailable: `${host} keeps timing out in this scan`, reason: deferred }
        : uri
          ? await lookupWith(resolver, uri, options)
          : { metadata: null };
    if (!token.metadata && !deferred) hosts?.record(host, found);
    const metadata = found.metadata;
    onProgress(++done);
    const unreachable = !metadata && 'unavailable' in found && found.unavailable !== undefined;
    // Why it is missing: the resolver's word; else unreachable, the source's refusal, or unreadable.
    const reason = metadata
      ? {}
      : {
          metadataReason:
            'reason' in found && found.reason
              ? found.reason
              : unreachable
                ? ('unreachable' as const)
                : token.metadataUnavailable !== undefined
                  ? ('source-failed' as const)
                  : token.tokenUri
                    ? ('invalid' as const)
                    : ('no-uri' as const),
        };
    if (unreachable) {
      return { ...emptyRecord(token), metadataStatus: 'unavailable' as const, ...reason };
    }
    if (!metadata) {
      const failed = Boolean(token.tokenUri) || token.metadataUnavailable !== undefined;
      return {
        ...emptyRecord(token),
        metadataStatus: failed ? ('error' as const) : ('missing' as const),
        ...reason,
      };
    }
    return {
      ...emptyRecord(token),
      name: metadata.name ?? '',
      description: metadata.description ?? '',
      image: metadata.image,
      ...(metadata.imageFallback ? { imageFallback: metadata.imageFallback } : {}),
      attributes: metadata.attributes,
      metadataStatus: 'ok' as const,
      metadataReason: null,
    };
  }
}

/** The NFT rows of scanned tokens: with their metadata when the job asks for it, else bare. */
@Injectable()
export class TokenMetadataService {
  constructor(
    @Inject(METADATA_RESOLVER) private readonly resolver: MetadataResolver,
    private readonly config: AppConfig,
  ) {}

  /**
   * At most METADATA_CONCURRENCY requests in flight (of this call, or of every call given the same
   * `limit`: see `limit()`); `onProgress` counts the tokens done. Each request has
   * METADATA_SCAN_TIMEOUT_MS and no retry: a slow or throttling host's tokens are marked
   * 'unavailable' for the metadata-retry job instead of holding the scan.
   */
  records(
    tokens: readonly TokenRef[],
    includeMetadata: boolean,
    onProgress: (done: number) => void,
    limit?: ConcurrencyLimit | ScanHostLimit,
  ): Promise<NftRecord[]> {
    if (!includeMetadata) return Promise.resolve(tokens.map((t) => emptyRecord(t)));
    return resolveTokens(tokens, this.resolver, limit ?? this.config.metadataConcurrency, onProgress, {
      timeoutMs: this.config.metadataScanTimeoutMs,
      retries: 0,
    });
  }

  /**
   * One scan's budget of METADATA_CONCURRENCY requests for several `records` calls, shared fairly
   * between hosts: a slow host cannot hold the slots, one timing out is left to metadata-retry.
   */
  limit(): ScanHostLimit {
    return new ScanHostLimit({ limit: this.config.metadataConcurrency });
  }
}
