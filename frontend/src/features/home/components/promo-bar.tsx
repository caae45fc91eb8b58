import { useRef } from 'react';
import { isSafeLinkUrl } from '../../../lib/image-url';
import { useConsentedPlayback } from '../../../lib/video-consent';
import { usePromoBarSettings } from '../api/promo-bar-settings';
import '../../../components/promo-bar.css';

/** SPEC §3: the button reads 'Go' when no text was set. */
export const DEFAULT_PROMO_BUTTON_TEXT = 'Go';

function isExternal(link: string): boolean {
  return !link.startsWith('/');
}

/** SPEC §2 promo bar above the featured content; hidden while loading, when inactive and on error. */
export function PromoBar() {
  const { data: settings, isError } = usePromoBarSettings();
  const videoRef = useRef<HTMLVideoElement>(null);
  const videoUrl = settings?.isActive && !isError ? settings.videoUrl : '';
  const playing = useConsentedPlayback(videoRef, videoUrl);
  if (!settings || isError || !settings.isActive) return null;

  const ownText = settings.buttonText.trim();
  const link = settings.buttonLink.trim();
  const linked = link !== '' && isSafeLinkUrl(link);
  const text = ownText || DEFAULT_PROMO_BUTTON_TEXT;
  // Without a link, the text is shown as a label (it leads nowhere, so it is no link); with neither
  // a link nor text nor a video the bar would be an empty box, and is not shown.
  if (!linked && !ownText && !settings.videoUrl) return null;
  const opacity = Math.min(100, Math.max(0, settings.videoOpacity)) / 100;

  return (
    <aside
      className={`promo-bar promo-bar--${settings.buttonPosition}`}
      aria-label="Promotion"
      data-testid="promo-bar"
    >
      {settings.videoUrl ? (
        <video
          ref={videoRef}
          className="promo-bar__video"
          src={settings.videoUrl}
          style={{ opacity }}
          muted
          loop
          playsInline
          preload={playing ? 'auto' : 'metadata'}
          aria-hidden="true"
          data-testid="promo-bar-video"
        />
      ) : null}
      {linked ? (
        <a
          className={`promo-bar__button promo-bar__button--${settings.buttonColor}`}
          href={link}
          {...(isExternal(link) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          data-testid="promo-bar-button"
        >
          {text}
        </a>
      ) : ownText ? (
        <span
          className={`promo-bar__button promo-bar__button--static promo-bar__button--${settings.buttonColor}`}
          data-testid="promo-bar-text"
        >
          {ownText}
        </span>
      ) : null}
    </aside>
  );
}
