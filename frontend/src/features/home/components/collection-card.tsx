import { useState } from 'react';
import { isNetwork, networkShortCode, type WhitelistedCollection } from '@nexus/contract';
import { shortenAddress } from '../../../lib/format';
import { mediaImageUrl } from '../../../lib/image-url';
import { isLongDescription } from '../home-logic';

interface CollectionCardProps {
  collection: WhitelistedCollection;
  badge: string;
  onExplore: (collection: WhitelistedCollection) => void;
}

export function CollectionCard({ collection, badge, onExplore }: CollectionCardProps) {
  const [expanded, setExpanded] = useState(false);
  const [bannerFailed, setBannerFailed] = useState(false);
  const [logoFailed, setLogoFailed] = useState(false);
  const banner = mediaImageUrl(collection.bannerUrl);
  const logo = mediaImageUrl(collection.logoUrl);
  const long = isLongDescription(collection.description);
  const searchable = isNetwork(collection.network);

  return (
    <article className="collection-card" data-testid="featured-card">
      <div className="collection-card__banner">
        {banner && !bannerFailed ? (
          <img src={banner} alt="" loading="lazy" onError={() => setBannerFailed(true)} />
        ) : (
          <span className="collection-card__banner-fallback" aria-hidden="true" />
        )}
        <span
          className={`collection-card__badge${badge === 'Featured' ? '' : ' collection-card__badge--trending'}`}
        >
          {badge}
        </span>
      </div>
      <div className="collection-card__body">
        <div className="collection-card__identity">
          {logo && !logoFailed ? (
            <img
              className="collection-card__logo"
              src={logo}
              alt=""
              loading="lazy"
              onError={() => setLogoFailed(true)}
            />
          ) : (
            <span className="collection-card__logo collection-card__logo--empty" aria-hidden="true">
              {collection.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="collection-card__title">
            <h3>{collection.name}</h3>
            <span className={`network-badge network-badge--${collection.network}`}>
              {networkShortCode(collection.network)}
            </span>
          </div>
        </div>
        {collection.description ? (
          <p
            className={`collection-card__description${long && !expanded ? ' collection-card__description--clamped' : ''}`}
          >
            {collection.description}
          </p>
        ) : null}
        {long ? (
          <button
            type="button"
            className="button button--link"
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? 'Show less' : 'Show more'}
          </button>
        ) : null}
        <code className="collection-card__address" title={collection.contractAddress}>
          {shortenAddress(collection.contractAddress)}
        </code>
        <button
          type="button"
          className="button button--primary collection-card__explore"
          disabled={!searchable}
          onClick={() => onExplore(collection)}
        >
          {searchable ? 'Explore Collection' : 'Coming Soon'}
        </button>
      </div>
    </article>
  );
}
