import { API_ROUTES, apiPath, apiQueryString, openApiRoute, type ApiRoute } from './routes.js';

const ADDRESS = '0x' + 'ab'.repeat(20);

describe(apiPath.name, () => {
  it('fills the path parameters, each URI-encoded', () => {
    expect(apiPath(API_ROUTES.nftDetail, { network: 'polygon', address: ADDRESS, tokenId: '7' })).toBe(
      `/api/collections/polygon/${ADDRESS}/nfts/7`,
    );
    expect(apiPath(API_ROUTES.voteCheck, { id: 'a/b c?' }, { fingerprint: 'f p' })).toBe(
      '/api/collection-votes/a%2Fb%20c%3F/check?fingerprint=f+p',
    );
  });

  it('takes no parameters on a route without any, and no `?` without a query', () => {
    expect(apiPath(API_ROUTES.networks)).toBe('/api/networks');
    expect(apiPath(API_ROUTES.trendingSearches, {}, {})).toBe('/api/trending-searches');
    expect(apiPath(API_ROUTES.trendingSearches, {}, { limit: 100 })).toBe('/api/trending-searches?limit=100');
  });

  it('refuses a missing path parameter', () => {
    const params = {} as { id: string };
    expect(() => apiPath(API_ROUTES.voteCheck, params)).toThrow(
      'GET /api/collection-votes/:id/check: no value for :id',
    );
  });
});

describe(apiQueryString.name, () => {
  it('keeps the order of the keys, leaves undefined out and repeats a list', () => {
    expect(
      apiQueryString(API_ROUTES.collectionPage, {
        page: 2,
        pageSize: 50,
        sort: 'rarity-score',
        order: undefined,
        search: 'a b&c',
        traits: ['background:blue', 'eyes:la ser'],
      }),
    ).toBe(
      'page=2&pageSize=50&sort=rarity-score&search=a+b%26c&traits=background%3Ablue&traits=eyes%3Ala+ser',
    );
  });

  it("matches URLSearchParams byte for byte, as the web app's queries always did", () => {
    const search = "~!*'()%:/?#[]@ é";
    const expected = new URLSearchParams([['search', search]]).toString();
    expect(apiQueryString(API_ROUTES.collectionPage, { search })).toBe(expected);
  });

  it('sends a comma list of the route as one value: ?tokenIds=1,2,3', () => {
    expect(apiQueryString(API_ROUTES.collectionRanks, { tokenIds: ['1', '2', '3'] })).toBe('tokenIds=1,2,3');
  });
});

describe('API_ROUTES', () => {
  const routes: ApiRoute[] = Object.values(API_ROUTES);

  it('lists each method and path once', () => {
    const keys = routes.map(openApiRoute);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('writes paths under /api with `:name` parameters and no query string or trailing slash', () => {
    expect(routes.filter((route) => !/^\/api(\/(:\w+|[a-z0-9-]+))+$/.test(route.path))).toEqual([]);
  });

  it('spells a route as the OpenAPI document does', () => {
    expect(openApiRoute(API_ROUTES.nftMetadata)).toBe(
      'GET /api/collections/{network}/{address}/nfts/{tokenId}/metadata',
    );
  });
});
