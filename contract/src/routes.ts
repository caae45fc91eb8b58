// Over 400 lines for that reason: the one table of every API route with its types, read by the API, the web
// app and the tests.
import type {
  ActivityPage,
  ActivityQuery,
  CollectionHolderStats,
  CollectionHoldersPage,
  CursorQuery,
  HeldTokensPage,
  TokenOwnersPage,
  TransfersPerDay,
} from './activity.js';
import type {
  AdminAuthenticateRequest,
  AdminLogoutResponse,
  AdminSessionResponse,
  UploadResponse,
} from './admin.js';
import type { CacheStats, ClearCacheResponse } from './cache.js';
import type {
  CollectionPageQuery,
  CollectionPageResponse,
  CollectionRanksResponse,
} from './collection-page.js';
import type {
  DetectNetworkResponse,
  DiscoveredCollection,
  LocateCollectionResponse,
  ValidateAddressResponse,
} from './discovery.js';
import type { WalletProfileResponse } from './addresses.js';
import type { DonationEntry } from './donations.js';
import type { NetworksResponse, NftMetadataResponse, NftRefreshResponse } from './explorer.js';
import type { HealthResponse, LivenessResponse, ReadinessResponse } from './health.js';
import type { Network } from './networks.js';
import type { NftsRequest, NftsResponse } from './nfts.js';
import type { PromoAsset, PromoAssetToggle, PromoBarSettings } from './promo.js';
import type {
  CalculateRarityRequest,
  CalculateRarityResponse,
  CollectionTraitsResponse,
  NftDetailResponse,
  RarityMethodName,
} from './rarity.js';
import type { RpcProvidersResponse } from './rpc-providers.js';
import type { ClearSuspiciousIpRequest, ClearSuspiciousIpResponse, SecurityStatus } from './security.js';
import type {
  AdminCollectionSubmission,
  CollectionSubmission,
  SubmissionCreatedResponse,
  SubmissionDeletedResponse,
  SubmissionInput,
  SubmissionStats,
  SubmissionStatus,
  SubmissionUpdate,
  SubmissionUpdatedResponse,
  SubmissionUploadResponse,
} from './submissions.js';
import type { TrendingSearch } from './trending.js';
import type { VoteCheckResponse, VoteRequest, VoteResponse } from './votes.js';
import type {
  WhitelistedCollection,
  WhitelistedCollectionInput,
  WhitelistedCollectionPatch,
} from './whitelist.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP route of the API: method and path template (`:name` for a path parameter). `query`,
 * `body` and `response` carry types only (their value is always undefined); a route without `body`
 * takes none, one without `query` takes no query string.
 */
export interface ApiRoute {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly query?: unknown;
  readonly body?: unknown;
  readonly response: unknown;
  /** Query parameters whose list goes as one comma-separated value (`?tokenIds=1,2,3`), not repeated. */
  readonly commaLists?: readonly string[];
}

/** A type for a field of a route entry; nothing at run time. */
function shape<T>(): T {
  return undefined as T;
}

/** Whatever a route answers that is not JSON: it is loaded by URL (an `<img>`, a download). */
export type MediaBytes = Blob;

/**
 * Every route of the API, the one place its method, path and types are written. The web app calls
 * them through its client, the HTTP tests build their URLs from them, and a test holds the table
 * and the API's OpenAPI document to the same routes (docs/API.md describes each).
 */
export const API_ROUTES = {
  // Explorer: scans, stored collections, rarity.
  scanNfts: {
    method: 'POST',
    path: '/api/nfts',
    body: shape<NftsRequest>(),
    response: shape<NftsResponse>(),
  },
  collectionPage: {
    method: 'GET',
    path: '/api/collections/:network/:address/nfts',
    query: shape<CollectionPageQuery>(),
    response: shape<CollectionPageResponse>(),
  },
  collectionRanks: {
    method: 'GET',
    path: '/api/collections/:network/:address/ranks',
    query: shape<{ tokenIds: readonly string[] }>(),
    response: shape<CollectionRanksResponse>(),
    commaLists: ['tokenIds'],
  },
  collectionTraits: {
    method: 'GET',
    path: '/api/collections/:network/:address/traits',
    response: shape<CollectionTraitsResponse>(),
  },
  nftDetail: {
    method: 'GET',
    path: '/api/collections/:network/:address/nfts/:tokenId',
    query: shape<{ method?: RarityMethodName }>(),
    response: shape<NftDetailResponse>(),
  },
  nftMetadata: {
    method: 'GET',
    path: '/api/collections/:network/:address/nfts/:tokenId/metadata',
    response: shape<NftMetadataResponse>(),
  },
  refreshNftMetadata: {
    method: 'POST',
    path: '/api/collections/:network/:address/nfts/:tokenId/refresh-metadata',
    response: shape<NftRefreshResponse>(),
  },
  calculateRarity: {
    method: 'POST',
    path: '/api/calculate-rarity',
    body: shape<CalculateRarityRequest>(),
    response: shape<CalculateRarityResponse>(),
  },
  networks: { method: 'GET', path: '/api/networks', response: shape<NetworksResponse>() },

  // Owners and activity, from the transfer index.
  tokenOwners: {
    method: 'GET',
    path: '/api/collections/:network/:address/nfts/:tokenId/owners',
    query: shape<CursorQuery>(),
    response: shape<TokenOwnersPage>(),
  },
  tokenHistory: {
    method: 'GET',
    path: '/api/collections/:network/:address/nfts/:tokenId/history',
    query: shape<CursorQuery>(),
    response: shape<ActivityPage>(),
  },
  collectionHolders: {
    method: 'GET',
    path: '/api/collections/:network/:address/holders',
    query: shape<CursorQuery>(),
    response: shape<CollectionHoldersPage>(),
  },
  collectionHolderStats: {
    method: 'GET',
    path: '/api/collections/:network/:address/holder-stats',
    response: shape<CollectionHolderStats>(),
  },
  collectionActivity: {
    method: 'GET',
    path: '/api/collections/:network/:address/activity',
    query: shape<ActivityQuery>(),
    response: shape<ActivityPage>(),
  },
  collectionTransfersPerDay: {
    method: 'GET',
    path: '/api/collections/:network/:address/transfers-per-day',
    query: shape<{ days?: number }>(),
    response: shape<TransfersPerDay>(),
  },
  walletActivity: {
    method: 'GET',
    path: '/api/wallets/:network/:address/activity',
    query: shape<ActivityQuery>(),
    response: shape<ActivityPage>(),
  },
  walletHeldTokens: {
    method: 'GET',
    path: '/api/wallets/:network/:address/held',
    query: shape<CursorQuery>(),
    response: shape<HeldTokensPage>(),
  },

  // Addresses and search.
  validateAddress: {
    method: 'POST',
    path: '/api/validate-address',
    body: shape<{ address: string }>(),
    response: shape<ValidateAddressResponse>(),
  },
  detectNetwork: {
    method: 'POST',
    path: '/api/detect-network',
    body: shape<{ address: string }>(),
    response: shape<DetectNetworkResponse>(),
  },
  locateCollection: {
    method: 'POST',
    path: '/api/locate-collection',
    body: shape<{ address: string }>(),
    response: shape<LocateCollectionResponse>(),
  },
  walletProfile: {
    method: 'GET',
    path: '/api/wallet-profile/:address',
    response: shape<WalletProfileResponse>(),
  },
  discoverCollections: {
    method: 'GET',
    path: '/api/discover-collections',
    query: shape<{ query: string; limit?: number }>(),
    response: shape<DiscoveredCollection[]>(),
  },
  trendingSearches: {
    method: 'GET',
    path: '/api/trending-searches',
    query: shape<{ limit?: number }>(),
    response: shape<TrendingSearch[]>(),
  },

  // Featured (whitelisted) collections.
  whitelistedCollections: {
    method: 'GET',
    path: '/api/whitelisted-collections',
    response: shape<WhitelistedCollection[]>(),
  },
  addWhitelistedCollection: {
    method: 'POST',
    path: '/api/whitelisted-collections',
    body: shape<WhitelistedCollectionInput>(),
    response: shape<WhitelistedCollection>(),
  },
  updateWhitelistedCollection: {
    method: 'PATCH',
    path: '/api/whitelisted-collections/:id',
    body: shape<WhitelistedCollectionPatch>(),
    response: shape<WhitelistedCollection>(),
  },
  deleteWhitelistedCollection: {
    method: 'DELETE',
    path: '/api/whitelisted-collections/:id',
    response: shape<{ success: true }>(),
  },
  upload: { method: 'POST', path: '/api/upload', body: shape<FormData>(), response: shape<UploadResponse>() },

  // Community submissions and votes.
  createSubmission: {
    method: 'POST',
    path: '/api/collection-submissions',
    body: shape<SubmissionInput>(),
    response: shape<SubmissionCreatedResponse>(),
  },
  uploadSubmissionImages: {
    method: 'POST',
    path: '/api/collection-submissions/upload',
    body: shape<FormData>(),
    response: shape<SubmissionUploadResponse>(),
  },
  votingSubmissions: {
    method: 'GET',
    path: '/api/collection-submissions/voting',
    response: shape<CollectionSubmission[]>(),
  },
  castVote: {
    method: 'POST',
    path: '/api/collection-votes',
    body: shape<VoteRequest>(),
    response: shape<VoteResponse>(),
  },
  voteCheck: {
    method: 'GET',
    path: '/api/collection-votes/:id/check',
    query: shape<{ fingerprint: string }>(),
    response: shape<VoteCheckResponse>(),
  },
  adminSubmissions: {
    method: 'GET',
    path: '/api/admin/collection-submissions',
    query: shape<{ status?: SubmissionStatus }>(),
    response: shape<AdminCollectionSubmission[]>(),
  },
  adminSubmissionStats: {
    method: 'GET',
    path: '/api/admin/collection-submissions/stats',
    response: shape<SubmissionStats>(),
  },
  updateSubmission: {
    method: 'PATCH',
    path: '/api/admin/collection-submissions/:id',
    body: shape<SubmissionUpdate>(),
    response: shape<SubmissionUpdatedResponse>(),
  },
  deleteSubmission: {
    method: 'DELETE',
    path: '/api/admin/collection-submissions/:id',
    response: shape<SubmissionDeletedResponse>(),
  },

  // Promo media.
  promoAssets: { method: 'GET', path: '/api/promo-assets', response: shape<PromoAsset[]>() },
  activePromoAssets: { method: 'GET', path: '/api/promo-assets/active', response: shape<PromoAsset[]>() },
  uploadPromoAsset: {
    method: 'POST',
    path: '/api/promo-assets/upload',
    body: shape<FormData>(),
    response: shape<PromoAsset>(),
  },
  togglePromoAsset: {
    method: 'PUT',
    path: '/api/promo-assets/:id',
    body: shape<PromoAssetToggle>(),
    response: shape<PromoAsset>(),
  },
  deletePromoAsset: { method: 'DELETE', path: '/api/promo-assets/:id', response: shape<{ success: true }>() },
  promoBarSettings: { method: 'GET', path: '/api/promo-bar-settings', response: shape<PromoBarSettings>() },
  savePromoBarSettings: {
    method: 'PUT',
    path: '/api/admin/promo-bar-settings',
    body: shape<FormData>(),
    response: shape<PromoBarSettings>(),
  },
  donations: { method: 'GET', path: '/api/donations', response: shape<DonationEntry[]>() },

  // Media: bytes, loaded by URL.
  mediaImage: {
    method: 'GET',
    path: '/api/media/image',
    query: shape<{ src: string }>(),
    response: shape<MediaBytes>(),
  },
  mediaFile: { method: 'GET', path: '/api/media/files/:name', response: shape<MediaBytes>() },

  // Admin session and tools.
  adminAuthenticate: {
    method: 'POST',
    path: '/api/admin/authenticate',
    body: shape<AdminAuthenticateRequest>(),
    response: shape<AdminSessionResponse>(),
  },
  adminVerify: { method: 'POST', path: '/api/admin/verify', response: shape<AdminSessionResponse>() },
  adminLogout: { method: 'POST', path: '/api/admin/logout', response: shape<AdminLogoutResponse>() },
  adminLogoutEverywhere: {
    method: 'POST',
    path: '/api/admin/logout-everywhere',
    response: shape<AdminLogoutResponse>(),
  },
  cacheStats: { method: 'GET', path: '/api/admin/cache-stats', response: shape<CacheStats>() },
  clearCache: { method: 'POST', path: '/api/admin/clear-cache', response: shape<ClearCacheResponse>() },
  securityStatus: { method: 'GET', path: '/api/admin/security-status', response: shape<SecurityStatus>() },
  clearSuspiciousIp: {
    method: 'POST',
    path: '/api/admin/clear-suspicious-ip',
    body: shape<ClearSuspiciousIpRequest>(),
    response: shape<ClearSuspiciousIpResponse>(),
  },
  rpcProviders: { method: 'GET', path: '/api/admin/rpc-providers', response: shape<RpcProvidersResponse>() },

  // Health (load balancers, deploy checks).
  health: { method: 'GET', path: '/api/health', response: shape<HealthResponse>() },
  liveness: { method: 'GET', path: '/api/health/live', response: shape<LivenessResponse>() },
  readiness: { method: 'GET', path: '/api/health/ready', response: shape<ReadinessResponse>() },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** The names of a path template's `:name` parameters. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's path parameters: `network` is one of ours, the others any text (encoded when sent). */
export type RouteParams<R extends ApiRoute> = {
  [Name in ParamNames<R['path']>]: Name extends 'network' ? Network : string;
};
export type RouteQuery<R extends ApiRoute> = R extends { query: infer Q } ? Q : undefined;
export type RouteBody<R extends ApiRoute> = R extends { body: infer B } ? B : undefined;
export type RouteResponse<R extends ApiRoute> = R['response'];

/** What a query string may hold: `undefined` leaves a parameter out, a list repeats it. */
type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * The query string of a call, without `?` ('' for none), in the order of the object's keys. Each
 * value is form-encoded as URLSearchParams does (space as `+`); a list is one parameter per item
 * (`traits=a&traits=b`) unless the route names it in `commaLists`.
 */
export function apiQueryString<R extends ApiRoute>(route: R, query: RouteQuery<R>): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const items = value as readonly (string | number)[];
      if (route.commaLists?.includes(name))
        parts.push(`${formEncode(name)}=${items.map((item) => formEncode(String(item))).join(',')}`);
      else for (const item of items) parts.push(`${formEncode(name)}=${formEncode(String(item))}`);
    } else {
      parts.push(`${formEncode(name)}=${formEncode(String(value as string | number | boolean))}`);
    }
  }
  return parts.join('&');
}

function formEncode(text: string): string {
  return new URLSearchParams([['', text]]).toString().slice(1);
}

/** Path parameters (which a route without any may leave out), then the query. */
export type PathArguments<R extends ApiRoute> = [keyof RouteParams<R>] extends [never]
  ? [params?: RouteParams<R>, query?: RouteQuery<R>]
  : [params: RouteParams<R>, query?: RouteQuery<R>];

/**
 * The URL path of a call: the template with each parameter URI-encoded, and the query string when
 * there is one (`apiPath(API_ROUTES.voteCheck, { id: 'a' }, { fingerprint: 'f' })`).
 */
export function apiPath<R extends ApiRoute>(route: R, ...[params, query]: PathArguments<R>): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const search = query === undefined ? '' : apiQueryString(route, query);
  return search ? `${path}?${search}` : path;
}

/** The route as the OpenAPI document spells it: `GET /api/collection-votes/{id}/check`. */
export function openApiRoute(route: ApiRoute): string {
  return `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`;
}
