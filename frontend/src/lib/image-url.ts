import { API_ROUTES } from '@nexus/contract';

export const PUBLIC_IPFS_GATEWAY = 'https://ipfs.io/ipfs/';

/** Our image route: fetches, checks and caches any NFT or collection image (docs/API.md, Media). */
export const MEDIA_IMAGE_PATH = API_ROUTES.mediaImage.path;

/** SPEC §5: empty stays empty; ipfs:// goes through a public gateway; data: and others are unchanged. */
export function resolveImageUrl(url: string | null | undefined): string {
  if (!url) return '';
  const trimmed = url.trim();
  if (/^ipfs:\/\//i.test(trimmed)) {
    const path = trimmed.replace(/^ipfs:\/\//i, '').replace(/^ipfs\//i, '');
    return `${PUBLIC_IPFS_GATEWAY}${path}`;
  }
  return trimmed;
}

const PROXIED_SCHEMES = /^(ipfs|ar|https?):\/\//i;

/**
 * What an `<img>` (or a download) loads for an image address. Metadata and collection images are
 * untrusted and often slow: every one goes through our media route, never straight to a third-party
 * host or a public IPFS gateway (no visitor address leaks to them, one cache for all visitors, SVG
 * served inert). Same-origin paths (our route, uploaded media) and inline `data:image/` URLs, which
 * make no request, are kept; anything else (javascript:, protocol-relative, junk) gives ''.
 */
export function mediaImageUrl(url: string | null | undefined): string {
  if (!url) return '';
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  if (/^data:image\//i.test(trimmed)) return trimmed;
  if (PROXIED_SCHEMES.test(trimmed)) return `${MEDIA_IMAGE_PATH}?src=${encodeURIComponent(trimmed)}`;
  return '';
}

/** Only http(s) and same-origin paths may be opened or downloaded (metadata is untrusted). */
export function isSafeLinkUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
