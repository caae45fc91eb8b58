import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Network, Nft } from '@nexus/contract';
import {
  ActivityTable,
  HeldSinceText,
  LoadMore,
  NOT_INDEXED,
  pagesNames,
} from '../../../components/activity-parts';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-client';
import { shortenAddress } from '../../../lib/format';
import { walletActivityQuery, walletHeldQuery } from '../api/wallet-activity';
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

function Unindexed({ testId }: { testId: string }) {
  return (
    <p className="muted" data-testid={testId}>
      {NOT_INDEXED}
    </p>
  );
}

/** The wallet's mints, transfers and burns across its collections, newest first, paged by cursor. */
export function WalletActivity({ network, walletAddress, nfts }: WalletIndexProps) {
  const feed = useInfiniteQuery(walletActivityQuery(network, walletAddress));
  const collectionName = useCollectionNames(nfts);
  const events = feed.data?.pages.flatMap((page) => page.items) ?? [];
  if (feed.isPending) return <Spinner label="Loading activity..." />;
  if (feed.isError)
    return <p className="muted">Activity unavailable: {errorText(feed.error, 'request failed')}</p>;
  if (feed.data.pages[0]?.indexed === false) return <Unindexed testId="wallet-activity-unindexed" />;
  if (events.length === 0) return <p className="muted">No transfer of this wallet is indexed yet.</p>;
  return (
    <div className="activity">
      <ActivityTable
        network={network}
        events={events}
        names={pagesNames(feed.data.pages)}
        showToken
        collectionName={collectionName}
        caption="What this wallet minted, sent, received and burned, newest first"
        testId="wallet-activity"
      />
      <LoadMore
        hasMore={feed.hasNextPage}
        loading={feed.isFetchingNextPage}
        onLoad={() => void feed.fetchNextPage()}
        label="Load more activity"
        testId="wallet-activity-more"
      />
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
  const items = held.data?.pages.flatMap((page) => page.items) ?? [];
  if (held.isPending) return <Spinner label="Loading what this wallet holds..." />;
  if (held.isError)
    return <p className="muted">Holdings unavailable: {errorText(held.error, 'request failed')}</p>;
  if (held.data.pages[0]?.indexed === false) return <Unindexed testId="wallet-held-unindexed" />;
  if (items.length === 0) return <p className="muted">No NFT of this wallet is indexed yet.</p>;
  return (
    <div className="activity">
      <div className="activity__scroll">
        <table className="activity__table" data-testid="wallet-held">
          <caption className="sr-only">The wallet&apos;s NFTs with since when it holds each</caption>
          <thead>
            <tr>
              <th scope="col">Collection</th>
              <th scope="col">NFT</th>
              <th scope="col">Held since</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={`${item.contract}:${item.tokenId}`} data-testid="wallet-held-row">
                <td className="activity__collection" title={item.contract}>
                  {collectionName(item.contract)}
                </td>
                <td className="activity__token">
                  {tokenNames.get(`${item.contract}:${item.tokenId}`) || `#${item.tokenId}`}
                  {item.standard === 'ERC-1155' ? <span className="muted"> ×{item.balance}</span> : null}
                </td>
                <td data-testid="wallet-held-since">
                  <HeldSinceText since={item.since} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore
        hasMore={held.hasNextPage}
        loading={held.isFetchingNextPage}
        onLoad={() => void held.fetchNextPage()}
        label="Load more NFTs"
        testId="wallet-held-more"
      />
    </div>
  );
}
