import { useInfiniteQuery } from '@tanstack/react-query';
import type { Network } from '@nexus/contract';
import { errorText, isApiStatus } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { tokenHistoryQuery, tokenOwnersQuery } from '../api/activity-api';
import {
  ActivityTable,
  Address,
  HeldSinceText,
  LoadMore,
  NotIndexed,
  OwnerLink,
  readPages,
} from '../../../components/activity-parts';
import '../../../components/activity.css';

interface NftOwnershipProps {
  network: Network;
  contractAddress: string;
  tokenId: string;
  /** Opens the gallery filtered by this owner (absent: no link). */
  onOwner?: (owner: string) => void;
}

/**
 * What the transfer index knows of one token: its owner (ERC-1155: its holders, paged), since when
 * they hold it, and its mint, transfers and burns, paged by cursor.
 */
export function NftOwnership({ network, contractAddress, tokenId, onOwner }: NftOwnershipProps) {
  const owners = useInfiniteQuery(tokenOwnersQuery(network, contractAddress, tokenId));
  const history = useInfiniteQuery(tokenHistoryQuery(network, contractAddress, tokenId));
  const first = owners.data?.pages[0];
  const firstHistory = history.data?.pages[0];
  const notIndexed = first?.indexed === false || firstHistory?.indexed === false;

  if (notIndexed) {
    return (
      <section className="nft-detail__section activity" data-testid="nft-ownership">
        <h3>Owners and history</h3>
        <NotIndexed history={first?.history ?? firstHistory?.history} testId="nft-ownership-unindexed" />
      </section>
    );
  }

  const { items: holders, names: ownerNames } = readPages(owners.data?.pages);
  const { items: events, names: historyNames } = readPages(history.data?.pages);
  const erc1155 = first?.standard === 'ERC-1155';

  return (
    <section className="nft-detail__section activity" data-testid="nft-ownership">
      <h3>{erc1155 ? 'Holders' : 'Owner'}</h3>
      {owners.isPending ? (
        <p className="muted">Reading the owners…</p>
      ) : owners.isError ? (
        <p className="muted">Owners unavailable: {errorText(owners.error, 'request failed')}</p>
      ) : first?.burned ? (
        <p data-testid="nft-owner-burned">Burned: this token has no owner.</p>
      ) : holders.length === 0 ? (
        <p className="muted">No owner indexed for this token.</p>
      ) : (
        <>
          <ul className="activity__holders" data-testid="nft-holders">
            {holders.map((holder) => (
              <li key={holder.owner} data-testid="nft-holder">
                <Address value={holder.owner} names={ownerNames} testId="nft-holder-address" />
                {erc1155 ? <span className="activity__balance">×{formatCount(holder.balance)}</span> : null}
                <span className="activity__since" data-testid="nft-held-since">
                  held since <HeldSinceText since={holder.since} />
                </span>
                {onOwner ? <OwnerLink owner={holder.owner} onOwner={onOwner} /> : null}
              </li>
            ))}
          </ul>
          <LoadMore list={owners} label="Load more holders" testId="nft-holders-more" />
        </>
      )}

      <h3>History</h3>
      {history.isPending ? (
        <p className="muted">Reading the history…</p>
      ) : history.isError ? (
        <p className="muted">
          {isApiStatus(history.error, 404)
            ? 'No transfer of this token is indexed yet.'
            : `History unavailable: ${errorText(history.error, 'request failed')}`}
        </p>
      ) : events.length === 0 ? (
        <p className="muted">No transfer of this token is indexed yet.</p>
      ) : (
        <>
          <ActivityTable
            network={network}
            events={events}
            names={historyNames}
            showToken={false}
            caption="Mints, transfers and burns of this token, newest first"
            testId="nft-history"
          />
          <LoadMore list={history} label="Load more history" testId="nft-history-more" />
        </>
      )}
    </section>
  );
}
