export interface TrendingSearch {
  searchTerm: string;
  searchCount: number;
}

/** GET /api/trending-searches?limit= (SPEC §9: the home page shows 10). */
export const TRENDING_LIMIT = { default: 10, max: 100 } as const;
