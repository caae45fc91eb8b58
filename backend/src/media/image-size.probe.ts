/** Width and height an image's header declares, in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The most pixels a PNG, JPEG, GIF or WebP may declare (about 7000 × 7000). A browser decodes an
 * image into width × height × 4 bytes whatever the file's size: a 60000 × 60000 PNG of a few
 * kilobytes asks for 14 GB.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

export function exceedsPixelLimit(size: ImageSize): boolean {
  return size.width * size.height > MAX_IMAGE_PIXELS;
}

/** How a refusal words an image over the limit. */
export function pixelLimitMessage(size: ImageSize): string {
  return (
    `The image is ${size.width}×${size.height} pixels; images may have at most ` +
    `${MAX_IMAGE_PIXELS / 1_000_000} megapixels`
  );
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG start-of-frame markers (all but DHT C4, JPG C8 and DAC CC among C0–CF) carry the frame's size. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers without a length: RSTn, SOI, TEM. */
function isStandalone(marker: number): boolean {
  return (marker >= 0xd0 && marker <= 0xd8) || marker === 0x01;
}

type Format = 'png' | 'gif' | 'webp' | 'jpeg';

/**
 * Reads the size a PNG (IHDR), GIF (logical screen), WebP (VP8, VP8L, VP8X) or JPEG (SOFn) declares
 * from its first bytes, fed chunk by chunk as they stream in: nothing but a few header bytes is
 * held, however far into the file a JPEG's frame header lies (segments before it are skipped by
 * their lengths, and bytes that are no marker are passed over the way libjpeg passes them).
 *
 * `push` and `end` answer the size once it is known, null when the bytes are none of these formats
 * or declare no size a decoder would use, undefined while more bytes are needed.
 */
export class ImageSizeProbe {
  private result: ImageSize | null | undefined;
  private format: Format | undefined;
  /** Bytes received and not yet consumed (a header, or a JPEG marker being read). */
  private pending: Buffer = Buffer.alloc(0);
  /** JPEG: bytes of the current segment still to be passed over. */
  private skip = 0;

  push(chunk: Uint8Array): ImageSize | null | undefined {
    if (this.result !== undefined) return this.result;
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.skip > 0) {
      const skipped = Math.min(this.skip, bytes.length);
      this.skip -= skipped;
      bytes = bytes.subarray(skipped);
    }
    this.pending = this.pending.length === 0 ? bytes : Buffer.concat([this.pending, bytes]);
    this.result = this.read();
    // What is kept is a few header bytes: a copy, so that the caller may reuse its chunk.
    if (this.result === undefined) this.pending = Buffer.from(this.pending);
    return this.result;
  }

  /** No more bytes: a header not complete by now declares nothing. */
  end(): ImageSize | null {
    this.result ??= null;
    return this.result;
  }

  private read(): ImageSize | null | undefined {
    const b = this.pending;
    if (this.format === undefined) {
      if (b.length < 12) return this.mayStillBe(b) ? undefined : null;
      this.format = this.detect(b);
      if (this.format === undefined) return null;
      if (this.format === 'jpeg') this.pending = b.subarray(2);
    }
    switch (this.format) {
      case 'png':
        if (b.length < 24) return undefined;
        return b.toString('latin1', 12, 16) === 'IHDR'
          ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
          : null;
      case 'gif':
        return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
      case 'webp':
        return this.readWebp(b);
      case 'jpeg':
        return this.readJpeg();
    }
  }

  /** Fewer than 12 bytes so far: could they still start one of the formats? */
  private mayStillBe(b: Buffer): boolean {
    const prefixOf = (signature: Buffer): boolean =>
      b.subarray(0, signature.length).equals(signature.subarray(0, b.length));
    return (
      prefixOf(PNG) ||
      prefixOf(Buffer.from('GIF87a', 'latin1')) ||
      prefixOf(Buffer.from('GIF89a', 'latin1')) ||
      prefixOf(Buffer.from([0xff, 0xd8])) ||
      prefixOf(Buffer.from('RIFF', 'latin1'))
    );
  }

  private detect(b: Buffer): Format | undefined {
    if (b.subarray(0, 8).equals(PNG)) return 'png';
    const head = b.toString('latin1', 0, 6);
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
    if (b[0] === 0xff && b[1] === 0xd8) return 'jpeg';
    if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
    return undefined;
  }

  private readWebp(b: Buffer): ImageSize | null | undefined {
    if (b.length < 30) return undefined;
    switch (b.toString('latin1', 12, 16)) {
      case 'VP8 ':
        // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
        if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
        return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
      case 'VP8L': {
        if (b[20] !== 0x2f) return null;
        const bits = b.readUInt32LE(21);
        return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      }
      case 'VP8X':
        return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
      default:
        return null;
    }
  }

  /** Walks the markers after SOI until a frame header; `pending` starts where a marker may begin. */
  private readJpeg(): ImageSize | null | undefined {
    for (;;) {
      const b = this.pending;
      // Anything but 0xFF where a marker should start is passed over, as libjpeg does.
      const start = b.indexOf(0xff);
      if (start < 0) {
        this.pending = Buffer.alloc(0);
        return undefined;
      }
      let at = start;
      while (at < b.length && b[at] === 0xff) at++; // fill bytes
      if (at >= b.length) {
        this.pending = b.subarray(at - 1);
        return undefined;
      }
      const marker = b[at]!;
      const afterMarker = at + 1;
      if (marker === 0x00 || isStandalone(marker)) {
        this.pending = b.subarray(afterMarker);
        continue;
      }
      // End of image, or image data before any frame header: no size a decoder would use.
      if (marker === 0xd9 || marker === 0xda) return null;
      if (isStartOfFrame(marker)) {
        // Length (2), precision (1), height (2), width (2).
        if (b.length < afterMarker + 7) {
          this.pending = b.subarray(start);
          return undefined;
        }
        return { width: b.readUInt16BE(afterMarker + 5), height: b.readUInt16BE(afterMarker + 3) };
      }
      if (b.length < afterMarker + 2) {
        this.pending = b.subarray(start);
        return undefined;
      }
      const length = b.readUInt16BE(afterMarker);
      if (length < 2) return null;
      const segmentEnd = afterMarker + length;
      if (segmentEnd <= b.length) {
        this.pending = b.subarray(segmentEnd);
      } else {
        this.skip = segmentEnd - b.length;
        this.pending = Buffer.alloc(0);
        return undefined;
      }
    }
  }
}

/** The size a whole file's header declares (see ImageSizeProbe). */
export function readImageSize(bytes: Uint8Array): ImageSize | null {
  const probe = new ImageSizeProbe();
  return probe.push(bytes) ?? probe.end();
}
