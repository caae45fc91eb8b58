import type { CollectionSummary, Nft } from '@nexus/contract';
import { filterByText } from './filter-by-text';

export const SAMPLE_NFTS_PER_COLLECTION = 4;

/** Copies of an NFT held: its ERC-1155 balance, 1 otherwise. */
export function heldQuantity(nft: Pick<Nft, 'balance'>): number {
  return nft.balance !== undefined && nft.balance > 1 ? Math.floor(nft.balance) : 1;
}

/** The collection's name as marketplaces show it (OpenSea's, when the source knows it), else the contract's. */
function rawCollectionName(nft: Nft): string {
  return nft.collection?.name || nft.contract?.openSeaMetadata?.collectionName || nft.contract?.name || '';
}

/** Group a wallet's NFTs by contract, named by `rawCollectionName` (possibly empty). */
export function groupByContract(nfts: readonly Nft[]): CollectionSummary[] {
  const groups = new Map<string, { name: string; contractAddress: string; nfts: Nft[] }>();
  for (const nft of nfts) {
    const contractAddress = nft.contract?.address ?? '';
    const key = contractAddress.toLowerCase();
    const group = groups.get(key);
    if (group) {
      group.nfts.push(nft);
      if (!group.name) group.name = rawCollectionName(nft);
    } else {
      groups.set(key, { name: rawCollectionName(nft), contractAddress, nfts: [nft] });
    }
  }
  return [...groups.values()].map((group) => ({
    name: group.name,
    contractAddress: group.contractAddress,
    count: group.nfts.length,
    quantity: group.nfts.reduce((sum, nft) => sum + heldQuantity(nft), 0),
    sampleNFTs: group.nfts.slice(0, SAMPLE_NFTS_PER_COLLECTION),
  }));
}

/** SPEC §9: the featured collection first, then by name, then by count (descending). */
export function sortWalletCollections(
  collections: readonly CollectionSummary[],
  featuredContracts: ReadonlySet<string>,
): CollectionSummary[] {
  const featured = (c: CollectionSummary) => (featuredContracts.has(c.contractAddress.toLowerCase()) ? 0 : 1);
  return [...collections].sort(
    (a, b) =>
      featured(a) - featured(b) ||
      (a.name || a.contractAddress).localeCompare(b.name || b.contractAddress, 'en', {
        sensitivity: 'base',
      }) ||
      b.count - a.count,
  );
}

/** Search box of the wallet list: by name or contract address. */
export function filterWalletCollections(
  collections: readonly CollectionSummary[],
  query: string,
): CollectionSummary[] {
  return filterByText(collections, query, (c) => [c.name, c.contractAddress]);
}
