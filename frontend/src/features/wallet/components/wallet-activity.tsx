import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { CursorPage, Network, Nft } from '@nexus/contract';
import {
  ActivityTable,
  HeldSinceText,
  LoadMore,
  NOT_INDEXED,
  readPages,
} from '../../../components/activity-parts';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-client';
import { formatCount, shortenAddress } from '../../../lib/format';
import { walletActivityQuery, walletHeldQuery } from '../api/wallet-activity';
import { TableHead } from '../../../components/table-head';
import '../../../components/activity.css';

interface WalletIndexProps {
  network: Network;
  walletAddress: string;
  /** The wallet's NFTs as its scan found them: the names of their collections and tokens. */
  nfts: readonly Nft[];
}

/** Contract (lower case) -> the collection's name, as the wallet's scan named it. */
function useCollectionNames(nfts: readonly Nft[]): (contract: string) => string {
  const names = useMemo(() => {
    const byContract = new Map<string, string>();
    for (const nft of nfts) {
      const contract = nft.contract.address.toLowerCase();
      if (!byContract.has(contract) && nft.contract.name) byContract.set(contract, nft.contract.name);
    }
    return byContract;
  }, [nfts]);
  return (contract) => names.get(contract.toLowerCase()) ?? shortenAddress(contract);
}

interface ListTexts {
  loading: string;
  /** What failed to load: "<failed> unavailable: <reason>". */
  failed: string;
  unindexedTestId: string;
  empty: string;
}

const LIST_TEXTS: Record<'activity' | 'held', ListTexts> = {
  activity: {
    loading: 'Loading activity...',
    failed: 'Activity',
    unindexedTestId: 'wallet-activity-unindexed',
    empty: 'No transfer of this wallet is indexed yet.',
  },
  held: {
    loading: 'Loading what this wallet holds...',
    failed: 'Holdings',
    unindexedTestId: 'wallet-held-unindexed',
    empty: 'No NFT of this wallet is indexed yet.',
  },
};

/**
 * What a wallet list shows in place of its rows while it loads, when it failed, when the index does
 * not cover the network, or when it has none; null when it has rows to show.
 */
function listPlaceholder(
  list: UseInfiniteQueryResult<InfiniteData<CursorPage<unknown>>>,
  texts: ListTexts,
): ReactNode {
  if (list.isPending) return <Spinner label={texts.loading} />;
  if (list.isError)
    return (
      <p className="muted">
        {texts.failed} unavailable: {errorText(list.error, 'request failed')}
      </p>
    );
  if (list.data.pages[0]?.indexed === false) {
    return (
      <p className="muted" data-testid={texts.unindexedTestId}>
        {NOT_INDEXED}
      </p>
    );
  }
  if (list.data.pages.every((page) => page.items.length === 0)) return <p className="muted">{texts.empty}</p>;
  return null;
}

/** The wallet's mints, transfers and burns across its collections, newest first, paged by cursor. */
export function WalletActivity({ network, walletAddress, nfts }: WalletIndexProps) {
  const feed = useInfiniteQuery(walletActivityQuery(network, walletAddress));
  const collectionName = useCollectionNames(nfts);
  const { items: events, names } = readPages(feed.data?.pages);
  const placeholder = listPlaceholder(feed, LIST_TEXTS.activity);
  if (placeholder) return placeholder;
  return (
    <div className="activity">
      <ActivityTable
        network={network}
        events={events}
        names={names}
        showToken
        collectionName={collectionName}
        caption="What this wallet minted, sent, received and burned, newest first"
        testId="wallet-activity"
      />
      <LoadMore list={feed} label="Load more activity" testId="wallet-activity-more" />
    </div>
  );
}

/** Each NFT the index says the wallet holds, with since when (the transfer that gave it the token). */
export function WalletHeldSince({ network, walletAddress, nfts }: WalletIndexProps) {
  const held = useInfiniteQuery(walletHeldQuery(network, walletAddress));
  const collectionName = useCollectionNames(nfts);
  const tokenNames = useMemo(
    () => new Map(nfts.map((nft) => [`${nft.contract.address.toLowerCase()}:${nft.tokenId}`, nft.name])),
    [nfts],
  );
  const { items } = readPages(held.data?.pages);
  const placeholder = listPlaceholder(held, LIST_TEXTS.held);
  if (placeholder) return placeholder;
  return (
    <div className="activity">
      <div className="activity__scroll">
        <table className="activity__table" data-testid="wallet-held">
          <caption className="sr-only">The wallet&apos;s NFTs with since when it holds each</caption>
          <TableHead columns={['Collection', 'NFT', 'Held since']} />
          <tbody>
            {items.map((item) => (
              <tr key={`${item.contract}:${item.tokenId}`} data-testid="wallet-held-row">
                <td className="activity__collection" title={item.contract}>
                  {collectionName(item.contract)}
                </td>
                <td className="activity__token">
                  {tokenNames.get(`${item.contract}:${item.tokenId}`) || `#${item.tokenId}`}
                  {item.standard === 'ERC-1155' ? (
                    <span className="muted"> ×{formatCount(item.balance)}</span>
                  ) : null}
                </td>
                <td data-testid="wallet-held-since">
                  <HeldSinceText since={item.since} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore list={held} label="Load more NFTs" testId="wallet-held-more" />
    </div>
  );
}
