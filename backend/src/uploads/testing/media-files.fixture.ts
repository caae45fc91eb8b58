import { mkdtemp, open, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PNG_BYTES } from '../../platform/outbound/testing/loopback-server.fixture.js';

const bytes = (...parts: Array<string | number[]>): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** An ISO base media box: 32-bit size, type, payload. */
const box = (type: string, payload: Buffer): Buffer => {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + payload.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), payload]);
};

/** The files the upload tests send, one of each kind the SPEC names (and some it refuses). */
export const MEDIA = {
  png: PNG_BYTES,
  /** A 1x1 baseline JPEG. */
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  /** A 1x1 transparent GIF. */
  gif: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  /** A 1x1 lossless WebP. */
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  /** An MP4 container: ftyp (isom) and an empty mdat. */
  mp4: Buffer.concat([
    box('ftyp', bytes('isom', [0, 0, 2, 0], 'isomiso2mp41')),
    box('mdat', Buffer.alloc(64)),
  ]),
  /** A QuickTime movie container. */
  mov: Buffer.concat([box('ftyp', bytes('qt  ', [0, 0, 2, 0], 'qt  ')), box('mdat', Buffer.alloc(64))]),
  /** A WebM EBML header (DocType webm). */
  webm: bytes(
    [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84],
    'webm',
    [0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02],
    Buffer.alloc(64).toString('latin1'),
  ),
  /** A RIFF AVI header. */
  avi: bytes(
    'RIFF',
    [0x64, 0, 0, 0],
    'AVI LIST',
    [0x20, 0, 0, 0],
    'hdrlavih',
    Buffer.alloc(72).toString('latin1'),
  ),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
  pdf: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\n'),
} as const;

/**
 * Writes `header` followed by zeros up to exactly `size` bytes, without holding the file in memory
 * (the zeros are a hole in a sparse file: a 100 MB file costs nothing to make).
 */
export async function writeSizedFile(
  dir: string,
  name: string,
  header: Buffer,
  size: number,
): Promise<string> {
  const path = join(dir, name);
  const file = await open(path, 'w');
  try {
    await file.write(header.subarray(0, size));
    await file.truncate(size);
  } finally {
    await file.close();
  }
  return path;
}

/**
 * A temporary folder (named from `prefix`) holding `sample.<kind>` for every MEDIA kind and an empty
 * `empty.<emptyExtension>`; `files` maps each kind, and `empty`, to its path.
 */
export async function writeMediaSamples(
  prefix: string,
  emptyExtension: string,
): Promise<{ dir: string; files: Record<string, string> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const files: Record<string, string> = {};
  for (const [kind, sample] of Object.entries(MEDIA)) {
    files[kind] = join(dir, `sample.${kind}`);
    await writeFile(files[kind], sample);
  }
  files.empty = join(dir, `empty.${emptyExtension}`);
  await writeFile(files.empty, Buffer.alloc(0));
  return { dir, files };
}
