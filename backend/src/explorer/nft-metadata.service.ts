import { Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import {
  NFT_METADATA_LIMITS,
  SCAN_ERRORS,
  scanKey,
  type Network,
  type NftAttribute,
  type NftMetadataResponse,
  type NftRefreshResponse,
} from '@nexus/contract';
import {
  METADATA_RESOLVER,
  RPC_SOURCE,
  type GatewayMetadataResolver,
  type RpcNftSource,
} from '../chain/index.js';
import { CollectionsRepository, toApiNft, type NftRecord } from '../collections/index.js';
import { TooManyRequestsException, VISITOR_ERRORS } from '../platform/common/index.js';
import { decodeDataPayload, parseNftUri, sniffMediaType } from '../platform/outbound/index.js';
import { rarityJobPayload, ScanQueueRepository } from '../platform/queues/index.js';
import { ScanCacheRepository } from '../scans/index.js';
import { NftMetadataRepository } from './nft-metadata.repository.js';

export const NFT_METADATA_ERRORS = {
  collectionNotStored: `${SCAN_ERRORS.notFound}: Nexus has not read this collection yet. Search it first.`,
  nftNotStored: 'NFT not found in this collection',
  network: VISITOR_ERRORS.network,
  noUri: 'The contract answers no token URI for this token',
  unreadable: 'The metadata could not be read from its host',
  media: 'The token URI points at an image or a video, not a metadata document',
  notText: 'The token URI does not answer a text document',
} as const;

/** "Please try again in N seconds" of a token refreshed a moment ago, whoever asked. */
export function refreshedRecentlyMessage(seconds: number): string {
  return `This NFT's metadata was refreshed moments ago. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

interface RawMetadata {
  text: string | null;
  truncated: boolean;
  error: string | null;
}

/** Pretty-printed JSON where it parses, else the text itself; never interpreted further. */
function asText(body: Buffer, contentType: string | null): RawMetadata {
  if (contentType?.startsWith('image/') || contentType?.startsWith('video/') || sniffMediaType(body)) {
    return { text: null, truncated: false, error: NFT_METADATA_ERRORS.media };
  }
  const raw = body.toString('utf8').replace(/^\uFEFF/, '');
  if (raw.includes('\u0000')) return { text: null, truncated: false, error: NFT_METADATA_ERRORS.notText };
  let text = raw;
  try {
    text = JSON.stringify(JSON.parse(raw) as unknown, null, 2);
  } catch {
    // Not JSON: shown as served.
  }
  const truncated = text.length > NFT_METADATA_LIMITS.maxChars;
  return { text: truncated ? text.slice(0, NFT_METADATA_LIMITS.maxChars) : text, truncated, error: null };
}

function sameMetadata(a: NftRecord, b: NftRecord): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.image === b.image &&
    (a.imageFallback ?? null) === (b.imageFallback ?? null) &&
    sameAttributes(a.attributes, b.attributes)
  );
}

function sameAttributes(a: readonly NftAttribute[], b: readonly NftAttribute[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What a block explorer shows of one token, read on request: its token URI, owner and metadata
 * document as served; and the refresh of one stored NFT's metadata (a reveal, a fixed host), through
 * the same guarded metadata reader as the scans.
 */
@Injectable()
export class NftMetadataService {
  private readonly logger = new Logger(NftMetadataService.name);

  constructor(
    @Inject(RPC_SOURCE) private readonly chain: RpcNftSource,
    @Inject(METADATA_RESOLVER) private readonly resolver: GatewayMetadataResolver,
    private readonly store: NftMetadataRepository,
    private readonly collections: CollectionsRepository,
    private readonly scanCache: ScanCacheRepository,
    private readonly queue: ScanQueueRepository,
  ) {}

  async metadata(network: Network, address: string, tokenId: string): Promise<NftMetadataResponse> {
    const cached = await this.store.cachedMetadata(network, address, tokenId);
    if (cached) return cached;
    const collection = await this.store.collection(network, address);
    if (!collection) throw new NotFoundException(NFT_METADATA_ERRORS.collectionNotStored);
    const { tokenUri, owner } = await this.readToken(network, address, collection.standard, tokenId);
    const raw = tokenUri
      ? await this.readRaw(tokenUri)
      : { text: null, truncated: false, error: NFT_METADATA_ERRORS.noUri };
    const answer: NftMetadataResponse = {
      network,
      address,
      tokenId,
      tokenUri,
      tokenUriHttp: tokenUri ? this.httpUrl(tokenUri) : null,
      owner,
      metadata: raw.text,
      metadataTruncated: raw.truncated,
      metadataError: raw.error,
    };
    await this.store.cacheMetadata(answer);
    return answer;
  }

  async refresh(network: Network, address: string, tokenId: string): Promise<NftRefreshResponse> {
    const collection = await this.store.collection(network, address);
    if (!collection) throw new NotFoundException(NFT_METADATA_ERRORS.collectionNotStored);
    const stored = await this.collections.findNft(collection.id, tokenId);
    if (!stored) throw new NotFoundException(NFT_METADATA_ERRORS.nftNotStored);
    const wait = await this.store.takeRefreshTurn(
      network,
      address,
      tokenId,
      NFT_METADATA_LIMITS.refreshPerTokenSeconds,
    );
    if (wait > 0) throw new TooManyRequestsException(wait, refreshedRecentlyMessage(wait));

    const { tokenUri } = await this.readToken(network, address, collection.standard, tokenId);
    const found = tokenUri ? await this.resolver.lookup(tokenUri) : { metadata: null };
    const metadataStatus: NftRefreshResponse['metadataStatus'] = found.metadata
      ? 'ok'
      : 'unavailable' in found && found.unavailable !== undefined
        ? 'unavailable'
        : tokenUri
          ? 'error'
          : 'missing';
    // A failed read keeps what was stored: a host down for a minute must not wipe good metadata.
    const next: NftRecord = found.metadata
      ? {
          ...stored,
          tokenUri,
          name: found.metadata.name ?? '',
          description: found.metadata.description ?? '',
          image: found.metadata.image,
          imageFallback: found.metadata.imageFallback ?? null,
          attributes: found.metadata.attributes,
          metadataStatus: 'ok',
        }
      : stored.metadataStatus === 'ok'
        ? { ...stored, tokenUri }
        : {
            ...stored,
            tokenUri,
            metadataStatus,
            metadataReason: 'reason' in found && found.reason ? found.reason : tokenUri ? null : 'no-uri',
          };
    const changed = !sameMetadata(stored, next);
    if (changed || next.tokenUri !== stored.tokenUri || next.metadataStatus !== stored.metadataStatus) {
      await this.collections.saveMetadata(network, address, [next]);
      await this.store.touchCollection(collection.id);
      await this.scanCache.delete(scanKey('collection', network, address));
      if (!sameAttributes(stored.attributes, next.attributes)) await this.rankAgain(network, address);
    }
    await this.store.forgetMetadata(network, address, tokenId);
    this.logger.log(
      `${network}:${address} #${tokenId}: metadata refreshed (${metadataStatus}, ${changed ? 'changed' : 'unchanged'})`,
    );
    return {
      nft: toApiNft(next, {
        network,
        address: collection.address,
        name: collection.name,
        standard: collection.standard,
      }),
      tokenUri,
      metadataStatus,
      changed,
      refreshedAt: new Date().toISOString(),
    };
  }

  private async readToken(
    network: Network,
    address: string,
    standard: 'ERC-721' | 'ERC-1155',
    tokenId: string,
  ): Promise<{ tokenUri: string | null; owner: string | null }> {
    try {
      return await this.chain.readToken(network, address, standard, BigInt(tokenId));
    } catch (error) {
      this.logger.warn(
        `${network}:${address} #${tokenId}: token not read: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw new ServiceUnavailableException(NFT_METADATA_ERRORS.network);
    }
  }

  /** The document at the URI, bounded like every metadata read; data: URIs decoded here. */
  private async readRaw(uri: string): Promise<RawMetadata> {
    const parsed = parseNftUri(uri);
    if (!parsed) return { text: null, truncated: false, error: NFT_METADATA_ERRORS.unreadable };
    if (parsed.kind === 'json') return asText(Buffer.from(parsed.text, 'utf8'), 'application/json');
    if (parsed.kind === 'data') {
      if (parsed.mediaType.startsWith('image/') || parsed.mediaType.startsWith('video/')) {
        return { text: null, truncated: false, error: NFT_METADATA_ERRORS.media };
      }
      const bytes = decodeDataPayload(parsed, 2 * 1024 * 1024);
      return bytes
        ? asText(bytes, null)
        : { text: null, truncated: false, error: NFT_METADATA_ERRORS.unreadable };
    }
    try {
      const response = await this.resolver.fetchUri(uri, {
        accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
      });
      return asText(response.body, response.contentType);
    } catch {
      return { text: null, truncated: false, error: NFT_METADATA_ERRORS.unreadable };
    }
  }

  private httpUrl(uri: string): string | null {
    const url = this.resolver.toHttpUrl(uri);
    return url && /^https?:\/\//i.test(url) ? url : null;
  }

  /** The collection's ranks follow its traits: a rarity job, collapsed with one already queued. */
  private async rankAgain(network: Network, address: string): Promise<void> {
    const lower = address.toLowerCase();
    try {
      await this.queue.enqueue(rarityJobPayload(network, address));
    } catch (error) {
      this.logger.warn(
        `${network}:${lower}: ranking after a refresh not queued: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
