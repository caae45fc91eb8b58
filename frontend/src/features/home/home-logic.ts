import type { TrendingSearch, WhitelistedCollection } from '@nexus/contract';
import { filterByText } from '../../lib/filter-by-text';

export const TRENDING_LIMIT = 10;
export const SUPPORTED_NETWORK_COUNT = 3;
export const DESCRIPTION_COLLAPSE_CHARS = 150;

/** Quick search: by name or network. */
export function filterFeatured(
  collections: readonly WhitelistedCollection[],
  query: string,
): WhitelistedCollection[] {
  return filterByText(collections, query, (c) => [c.name, c.network]);
}

export interface TrendingEntry {
  rank: number;
  searchTerm: string;
  searchCount: number;
  collection: WhitelistedCollection;
}

/** A search term names a collection by its contract address (the term the API records for a search). */
function findCollection(
  term: string,
  collections: readonly WhitelistedCollection[],
): WhitelistedCollection | undefined {
  const needle = term.trim().toLowerCase();
  return collections.find((c) => c.contractAddress.toLowerCase() === needle);
}

/** SPEC §2: the top 10 trending searches that match a whitelisted collection's contract address, most searched first. */
export function matchTrending(
  trending: readonly TrendingSearch[],
  collections: readonly WhitelistedCollection[],
  limit = TRENDING_LIMIT,
): TrendingEntry[] {
  const seen = new Set<string>();
  const entries: TrendingEntry[] = [];
  for (const search of [...trending].sort((a, b) => b.searchCount - a.searchCount)) {
    const collection = findCollection(search.searchTerm, collections);
    if (!collection || seen.has(collection.id)) continue;
    seen.add(collection.id);
    entries.push({
      rank: entries.length + 1,
      searchTerm: search.searchTerm,
      searchCount: search.searchCount,
      collection,
    });
    if (entries.length >= limit) break;
  }
  return entries;
}

/** The card badge reads '#rank' for a trending collection, else 'Featured'. */
export function collectionBadge(
  collection: WhitelistedCollection,
  trending: readonly TrendingEntry[],
): string {
  const entry = trending.find((t) => t.collection.id === collection.id);
  return entry ? `#${entry.rank}` : 'Featured';
}

export interface HomeStats {
  featured: number;
  trendingNow: number;
  networks: number;
  totalSearches: number;
}

export function homeStats(
  collections: readonly WhitelistedCollection[],
  trending: readonly TrendingSearch[],
  matched: readonly TrendingEntry[],
): HomeStats {
  return {
    featured: collections.length,
    trendingNow: matched.length,
    networks: SUPPORTED_NETWORK_COUNT,
    totalSearches: trending.reduce((sum, t) => sum + (Number.isFinite(t.searchCount) ? t.searchCount : 0), 0),
  };
}

export function isLongDescription(text: string): boolean {
  return text.length > DESCRIPTION_COLLAPSE_CHARS;
}
