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

/**
 * A route being declared: its method and path, then the query or body it takes, then what it
 * answers, which ends the declaration (`get(path).query<Q>().answers<R>()`). The types are
 * carried by the entry's type alone: at run time `query`, `body` and `response` are undefined.
 */
interface RouteDeclaration<Route> {
  /** A query string of this type; `commaLists` names its lists sent as one comma-separated value. */
  query<Q>(commaLists?: readonly string[]): RouteDeclaration<Route & { readonly query: Q }>;
  body<B>(): RouteDeclaration<Route & { readonly body: B }>;
  answers<R>(): Route & { readonly response: R };
}

function declare<Route>(route: Route): RouteDeclaration<Route> {
  return {
    query: (commaLists) =>
      declare({ ...route, query: undefined, ...(commaLists ? { commaLists } : {}) } as never),
    body: () => declare({ ...route, body: undefined } as never),
    answers: () => ({ ...route, response: undefined }) as never,
  };
}

type ApiPath = ApiRoute['path'];
const method =
  <M extends HttpMethod>(name: M) =>
  <P extends ApiPath>(path: P) =>
    declare({ method: name, path } as { readonly method: M; readonly path: P });
const get = method('GET');
const post = method('POST');
const put = method('PUT');
const patch = method('PATCH');
const del = method('DELETE');

/** Path prefixes many routes share: a stored collection, one of its tokens, a wallet. */
const COLLECTION = '/api/collections/:network/:address';
const TOKEN = `${COLLECTION}/nfts/:tokenId` as const;
const WALLET = '/api/wallets/:network/:address';

/** Whatever a route answers that is not JSON: it is loaded by URL (an `<img>`, a download). */
export type MediaBytes = Blob;

/**
 * Every route of the API, the one place its method, path and types are written. The web app calls
 * them through its client, the HTTP tests build their URLs from them, and a test holds the table
 * and the API's OpenAPI document to the same routes (docs/API.md describes each).
 */
// One route a line, as a table reads.
// prettier-ignore
export const API_ROUTES = {
  // Explorer: scans, stored collections, rarity.
  scanNfts: post('/api/nfts').body<NftsRequest>().answers<NftsResponse>(),
  collectionPage: get(`${COLLECTION}/nfts`).query<CollectionPageQuery>().answers<CollectionPageResponse>(),
  collectionRanks: get(`${COLLECTION}/ranks`).query<{ tokenIds: readonly string[] }>(['tokenIds']).answers<CollectionRanksResponse>(),
  collectionTraits: get(`${COLLECTION}/traits`).answers<CollectionTraitsResponse>(),
  nftDetail: get(TOKEN).query<{ method?: RarityMethodName }>().answers<NftDetailResponse>(),
  nftMetadata: get(`${TOKEN}/metadata`).answers<NftMetadataResponse>(),
  refreshNftMetadata: post(`${TOKEN}/refresh-metadata`).answers<NftRefreshResponse>(),
  calculateRarity: post('/api/calculate-rarity').body<CalculateRarityRequest>().answers<CalculateRarityResponse>(),
  networks: get('/api/networks').answers<NetworksResponse>(),

  // Owners and activity, from the transfer index.
  tokenOwners: get(`${TOKEN}/owners`).query<CursorQuery>().answers<TokenOwnersPage>(),
  tokenHistory: get(`${TOKEN}/history`).query<CursorQuery>().answers<ActivityPage>(),
  collectionHolders: get(`${COLLECTION}/holders`).query<CursorQuery>().answers<CollectionHoldersPage>(),
  collectionHolderStats: get(`${COLLECTION}/holder-stats`).answers<CollectionHolderStats>(),
  collectionActivity: get(`${COLLECTION}/activity`).query<ActivityQuery>().answers<ActivityPage>(),
  collectionTransfersPerDay: get(`${COLLECTION}/transfers-per-day`).query<{ days?: number }>().answers<TransfersPerDay>(),
  walletActivity: get(`${WALLET}/activity`).query<ActivityQuery>().answers<ActivityPage>(),
  walletHeldTokens: get(`${WALLET}/held`).query<CursorQuery>().answers<HeldTokensPage>(),

  // Addresses and search.
  validateAddress: post('/api/validate-address').body<{ address: string }>().answers<ValidateAddressResponse>(),
  detectNetwork: post('/api/detect-network').body<{ address: string }>().answers<DetectNetworkResponse>(),
  locateCollection: post('/api/locate-collection').body<{ address: string }>().answers<LocateCollectionResponse>(),
  walletProfile: get('/api/wallet-profile/:address').answers<WalletProfileResponse>(),
  discoverCollections: get('/api/discover-collections').query<{ query: string; limit?: number }>().answers<DiscoveredCollection[]>(),
  trendingSearches: get('/api/trending-searches').query<{ limit?: number }>().answers<TrendingSearch[]>(),

  // Featured (whitelisted) collections.
  whitelistedCollections: get('/api/whitelisted-collections').answers<WhitelistedCollection[]>(),
  addWhitelistedCollection: post('/api/whitelisted-collections').body<WhitelistedCollectionInput>().answers<WhitelistedCollection>(),
  updateWhitelistedCollection: patch('/api/whitelisted-collections/:id').body<WhitelistedCollectionPatch>().answers<WhitelistedCollection>(),
  deleteWhitelistedCollection: del('/api/whitelisted-collections/:id').answers<{ success: true }>(),
  upload: post('/api/upload').body<FormData>().answers<UploadResponse>(),

  // Community submissions and votes.
  createSubmission: post('/api/collection-submissions').body<SubmissionInput>().answers<SubmissionCreatedResponse>(),
  uploadSubmissionImages: post('/api/collection-submissions/upload').body<FormData>().answers<SubmissionUploadResponse>(),
  votingSubmissions: get('/api/collection-submissions/voting').answers<CollectionSubmission[]>(),
  castVote: post('/api/collection-votes').body<VoteRequest>().answers<VoteResponse>(),
  voteCheck: get('/api/collection-votes/:id/check').query<{ fingerprint: string }>().answers<VoteCheckResponse>(),
  adminSubmissions: get('/api/admin/collection-submissions').query<{ status?: SubmissionStatus }>().answers<AdminCollectionSubmission[]>(),
  adminSubmissionStats: get('/api/admin/collection-submissions/stats').answers<SubmissionStats>(),
  updateSubmission: patch('/api/admin/collection-submissions/:id').body<SubmissionUpdate>().answers<SubmissionUpdatedResponse>(),
  deleteSubmission: del('/api/admin/collection-submissions/:id').answers<SubmissionDeletedResponse>(),

  // Promo media.
  promoAssets: get('/api/promo-assets').answers<PromoAsset[]>(),
  activePromoAssets: get('/api/promo-assets/active').answers<PromoAsset[]>(),
  uploadPromoAsset: post('/api/promo-assets/upload').body<FormData>().answers<PromoAsset>(),
  togglePromoAsset: put('/api/promo-assets/:id').body<PromoAssetToggle>().answers<PromoAsset>(),
  deletePromoAsset: del('/api/promo-assets/:id').answers<{ success: true }>(),
  promoBarSettings: get('/api/promo-bar-settings').answers<PromoBarSettings>(),
  savePromoBarSettings: put('/api/admin/promo-bar-settings').body<FormData>().answers<PromoBarSettings>(),
  donations: get('/api/donations').answers<DonationEntry[]>(),

  // Media: bytes, loaded by URL.
  mediaImage: get('/api/media/image').query<{ src: string }>().answers<MediaBytes>(),
  mediaFile: get('/api/media/files/:name').answers<MediaBytes>(),

  // Admin session and tools.
  adminAuthenticate: post('/api/admin/authenticate').body<AdminAuthenticateRequest>().answers<AdminSessionResponse>(),
  adminVerify: post('/api/admin/verify').answers<AdminSessionResponse>(),
  adminLogout: post('/api/admin/logout').answers<AdminLogoutResponse>(),
  adminLogoutEverywhere: post('/api/admin/logout-everywhere').answers<AdminLogoutResponse>(),
  securityStatus: get('/api/admin/security-status').answers<SecurityStatus>(),
  clearSuspiciousIp: post('/api/admin/clear-suspicious-ip').body<ClearSuspiciousIpRequest>().answers<ClearSuspiciousIpResponse>(),
  cacheStats: get('/api/admin/cache-stats').answers<CacheStats>(),
  clearCache: post('/api/admin/clear-cache').answers<ClearCacheResponse>(),
  rpcProviders: get('/api/admin/rpc-providers').answers<RpcProvidersResponse>(),

  // Health (load balancers, deploy checks).
  health: get('/api/health').answers<HealthResponse>(),
  liveness: get('/api/health/live').answers<LivenessResponse>(),
  readiness: get('/api/health/ready').answers<ReadinessResponse>(),
} satisfies Record<string, ApiRoute>;

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
