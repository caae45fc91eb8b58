import { extname } from 'node:path';

/** SPEC §5: uploads take PNG, JPG, GIF and WebP images (never SVG, which can carry script). */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** SPEC §5 promo videos: MP4, WEBM, MOV, AVI. */
export const UPLOAD_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-msvideo'] as const;

interface Names {
  /** Content types a client may declare for the file. */
  types: readonly string[];
  /** File name extensions it may carry. */
  extensions: readonly string[];
}

/**
 * What a file of each sniffed type may be called. MP4 and MOV share one container (ISO base media),
 * and browsers label either by its extension, so each accepts the other's names.
 */
const NAMES: Readonly<Record<string, Names>> = {
  'image/png': { types: ['image/png', 'image/x-png', 'image/apng'], extensions: ['.png', '.apng'] },
  'image/jpeg': {
    types: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
    extensions: ['.jpg', '.jpeg', '.jpe', '.jfif', '.pjpeg', '.pjp'],
  },
  'image/gif': { types: ['image/gif'], extensions: ['.gif'] },
  'image/webp': { types: ['image/webp'], extensions: ['.webp'] },
  'video/mp4': {
    types: ['video/mp4', 'video/x-m4v', 'application/mp4', 'video/quicktime'],
    extensions: ['.mp4', '.m4v', '.mov'],
  },
  'video/quicktime': { types: ['video/quicktime', 'video/mp4'], extensions: ['.mov', '.qt', '.mp4'] },
  'video/webm': { types: ['video/webm'], extensions: ['.webm'] },
  'video/x-msvideo': {
    types: ['video/x-msvideo', 'video/avi', 'video/msvideo', 'video/vnd.avi'],
    extensions: ['.avi'],
  },
};

/** Declared types that claim nothing (what a client sends when it does not know). */
const NO_CLAIM = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/**
 * False when what the client says about a file contradicts its bytes: a declared content type or a
 * file extension that names another type (a PNG renamed `.mp4`, an MP4 sent as `image/png`). A file
 * without an extension, or declared as octet-stream, claims nothing and is judged by its bytes alone.
 */
export function claimsMatchContent(sniffedType: string, declaredType: string, fileName: string): boolean {
  const names = NAMES[sniffedType];
  if (!names) return false;
  const declared = (declaredType.split(';')[0] ?? '').trim().toLowerCase();
  if (!NO_CLAIM.has(declared) && !names.types.includes(declared)) return false;
  const extension = extname(fileName).toLowerCase();
  return extension === '' || extension === '.' || names.extensions.includes(extension);
}
