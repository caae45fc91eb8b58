import { useState } from 'react';
import type { WhitelistedCollection } from '@nexus/contract';
import { NetworkBadge } from '../../../components/network-badge';
import { shortenAddress } from '../../../lib/format';
import { mediaImageUrl } from '../../../lib/image-url';

interface WhitelistedListProps {
  collections: WhitelistedCollection[];
  onSelect: (collection: WhitelistedCollection) => void;
}

/** SPEC §2: collapsible 'Whitelisted Collections' list with its count. */
export function WhitelistedList({ collections, onSelect }: WhitelistedListProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="whitelisted" data-testid="whitelisted-collections">
      <button
        type="button"
        className="whitelisted__toggle"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span>Whitelisted Collections</span>
        <span className="count-badge">{collections.length}</span>
        <span className={`chevron${open ? ' chevron--open' : ''}`} aria-hidden="true" />
      </button>
      {open ? (
        collections.length === 0 ? (
          <p className="whitelisted__empty">No collections found</p>
        ) : (
          <ul className="whitelisted__list">
            {collections.map((collection) => {
              const logo = mediaImageUrl(collection.logoUrl);
              return (
                <li key={collection.id}>
                  <button type="button" className="whitelisted__item" onClick={() => onSelect(collection)}>
                    {logo ? (
                      <img className="whitelisted__logo" src={logo} alt="" loading="lazy" />
                    ) : (
                      <span className="whitelisted__logo whitelisted__logo--empty" aria-hidden="true" />
                    )}
                    <span className="truncate whitelisted__name">{collection.name}</span>
                    <span className="whitelisted__address">{shortenAddress(collection.contractAddress)}</span>
                    <NetworkBadge network={collection.network} />
                  </button>
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </div>
  );
}
