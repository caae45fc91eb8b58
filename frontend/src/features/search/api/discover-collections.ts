import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { API_ROUTES, type DiscoveredCollection, type WhitelistedCollection } from '@nexus/contract';
import { whitelistedCollectionsQuery } from '../../../api/whitelisted-collections';
import { apiCall } from '../../../lib/api-client';
import { filterByText } from '../../../lib/filter-by-text';
import { SUGGEST_LIMIT } from '../search-validation';

export type { DiscoveredCollection };

/** A whitelisted collection as a suggestion: its logo is its image, and it is verified. */
function fromWhitelist({ name, contractAddress, network, logoUrl, description }: WhitelistedCollection) {
  return { name, contractAddress, network, imageUrl: logoUrl, description, verified: true };
}

export function filterWhitelistForSuggestions(
  collections: readonly WhitelistedCollection[],
  query: string,
  limit = SUGGEST_LIMIT,
): DiscoveredCollection[] {
  return filterByText(collections, query, (c) => [c.name, c.contractAddress])
    .slice(0, limit)
    .map(fromWhitelist);
}

/**
 * One suggestion per contract, and one per name on a network: a contract named like a listed
 * collection (a copycat the transfer index saw, an entry of another source) showed as the same row
 * twice. The API answers the best first (verified, then exact and prefix matches), so the first of
 * each is kept; a contract searched by its address is always kept.
 */
export function distinctSuggestions(
  found: readonly DiscoveredCollection[],
  term = '',
): DiscoveredCollection[] {
  const needle = term.trim().toLowerCase();
  const contracts = new Set<string>();
  const names = new Set<string>();
  return found.filter((c) => {
    const contract = `${c.network}:${c.contractAddress.toLowerCase()}`;
    const name = `${c.network}:${c.name.trim().toLowerCase()}`;
    const byAddress = needle.startsWith('0x') && c.contractAddress.toLowerCase().includes(needle);
    if (contracts.has(contract) || (!byAddress && c.name.trim() !== '' && names.has(name))) return false;
    contracts.add(contract);
    if (c.name.trim() !== '') names.add(name);
    return true;
  });
}

/** Suggestions from the API; when that call fails, the whitelist filtered by name or address (SPEC §7). */
export function suggestionsQuery(queryClient: QueryClient, query: string) {
  const term = query.trim();
  return queryOptions({
    queryKey: [API_ROUTES.discoverCollections.path, term],
    queryFn: async ({ signal }): Promise<DiscoveredCollection[]> => {
      try {
        const found = await apiCall(API_ROUTES.discoverCollections, {
          query: { query: term, limit: SUGGEST_LIMIT },
          signal,
        });
        return Array.isArray(found) ? distinctSuggestions(found, term).slice(0, SUGGEST_LIMIT) : [];
      } catch (error) {
        if (signal.aborted) throw error;
        const whitelist = await queryClient.fetchQuery(whitelistedCollectionsQuery).catch(() => []);
        return filterWhitelistForSuggestions(whitelist, term);
      }
    },
  });
}
