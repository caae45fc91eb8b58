import { deflateSync } from 'node:zlib';

/** CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/**
 * A well-formed PNG that declares `width` × `height` (8-bit grey) with one compressed row of data:
 * small on disk however large it claims to be, as a "PNG bomb" is.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const row = deflateSync(Buffer.alloc(Math.min(width, 65_536) + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', row),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF header and logical screen of `width` × `height`, then the trailer. */
export function gifDeclaring(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0x3b])]);
}

function riff(chunkType: string, payload: Buffer): Buffer {
  const chunkHead = Buffer.alloc(8);
  chunkHead.write(chunkType, 0, 'latin1');
  chunkHead.writeUInt32LE(payload.length, 4);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), chunkHead, payload]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** A WebP whose first chunk is VP8X (extended), VP8L (lossless) or VP8 (lossy) of the given size. */
export function webpDeclaring(kind: 'VP8X' | 'VP8L' | 'VP8 ', width: number, height: number): Buffer {
  const payload = Buffer.alloc(16);
  if (kind === 'VP8X') {
    payload.writeUIntLE(width - 1, 4, 3);
    payload.writeUIntLE(height - 1, 7, 3);
  } else if (kind === 'VP8L') {
    payload[0] = 0x2f;
    payload.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  } else {
    payload.set([0x9d, 0x01, 0x2a], 3);
    payload.writeUInt16LE(width & 0x3fff, 6);
    payload.writeUInt16LE(height & 0x3fff, 8);
  }
  return riff(kind, payload);
}

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/**
 * A JPEG whose frame header (SOF0, or `sofMarker`) declares `width` × `height`, after an APP1
 * segment of `appBytes` (EXIF data can put the frame header tens of kilobytes into a file).
 */
export function jpegDeclaring(
  width: number,
  height: number,
  options: { appBytes?: number; sofMarker?: number; garbageBeforeFrame?: number } = {},
): Buffer {
  const sof = Buffer.alloc(9);
  sof[0] = 8;
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  sof[5] = 1;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.alloc(options.appBytes ?? 100, 0xff)),
    Buffer.alloc(options.garbageBeforeFrame ?? 0, 0x42),
    segment(options.sofMarker ?? 0xc0, sof),
    segment(0xda, Buffer.alloc(8)),
    Buffer.alloc(32, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);
}
