export const DownloadMessages = {
  title: 'Download Failed',
  default: 'Failed to download NFT image. The image might be protected or unavailable.',
  timeout: 'Download timed out. The image may be too large or server is slow.',
  cors: 'Image blocked by security policy. Try opening in new tab.',
  network: 'Network error. Check your connection and try again.',
  invalid: 'Invalid image URL. Cannot download this image.',
} as const;

/** SPEC §9: downloads time out after 30 s. */
export const DOWNLOAD_TIMEOUT_MS = 30_000;
export const SKIP_DOWNLOAD_WARNING_KEY = 'skipDownloadWarning';

export class InvalidImageUrlError extends Error {
  constructor() {
    super('Invalid image URL');
    this.name = 'InvalidImageUrlError';
  }
}

export class EmptyDownloadError extends Error {
  constructor() {
    super('The downloaded file is empty');
    this.name = 'EmptyDownloadError';
  }
}

/** Absolute http(s) URL of an image, or an InvalidImageUrlError (SPEC §5). */
export function downloadableUrl(imageUrl: string, base: string): URL {
  try {
    const url = new URL(imageUrl, base);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // fall through
  }
  throw new InvalidImageUrlError();
}

function errorName(error: unknown): string {
  return error instanceof Error || error instanceof DOMException ? error.name : '';
}

/** The SPEC §8 'Download Failed' description for an error. */
export function downloadFailureMessage(
  error: unknown,
  context: { online: boolean; crossOrigin: boolean },
): string {
  if (error instanceof InvalidImageUrlError) return DownloadMessages.invalid;
  const name = errorName(error);
  if (name === 'AbortError' || name === 'TimeoutError') return DownloadMessages.timeout;
  if (error instanceof TypeError) {
    if (!context.online) return DownloadMessages.network;
    // A cross-origin fetch refused by CORS surfaces as a bare TypeError.
    return context.crossOrigin ? DownloadMessages.cors : DownloadMessages.network;
  }
  return DownloadMessages.default;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/avif': 'avif',
};

/** `collection-name-123.png`: safe characters only. */
export function downloadFileName(collectionName: string, tokenId: string, contentType: string): string {
  const stem = `${collectionName || 'nft'}-${tokenId}`
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  const extension = EXTENSIONS[contentType.split(';')[0]?.trim().toLowerCase() ?? ''] ?? 'png';
  return `${stem || 'nft'}.${extension}`;
}
