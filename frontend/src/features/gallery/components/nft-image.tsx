import { useState } from 'react';
import { mediaImageUrl } from '../../../lib/image-url';

/** Shown when an NFT has no image or its image fails to load (SPEC §4). */
export const NFT_PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><rect width="100" height="100" fill="#0b1020"/>' +
      '<path d="M50 30 66 50 50 70 34 50Z" fill="none" stroke="#6b7690" stroke-width="2.5"/>' +
      '<text x="50" y="86" font-family="sans-serif" font-size="8" fill="#6b7690" text-anchor="middle">No image</text></svg>',
  );

interface NftImageProps {
  src: string;
  /** Tried when `src` fails (the original URL behind a provider's cached copy). */
  fallback?: string;
  alt: string;
  className?: string;
  eager?: boolean;
}

export function NftImage({ src, fallback, alt, className, eager }: NftImageProps) {
  const candidates = [mediaImageUrl(src), fallback ? mediaImageUrl(fallback) : ''].filter(Boolean);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const url = candidates.find((candidate) => !failed.has(candidate)) ?? '';
  const missing = url === '';

  return (
    <div className={`nft-image${missing ? ' nft-image--missing' : ''}${className ? ` ${className}` : ''}`}>
      <img
        src={missing ? NFT_PLACEHOLDER_IMAGE : url}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => {
          if (!missing) setFailed((previous) => new Set(previous).add(url));
        }}
      />
    </div>
  );
}
