export type MediaKind = 'image' | 'video';

export interface SniffedMedia {
  /** The content type we serve the bytes with. */
  mime: string;
  kind: MediaKind;
  /** File extension with the dot, for stored object keys. */
  extension: string;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
// ISO base media files that are still images, not movies.
const IMAGE_BRANDS = new Set([
  'avif',
  'avis',
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
]);
const SVG_HEAD_BYTES = 4096;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.subarray(start, end)).toString('latin1');
}

/** The root element is <svg>, after an optional BOM, XML declaration, comments and doctype. */
function isSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, SVG_HEAD_BYTES)).toString('utf8');
  if (head.includes('\u0000')) return false;
  let text = head.replace(/^\uFEFF/, '').trimStart();
  for (;;) {
    let end: number;
    if (text.startsWith('<?')) end = text.indexOf('?>') + 2;
    else if (text.startsWith('<!--')) end = text.indexOf('-->') + 3;
    else if (/^<!doctype/i.test(text)) {
      const subset = text.indexOf('[');
      const close = text.indexOf('>');
      end = subset >= 0 && subset < close ? text.indexOf(']>') + 2 : close + 1;
    } else break;
    if (end <= 1) return false;
    text = text.slice(end).trimStart();
  }
  return /^<svg[\s>/]/i.test(text);
}

/**
 * What a file is, judged by its bytes only (never by a declared type or name). Accepts PNG, JPEG,
 * GIF, WEBP and SVG images and MP4, MOV, WEBM and AVI videos; null for anything else.
 */
export function sniffMediaType(bytes: Uint8Array): SniffedMedia | null {
  if (startsWith(bytes, PNG)) return { mime: 'image/png', kind: 'image', extension: '.png' };
  if (startsWith(bytes, JPEG)) return { mime: 'image/jpeg', kind: 'image', extension: '.jpg' };
  const six = ascii(bytes, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return { mime: 'image/gif', kind: 'image', extension: '.gif' };
  if (ascii(bytes, 0, 4) === 'RIFF') {
    const form = ascii(bytes, 8, 12);
    if (form === 'WEBP') return { mime: 'image/webp', kind: 'image', extension: '.webp' };
    if (form === 'AVI ') return { mime: 'video/x-msvideo', kind: 'video', extension: '.avi' };
    return null;
  }
  if (ascii(bytes, 4, 8) === 'ftyp' && bytes.length >= 12) {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'qt  ') return { mime: 'video/quicktime', kind: 'video', extension: '.mov' };
    if (IMAGE_BRANDS.has(brand)) return null;
    return { mime: 'video/mp4', kind: 'video', extension: '.mp4' };
  }
  if (startsWith(bytes, EBML)) {
    // The EBML header names its DocType near the start; Matroska files that are not WebM are refused.
    return ascii(bytes, 4, 64).includes('webm')
      ? { mime: 'video/webm', kind: 'video', extension: '.webm' }
      : null;
  }
  if (isSvg(bytes)) return { mime: 'image/svg+xml', kind: 'image', extension: '.svg' };
  return null;
}
