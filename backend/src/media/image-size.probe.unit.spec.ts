import { PNG_BYTES } from '../platform/outbound/testing/loopback-server.fixture.js';
import { MEDIA } from '../uploads/testing/media-files.fixture.js';
import {
  exceedsPixelLimit,
  ImageSizeProbe,
  MAX_IMAGE_PIXELS,
  pixelLimitMessage,
  readImageSize,
} from './image-size.probe.js';
import { gifDeclaring, jpegDeclaring, pngDeclaring, webpDeclaring } from './testing/image-headers.fixture.js';

/** Feeds `bytes` to a fresh probe in chunks of `size` bytes. */
function probeInChunks(bytes: Buffer, size: number): ReturnType<ImageSizeProbe['end']> {
  const sut = new ImageSizeProbe();
  for (let at = 0; at < bytes.length; at += size) {
    const answer = sut.push(bytes.subarray(at, at + size));
    if (answer !== undefined) return answer;
  }
  return sut.end();
}

describe(ImageSizeProbe.name, () => {
  it.each([
    ['PNG', MEDIA.png],
    ['JPEG', MEDIA.jpeg],
    ['GIF', MEDIA.gif],
    ['lossless WebP', MEDIA.webp],
  ])('reads 1×1 from a real %s', (_kind, bytes) => {
    expect(readImageSize(bytes)).toEqual({ width: 1, height: 1 });
    expect(probeInChunks(bytes, 1)).toEqual({ width: 1, height: 1 });
  });

  it.each([
    ['PNG', pngDeclaring(60_000, 60_000), 60_000, 60_000],
    ['GIF', gifDeclaring(65_535, 1000), 65_535, 1000],
    ['VP8X WebP', webpDeclaring('VP8X', 16_000_000, 3), 16_000_000, 3],
    ['VP8L WebP', webpDeclaring('VP8L', 16_384, 16_384), 16_384, 16_384],
    ['VP8 WebP', webpDeclaring('VP8 ', 16_383, 200), 16_383, 200],
    ['JPEG (baseline)', jpegDeclaring(65_000, 64_000), 65_000, 64_000],
    ['JPEG (progressive)', jpegDeclaring(1200, 300, { sofMarker: 0xc2 }), 1200, 300],
  ])('reads the size a %s declares, whole or byte by byte', (_kind, bytes, width, height) => {
    expect(readImageSize(bytes)).toEqual({ width, height });
    expect(probeInChunks(bytes, 1)).toEqual({ width, height });
    expect(probeInChunks(bytes, 7)).toEqual({ width, height });
  });

  it('finds a JPEG frame header behind 200 KB of metadata while holding only a few bytes', () => {
    const bytes = jpegDeclaring(9000, 9000, { appBytes: 65_000 });
    const padded = Buffer.concat([
      bytes.subarray(0, 2),
      // Three more 65 KB APP segments, as ICC profiles and XMP packets come.
      ...[0xe2, 0xe2, 0xed].map((marker) => {
        const head = Buffer.from([0xff, marker, 0xfd, 0xea]);
        return Buffer.concat([head, Buffer.alloc(0xfde8, 0xff)]);
      }),
      bytes.subarray(2),
    ]);
    const sut = new ImageSizeProbe();
    let answer: ReturnType<ImageSizeProbe['push']>;
    for (let at = 0; at < padded.length; at += 4096) {
      answer = sut.push(padded.subarray(at, at + 4096));
      if (answer !== undefined) break;
      expect((sut as unknown as { pending: Buffer }).pending.length).toBeLessThan(16);
    }
    expect(answer).toEqual({ width: 9000, height: 9000 });
  });

  it('passes over bytes that are no marker before the frame header, as libjpeg does', () => {
    expect(readImageSize(jpegDeclaring(20_000, 20_000, { garbageBeforeFrame: 37 }))).toEqual({
      width: 20_000,
      height: 20_000,
    });
  });

  it.each([
    ['an SVG', MEDIA.svg],
    ['an MP4', MEDIA.mp4],
    ['a PDF', MEDIA.pdf],
    ['nothing', Buffer.alloc(0)],
    [
      'a PNG whose first chunk is not IHDR',
      Buffer.concat([PNG_BYTES.subarray(0, 12), Buffer.from('IDAT'), Buffer.alloc(16)]),
    ],
    [
      'a JPEG with image data before any frame header',
      Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 4, 1, 2, 0xff, 0xd9]),
    ],
    ['a JPEG cut before its frame header', jpegDeclaring(10, 10).subarray(0, 30)],
    [
      'a WebP with an unknown first chunk',
      Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPALPH'), Buffer.alloc(20)]),
    ],
  ])('declares no size for %s', (_case, bytes) => {
    expect(readImageSize(bytes)).toBeNull();
  });

  it('puts the limit at 50 megapixels', () => {
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    expect(exceedsPixelLimit({ width: 10_000, height: 5000 })).toBe(false);
    expect(exceedsPixelLimit({ width: 10_000, height: 5001 })).toBe(true);
    expect(pixelLimitMessage({ width: 60_000, height: 60_000 })).toBe(
      'The image is 60000×60000 pixels; images may have at most 50 megapixels',
    );
  });
});
