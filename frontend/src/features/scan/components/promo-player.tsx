import { useRef } from 'react';
import { PROMO_PLAYER, type PromoAsset } from '@nexus/contract';
import { isSafeLinkUrl, mediaImageUrl } from '../../../lib/image-url';
import { useConsentedPlayback } from '../../../lib/video-consent';

/** The promotional asset shown while a scan runs (SPEC §2 promo player): video or image, with its text. */
export function PromoPlayer({ asset }: { asset: PromoAsset }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const source = mediaImageUrl(asset.url);
  useConsentedPlayback(videoRef, asset.type === 'video' ? source : '');
  const link = asset.promotionalUrl.trim();
  const label = asset.title || asset.name;

  return (
    <figure className="promo-player" data-testid="promo-player" data-type={asset.type}>
      <div className="promo-player__media">
        {asset.type === 'video' ? (
          <video
            ref={videoRef}
            src={source}
            muted
            loop={PROMO_PLAYER.loop}
            playsInline
            preload="auto"
            aria-label={label}
          />
        ) : (
          <img src={source} alt={label} />
        )}
      </div>
      {asset.title || asset.description || link ? (
        <figcaption className="promo-player__text">
          {asset.title ? <strong className="promo-player__title">{asset.title}</strong> : null}
          {asset.description ? <span className="promo-player__description">{asset.description}</span> : null}
          {link && isSafeLinkUrl(link) ? (
            <a
              className="button button--ghost promo-player__link"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
            >
              Learn More ↗
            </a>
          ) : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
