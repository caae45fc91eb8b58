import type { Network, TokenType } from '@nexus/contract';

import { normalizeMetadata } from '../metadata/index.js';
import type { CollectionInfo, ResolvedMetadata, TokenRef } from '../nft-source.js';
import type {
  AlchemyAnimation,
  AlchemyContract,
  AlchemyImage,
  AlchemyNft,
  AlchemyOpenSeaMetadata,
  AlchemyOwnedNft,
  AlchemyRawNftData,
} from './alchemy-api.types.js';

/** A collection as Alchemy describes it: what the chain says plus OpenSea's picture and blurb. */
export interface AlchemyCollectionInfo extends CollectionInfo {
  /** OpenSea's collection image (https), or null. */
  imageUrl: string | null;
  /** OpenSea's collection description, or null. */
  description: string | null;
}

/** A token with the metadata Alchemy already fetched, so the scan need not fetch its URI again. */
export interface AlchemyTokenRef extends TokenRef {
  /** Absent when Alchemy holds no usable metadata for the token: resolve `tokenUri` instead. */
  metadata?: ResolvedMetadata;
}

export interface AlchemyWalletHolding {
  collection: AlchemyCollectionInfo;
  tokens: AlchemyTokenRef[];
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function firstText(...values: unknown[]): string | null {
  for (const value of values) {
    const found = text(value);
    if (found !== null) return found;
  }
  return null;
}

/** `ERC721` → `ERC-721`, `ERC1155` → `ERC-1155`; anything else (UNKNOWN, NOT_A_CONTRACT…) → null. */
export function toTokenType(value: unknown): TokenType | null {
  const normalized = typeof value === 'string' ? value.toUpperCase().replace(/[^A-Z0-9]/g, '') : '';
  if (normalized === 'ERC721') return 'ERC-721';
  if (normalized === 'ERC1155') return 'ERC-1155';
  return null;
}

function toCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return null;
  const count = Number(value.trim());
  return Number.isSafeInteger(count) ? count : null;
}

/** Decimal token id; v3 answers decimal, older answers hex. Null for anything else. */
export function toDecimalTokenId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim();
  if (!/^(0x[0-9a-f]+|\d+)$/i.test(id)) return null;
  return BigInt(id).toString();
}

/** ERC-1155 balances can exceed what a JS number holds exactly: clamp rather than lose the token. */
function toBalance(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0)
    return Math.min(Math.floor(value), Number.MAX_SAFE_INTEGER);
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) {
    const balance = BigInt(value.trim());
    if (balance > 0n)
      return balance > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(balance);
  }
  return 1;
}

/**
 * Alchemy's spam verdict on a contract: `isSpam` (a boolean, or its text on some answers) and
 * the classifier's reasons. Nothing when it gives no verdict (free tiers, contract metadata calls).
 */
function spamVerdict(contract: AlchemyContract): Pick<CollectionInfo, 'isSpam' | 'spamClassifications'> {
  const flag = typeof contract.isSpam === 'string' ? contract.isSpam.trim().toLowerCase() : contract.isSpam;
  const isSpam = flag === true || flag === 'true' ? true : flag === false || flag === 'false' ? false : null;
  const reasons = Array.isArray(contract.spamClassifications)
    ? contract.spamClassifications.map(text).filter((reason): reason is string => reason !== null)
    : [];
  return {
    ...(isSpam === null ? {} : { isSpam }),
    ...(reasons.length > 0 ? { spamClassifications: reasons } : {}),
  };
}

/**
 * Null when the contract is neither ERC-721 nor ERC-1155 (or not a contract at all). The name is
 * OpenSea's collection name where Alchemy has one ("Undead Warriors"), the contract's own
 * ("CyborgMercenariesCm") staying in `contractName`.
 */
export function toCollectionInfo(
  network: Network,
  contract: AlchemyContract,
  fallback: { tokenType?: unknown; collectionName?: unknown } = {},
): AlchemyCollectionInfo | null {
  const standard = toTokenType(contract.tokenType) ?? toTokenType(fallback.tokenType);
  const address = text(contract.address)?.toLowerCase() ?? null;
  if (standard === null || address === null) return null;
  const openSea: AlchemyOpenSeaMetadata = isObject(contract.openSeaMetadata) ? contract.openSeaMetadata : {};
  const contractName = text(contract.name) ?? '';
  return {
    network,
    address,
    name: firstText(openSea.collectionName, fallback.collectionName) ?? contractName,
    contractName,
    ...spamVerdict(contract),
    symbol: text(contract.symbol) ?? '',
    standard,
    totalSupply: toCount(contract.totalSupply),
    // Alchemy does not say; enumeration goes through its API, never by index.
    enumerable: false,
    imageUrl: text(openSea.imageUrl),
    description: text(openSea.description),
  };
}

/**
 * Alchemy's copy of the token's metadata in our normalised shape (the same rules as metadata we
 * fetch ourselves, limits included), or undefined when it holds nothing usable. The image is
 * Alchemy's cached copy where it has one (its CDN answers when the original host no longer does),
 * the original kept as the fallback.
 */
export function toResolvedMetadata(nft: AlchemyNft): ResolvedMetadata | undefined {
  const raw: AlchemyRawNftData = isObject(nft.raw) ? nft.raw : {};
  let document: unknown = raw.metadata;
  if (typeof document === 'string') {
    try {
      document = JSON.parse(document) as unknown;
    } catch {
      document = null;
    }
  }
  const published = isObject(document) ? document : {};
  const image: AlchemyImage = isObject(nft.image) ? nft.image : {};
  const animation: AlchemyAnimation = isObject(nft.animation) ? nft.animation : {};
  const original = firstText(image.originalUrl, published.image, published.image_url, published.imageUrl);
  const merged: JsonObject = {
    ...published,
    name: firstText(nft.name, published.name, published.title),
    description: firstText(nft.description, published.description),
    image: firstText(image.cachedUrl, original),
    animation_url: firstText(
      animation.originalUrl,
      animation.cachedUrl,
      published.animation_url,
      published.animationUrl,
    ),
  };
  const metadata = normalizeMetadata(merged);
  if (!metadata) return undefined;
  if (original !== null && metadata.image !== null && metadata.image !== original) {
    metadata.imageFallback = original;
  }
  return metadata;
}

/** ERC-1155 `uri` with `{id}` substituted (64 hex digits, lower case), as the standard says. */
function tokenUri(nft: AlchemyNft, tokenId: string): string | null {
  const uri = firstText(nft.tokenUri, isObject(nft.raw) ? nft.raw.tokenUri : null);
  return uri && uri.replaceAll('{id}', BigInt(tokenId).toString(16).padStart(64, '0'));
}

const MAX_ERROR_LENGTH = 200;

/**
 * Null when the token id is unusable. Where Alchemy says why it could not read the metadata
 * (raw.error: a broken token URI, typically on a spam host), that is kept so nobody fetches it.
 */
export function toTokenRef(nft: AlchemyNft): AlchemyTokenRef | null {
  const tokenId = toDecimalTokenId(nft.tokenId);
  if (tokenId === null) return null;
  const ref: AlchemyTokenRef = { tokenId, tokenUri: tokenUri(nft, tokenId) };
  const metadata = toResolvedMetadata(nft);
  if (metadata) ref.metadata = metadata;
  const error = isObject(nft.raw) ? text(nft.raw.error) : null;
  if (error !== null) ref.metadataUnavailable = error.slice(0, MAX_ERROR_LENGTH);
  return ref;
}

/** An ERC-721 token is held once, whatever balance Alchemy reports for it (26, 31… for spam). */
export function toOwnedTokenRef(nft: AlchemyOwnedNft, standard: TokenType): AlchemyTokenRef | null {
  const ref = toTokenRef(nft);
  return ref && { ...ref, balance: standard === 'ERC-721' ? 1 : toBalance(nft.balance) };
}

function isAlchemyNft(value: unknown): value is AlchemyNft {
  return isObject(value) && isObject(value.contract) && typeof value.tokenId === 'string';
}

/** Groups a wallet's NFTs by contract, in first-seen order, dropping tokens of non-NFT contracts. */
export function groupHoldings(network: Network, nfts: readonly AlchemyOwnedNft[]): AlchemyWalletHolding[] {
  const holdings = new Map<string, AlchemyWalletHolding>();
  const seen = new Set<string>();
  for (const nft of nfts) {
    if (!isAlchemyNft(nft)) continue;
    const collection = toCollectionInfo(network, nft.contract, {
      tokenType: nft.tokenType,
      collectionName: isObject(nft.collection) ? nft.collection.name : null,
    });
    const token = collection && toOwnedTokenRef(nft, collection.standard);
    if (!collection || !token) continue;
    const key = `${collection.address}:${token.tokenId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const holding = holdings.get(collection.address) ?? { collection, tokens: [] };
    holding.tokens.push(token);
    holdings.set(collection.address, holding);
  }
  return [...holdings.values()];
}

/** The items of a page, keeping only entries shaped like an NFT. */
export function nftItems<T extends AlchemyNft>(items: readonly unknown[]): T[] {
  return items.filter(isAlchemyNft) as T[];
}
