// The one outbound fetch layer: guarded HTTP, NFT URI forms, gateway races, media sniffing, the
// fetch error and the retry policy. Chain (metadata, RPC, Alchemy) and media both build on it.
export { mapWithConcurrency, raceFirst } from './concurrency.helper.js';
export { connectionFailureKind, systemErrorCode } from './connection-failure.util.js';
export {
  fetchErrorRetryAfterMs,
  FetchError,
  type FetchErrorKind,
  isRetryableFetchError,
  parseRetryAfterSeconds,
} from './fetch.error.js';
export {
  DEFAULT_ARWEAVE_GATEWAY,
  DEFAULT_IPFS_GATEWAYS,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_METADATA_MAX_BYTES,
  DEFAULT_METADATA_TIMEOUT_MS,
  GatewayFetcher,
  type GatewayFetcherOptions,
  type MediaFetcher,
  type MediaFetchOptions,
} from './gateway.fetcher.js';
export { type MediaKind, type SniffedMedia, sniffMediaType } from './media-type.sniffer.js';
export { blockedAddressReason, isBlockedAddress } from './network-address.policy.js';
export { canonicalNftUri, decodeDataPayload, type NftUri, parseNftUri } from './nft-uri.parser.js';
export { backoffDelayMs, type RetryOptions, type RetryPolicy, withRetry } from './retry.helper.js';
export {
  type HostResolver,
  type ResolvedAddress,
  SafeHttpClient,
  type SafeFetchOptions,
  type SafeResponse,
} from './safe-http.client.js';
export {
  DEFAULT_HALF_OPEN_AFTER_MS,
  DEFAULT_HOST_FAILURES,
  HostBreaker,
  type HostBreakerOptions,
  isHostFailure,
  isHostUnavailable,
} from './host-breaker.js';
