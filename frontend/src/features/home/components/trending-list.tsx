import { isNetwork, type WhitelistedCollection } from '@nexus/contract';
import { EmptyState } from '../../../components/empty-state';
import { NetworkBadge } from '../../../components/network-badge';
import { formatCount, shortenAddress } from '../../../lib/format';
import { mediaImageUrl } from '../../../lib/image-url';
import type { TrendingEntry } from '../home-logic';

interface TrendingListProps {
  entries: TrendingEntry[];
  onExplore: (collection: WhitelistedCollection) => void;
}

export function TrendingList({ entries, onExplore }: TrendingListProps) {
  if (entries.length === 0) return <EmptyState title="No trending collections yet" icon="↗" />;
  return (
    <ol className="row-list" data-testid="trending-list">
      {entries.map((entry) => {
        const logo = mediaImageUrl(entry.collection.logoUrl);
        return (
          <li key={entry.collection.id}>
            <button
              type="button"
              className="card-button trending__row"
              disabled={!isNetwork(entry.collection.network)}
              onClick={() => onExplore(entry.collection)}
            >
              <span className="trending__rank">#{entry.rank}</span>
              {logo ? (
                <img className="trending__logo" src={logo} alt="" loading="lazy" />
              ) : (
                <span className="trending__logo trending__logo--empty" aria-hidden="true" />
              )}
              <span className="trending__text">
                <span className="truncate trending__name">{entry.collection.name}</span>
                <span className="trending__address">{shortenAddress(entry.collection.contractAddress)}</span>
              </span>
              <NetworkBadge network={entry.collection.network} />
              <span className="trending__count">
                {formatCount(entry.searchCount)} {entry.searchCount === 1 ? 'search' : 'searches'}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
