import { promisify } from 'node:util';
import { constants, deflateRaw } from 'node:zlib';

/**
 * HTTP `Content-Encoding: deflate` (a zlib stream, RFC 1950/1951) for answers whose large part is
 * compressed once, when it is cached, and whose small parts change on every request.
 *
 * The large part is compressed as raw deflate blocks ending on a sync flush: byte-aligned, none of
 * them final, and referring only to its own bytes. Such blocks stay valid anywhere in a stream, so
 * an answer is: the zlib header, the small parts as stored (uncompressed) blocks around the
 * precompressed one, a final empty block, and the Adler-32 of the whole text, combined from the
 * parts' own checksums without reading the large part again.
 */
export interface DeflatedPart {
  /** Raw deflate blocks, none final, ending byte-aligned (Z_SYNC_FLUSH). */
  bytes: Buffer;
  /** Adler-32 of the uncompressed bytes. */
  adler32: number;
  /** Length of the uncompressed bytes. */
  length: number;
}

const ADLER_MOD = 65521;
/** Bytes that can be summed before the 32-bit sums must be reduced (zlib's NMAX). */
const ADLER_RUN = 5552;
const STORED_MAX = 0xffff;
/** zlib header: deflate, 32 KiB window, default level, no dictionary (0x789c, a multiple of 31). */
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);

const deflateRawAsync = promisify(deflateRaw);

/** Adler-32 of `bytes`, continuing from `adler` (1 for a new checksum). */
export function adler32(bytes: Uint8Array, adler = 1): number {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  for (let start = 0; start < bytes.length; start += ADLER_RUN) {
    const end = Math.min(start + ADLER_RUN, bytes.length);
    for (let i = start; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= ADLER_MOD;
    b %= ADLER_MOD;
  }
  return ((b << 16) | a) >>> 0;
}

/** Adler-32 of A followed by B, from Adler-32(A), Adler-32(B) and B's length. */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_MOD;
  const a1 = first & 0xffff;
  const b1 = first >>> 16;
  const a2 = second & 0xffff;
  const b2 = second >>> 16;
  const a = (a1 + a2 + ADLER_MOD - 1) % ADLER_MOD;
  const b = (((rem * a1) % ADLER_MOD) + b1 + b2 + ADLER_MOD - rem) % ADLER_MOD;
  return ((b << 16) | a) >>> 0;
}

/** Compresses a large part once (off the event loop) so it can sit inside any deflate answer. */
export async function deflatePart(text: string | Buffer, level = 6): Promise<DeflatedPart> {
  const raw = typeof text === 'string' ? Buffer.from(text) : text;
  const bytes = await deflateRawAsync(raw, { level, finishFlush: constants.Z_SYNC_FLUSH });
  return { bytes, adler32: adler32(raw), length: raw.length };
}

/** Stored blocks for `bytes` (several when longer than 65,535 bytes). */
function storedBlocks(bytes: Buffer, final: boolean): Buffer[] {
  const blocks: Buffer[] = [];
  let offset = 0;
  do {
    const length = Math.min(STORED_MAX, bytes.length - offset);
    const last = final && offset + length === bytes.length;
    const header = Buffer.alloc(5);
    header[0] = last ? 1 : 0;
    header.writeUInt16LE(length, 1);
    header.writeUInt16LE(~length & 0xffff, 3);
    blocks.push(header, bytes.subarray(offset, offset + length));
    offset += length;
  } while (offset < bytes.length);
  return blocks;
}

/** The zlib header and the parts in order (plain parts stored), with the Adler-32 of their text. */
function deflateStart(parts: Array<string | Buffer | DeflatedPart>): { chunks: Buffer[]; checksum: number } {
  const chunks: Buffer[] = [ZLIB_HEADER];
  let checksum = 1;
  for (const part of parts) {
    if (typeof part === 'string' || Buffer.isBuffer(part)) {
      const bytes = typeof part === 'string' ? Buffer.from(part) : part;
      if (bytes.length === 0) continue;
      chunks.push(...storedBlocks(bytes, false));
      checksum = adler32(bytes, checksum);
    } else {
      chunks.push(part.bytes);
      checksum = adler32Combine(checksum, part.adler32, part.length);
    }
  }
  return { chunks, checksum };
}

/** A complete zlib stream of the parts in order: plain parts stored, compressed parts as they are. */
export function spliceDeflate(parts: Array<string | Buffer | DeflatedPart>): Buffer[] {
  const { chunks, checksum } = deflateStart(parts);
  chunks.push(...storedBlocks(Buffer.alloc(0), true));
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(checksum, 0);
  chunks.push(trailer);
  return chunks;
}

/**
 * The fixed start of a family of zlib streams (header and parts known in advance, e.g. `{"nfts":` and
 * a cached list), prepared once so each answer only adds its own end: see `finishDeflate`.
 */
export interface DeflateHead {
  /** Chunks to send as they are (the large compressed part is not copied). */
  chunks: Buffer[];
  /** Adler-32 of the uncompressed text so far. */
  adler32: number;
}

/** `spliceDeflate`'s work for the parts every answer starts with, done once. */
export function deflateHead(parts: Array<string | Buffer | DeflatedPart>): DeflateHead {
  const { chunks, checksum } = deflateStart(parts);
  // Small chunks side by side become one: fewer pieces for the socket to gather.
  const merged: Buffer[] = [];
  let small: Buffer[] = [];
  for (const chunk of chunks) {
    if (chunk.length >= 4096) {
      if (small.length > 0) merged.push(Buffer.concat(small));
      small = [];
      merged.push(chunk);
    } else {
      small.push(chunk);
    }
  }
  if (small.length > 0) merged.push(Buffer.concat(small));
  return { chunks: merged, adler32: checksum };
}

/** A complete zlib stream: `head`, then `tail` as stored blocks, the final block and the checksum. */
export function finishDeflate(head: DeflateHead, tail: string | Buffer): Buffer[] {
  const text = typeof tail === 'string' ? Buffer.from(tail) : tail;
  // A tail longer than one stored block (never, for a JSON answer's fields) gets blocks of its own.
  const blocks = text.length > STORED_MAX ? storedBlocks(text, false) : [];
  const inline = blocks.length === 0 && text.length > 0;
  // The usual short tail: its stored block, the final empty block and the checksum in one buffer.
  const last = Buffer.allocUnsafe((inline ? 5 + text.length : 0) + 9);
  let at = 0;
  if (inline) {
    last[0] = 0;
    last.writeUInt16LE(text.length, 1);
    last.writeUInt16LE(~text.length & 0xffff, 3);
    text.copy(last, 5);
    at = 5 + text.length;
  }
  last[at] = 1;
  last.writeUInt16LE(0, at + 1);
  last.writeUInt16LE(0xffff, at + 3);
  last.writeUInt32BE(adler32(text, head.adler32), at + 5);
  return [...head.chunks, ...blocks, last];
}
