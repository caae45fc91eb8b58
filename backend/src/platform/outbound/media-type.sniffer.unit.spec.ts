import { sniffMediaType } from './media-type.sniffer.js';

const bytes = (...parts: Array<string | number[]>): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const box = (brand: string): Buffer => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0], 'isommp41');

describe(sniffMediaType.name, () => {
  it.each([
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'), 'image/png', '.png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg', '.jpg'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif', '.gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif', '.gif'],
    ['WEBP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp', '.webp'],
    ['AVI', bytes('RIFF', [0x24, 0, 0, 0], 'AVI LIST'), 'video/x-msvideo', '.avi'],
    ['MP4', box('isom'), 'video/mp4', '.mp4'],
    ['MP4 (mp42)', box('mp42'), 'video/mp4', '.mp4'],
    ['MOV', box('qt  '), 'video/quicktime', '.mov'],
    [
      'WEBM',
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'),
      'video/webm',
      '.webm',
    ],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', '.svg'],
    [
      'SVG with XML declaration',
      bytes('<?xml version="1.0" encoding="UTF-8"?>\n<svg>'),
      'image/svg+xml',
      '.svg',
    ],
    [
      'SVG with BOM, comment and doctype',
      bytes(
        [0xef, 0xbb, 0xbf],
        '  <!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<SVG>',
      ),
      'image/svg+xml',
      '.svg',
    ],
    [
      'SVG with an internal doctype subset',
      bytes('<!DOCTYPE svg [ <!ENTITY a "b"> ]><svg>'),
      'image/svg+xml',
      '.svg',
    ],
  ])('recognises %s', (_name, input, mime, extension) => {
    expect(sniffMediaType(input)).toMatchObject({ mime, extension });
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['plain text', bytes('hello world')],
    ['HTML', bytes('<!DOCTYPE html><html><body><svg></svg></body></html>')],
    ['HTML that mentions svg later', bytes('<html><svg onload="x()">')],
    ['XML that is not SVG', bytes('<?xml version="1.0"?><rss></rss>')],
    ['a PDF', bytes('%PDF-1.7')],
    ['a ZIP', bytes([0x50, 0x4b, 0x03, 0x04])],
    ['an executable', bytes([0x7f], 'ELF')],
    ['a RIFF WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['an AVIF still image', box('avif')],
    ['a HEIC still image', box('heic')],
    ['Matroska that is not WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska')],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['binary that starts like SVG', bytes('<svg', [0, 0, 0])],
    ['an unterminated comment', bytes('<!-- <svg>')],
  ])('refuses %s', (_name, input) => {
    expect(sniffMediaType(input)).toBeNull();
  });

  it('classifies images and videos', () => {
    expect(sniffMediaType(box('isom'))?.kind).toBe('video');
    expect(sniffMediaType(bytes('GIF89a'))?.kind).toBe('image');
  });
});
